import { describe, expect, it } from "vitest";
import { delistingAdvice, delistingLinkMark, delistingStep } from "@/lib/rules/delisting-marks";

// The words people read of the delisting checks (docs/payment-states.md, "After Quitado").

const line = (s: { text: string; note: string | null }) =>
  [s.text, s.note].filter(Boolean).join(" ");

describe("delistingStep: a paid debt's third step", () => {
  it("checking: the next check's São Paulo day and month, when one is planned", () => {
    // 02:00 UTC on the 3rd is still the 2nd in São Paulo.
    expect(
      line(
        delistingStep(
          { state: "checking" },
          { paidCents: 100, nextCheckAt: "2026-12-03T02:00:00Z" },
        ),
      ),
    ).toBe("Conferindo no órgão próxima conferência em 02/12");
    expect(line(delistingStep({ state: "checking" }, { paidCents: 100 }))).toBe(
      "Conferindo no órgão",
    );
  });

  it("confirmed: when the check found it gone, as a São Paulo date", () => {
    const step = delistingStep(
      { state: "confirmed", confirmedAt: "2026-11-25T01:30:00Z" },
      { paidCents: 100 },
    );
    expect(line(step)).toBe("Baixa confirmada pelo órgão em 24/11/2026");
    expect(step.tone).toBe("success");
  });

  it("still listed: the amount the authority lists only when it is not what was paid", () => {
    expect(
      line(
        delistingStep({ state: "still_listed", listedAmountCents: 12_345 }, { paidCents: 10_000 }),
      ),
    ).toBe("Ainda listado no órgão O órgão agora lista R$\u00a0123,45 para este débito.");
    expect(
      line(
        delistingStep({ state: "still_listed", listedAmountCents: 10_000 }, { paidCents: 10_000 }),
      ),
    ).toBe("Ainda listado no órgão");
  });

  it("unverified: says so, nothing more", () => {
    expect(line(delistingStep({ state: "unverified" }, { paidCents: 1 }))).toBe(
      "Não foi possível conferir no órgão",
    );
  });
});

describe("delistingAdvice and delistingLinkMark", () => {
  it("advice only when the verdict is not a confirmation; the state's Detran is named", () => {
    expect(delistingAdvice("checking", "MG")).toBeNull();
    expect(delistingAdvice("confirmed", "MG")).toBeNull();
    expect(delistingAdvice("still_listed", "MG")!.lines.join(" ")).toContain("Detran-MG");
    expect(delistingAdvice("unverified", "MG")!.lines.join(" ")).toContain(
      "O pagamento em si está correto",
    );
  });

  it("a paid link's mark: three words, none when unverified or unknown", () => {
    expect(delistingLinkMark("checking")?.text).toBe("Conferindo no órgão");
    expect(delistingLinkMark("confirmed")?.text).toBe("Confirmado no órgão");
    expect(delistingLinkMark("still_listed")?.text).toBe("Ainda listado no órgão");
    expect(delistingLinkMark("unverified")).toBeNull();
    expect(delistingLinkMark(undefined)).toBeNull();
  });
});
