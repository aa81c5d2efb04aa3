import { describe, expect, it } from "vitest";
import {
  canMakeLink,
  describeRadarEvent,
  inFeedOrder,
  inReadingOrder,
  type RadarEventFacts,
} from "@/lib/rules/radar-event-text";

// What the Radar page and the digest say of each event, and which events lead to "Gerar link".

// Intl puts a no-break space after R$.
const R = "R$\u00a0";

const base: RadarEventFacts = {
  kind: "appeared",
  reason: null,
  title: "Multa - Radar",
  amountCents: 19_523,
  previousAmountCents: null,
  dueDate: null,
};

describe("describeRadarEvent", () => {
  it("says each kind and reason in pt-BR, with the amounts and the date", () => {
    expect(describeRadarEvent({ ...base, dueDate: "2026-12-10T15:00:00.000Z" })).toEqual({
      label: "Novo débito",
      sentence: `Multa - Radar: ${R}195,23, vence em 10/12/2026.`,
    });
    expect(
      describeRadarEvent({
        ...base,
        kind: "amountChanged",
        reason: "discountEnded",
        previousAmountCents: 7_810,
        amountCents: 13_016,
      }).sentence,
    ).toBe(`Multa - Radar passou de ${R}78,10 para ${R}130,16 (o desconto acabou).`);
    expect(
      describeRadarEvent({
        ...base,
        kind: "amountChanged",
        reason: "increased",
        previousAmountCents: 13_016,
        amountCents: 13_277,
      }).sentence,
    ).toContain("(juros ou multa de atraso)");
    expect(
      describeRadarEvent({ ...base, kind: "disappeared", reason: "settledAfterOurPayment" }),
    ).toMatchObject({ label: "Baixa confirmada" });
    expect(
      describeRadarEvent({ ...base, kind: "disappeared", reason: "goneElsewhere" }).sentence,
    ).toContain("pago em outro lugar");
    expect(
      describeRadarEvent({ ...base, kind: "discountEnds", dueDate: "2026-12-01T15:00:00.000Z" })
        .sentence,
    ).toBe(`Multa - Radar: o desconto vale até 01/12/2026 (${R}195,23).`);
    expect(
      describeRadarEvent({
        ...base,
        kind: "dueSoon",
        title: "IPVA 2026 - Parcela 2/3",
        amountCents: 63_309,
        dueDate: "2026-12-01T15:00:00.000Z",
      }).sentence,
    ).toBe(`IPVA 2026 - Parcela 2/3 vence em 01/12/2026 (${R}633,09).`);
    expect(
      describeRadarEvent({ ...base, kind: "stopped", reason: "wrong_document", title: null })
        .sentence,
    ).toContain("CPF/CNPJ do cliente não confere");
    expect(
      describeRadarEvent({ ...base, kind: "stopped", reason: "vehicle_not_found", title: null })
        .sentence,
    ).toContain("O Detran não encontrou este veículo");
  });
});

describe("a last day that is today", () => {
  // 28/11/2026 23:30 in São Paulo, already the 29th in UTC.
  const lastDay = "2026-11-29T02:30:00.000Z";
  it("says 'vale até hoje' and 'vence hoje' on São Paulo's day, the date on any other", () => {
    const ending = { ...base, kind: "discountEnds", dueDate: lastDay };
    expect(describeRadarEvent(ending, new Date("2026-11-28T12:00:00Z")).sentence).toBe(
      `Multa - Radar: o desconto vale até hoje (${R}195,23).`,
    );
    expect(describeRadarEvent(ending, "2026-11-28").sentence).toContain("vale até hoje");
    // 29/11 00:30 UTC is still the 28th in São Paulo; 03:30 UTC on the 29th is the 29th there.
    expect(describeRadarEvent(ending, new Date("2026-11-29T00:30:00Z")).sentence).toContain(
      "vale até hoje",
    );
    expect(describeRadarEvent(ending, new Date("2026-11-29T03:30:00Z")).sentence).toContain(
      "vale até 28/11/2026",
    );
    expect(describeRadarEvent(ending, "2026-11-27").sentence).toContain("vale até 28/11/2026");
    expect(describeRadarEvent(ending).sentence).toContain("vale até 28/11/2026");
    expect(
      describeRadarEvent({ ...base, kind: "dueSoon", dueDate: lastDay }, "2026-11-28").sentence,
    ).toBe(`Multa - Radar vence hoje (${R}195,23).`);
    expect(describeRadarEvent({ ...base, dueDate: lastDay }, "2026-11-28").sentence).toBe(
      `Multa - Radar: ${R}195,23, vence hoje.`,
    );
  });
});

describe("reading order, shared by the Radar page and the mails", () => {
  const at = (iso: string, kind: string, isNew = true) => ({ kind, isNew, createdAt: iso });
  const check1 = "2026-11-20T12:00:00.000Z";
  const check2 = "2026-11-27T12:00:00.000Z";

  it("puts a new debt before the reminders found with it, keeping the order inside a kind", () => {
    const found = [
      { kind: "dueSoon", n: 1 },
      { kind: "discountEnds", n: 2 },
      { kind: "stopped", n: 3 },
      { kind: "dueSoon", n: 4 },
      { kind: "appeared", n: 5 },
      { kind: "amountChanged", n: 6 },
    ];
    expect(inReadingOrder(found).map((e) => e.n)).toEqual([5, 6, 2, 1, 4, 3]);
  });

  it("the page: new first, the newest check first, and inside a check a new fine before its three reminders", () => {
    const events = [
      at(check2, "dueSoon"),
      at(check2, "dueSoon"),
      at(check2, "discountEnds"),
      at(check2, "appeared"),
      at(check1, "appeared", false),
      at(check1, "dueSoon"),
    ];
    expect(inFeedOrder(events).map((e) => `${e.createdAt === check2 ? 2 : 1}:${e.kind}`)).toEqual([
      "2:appeared",
      "2:discountEnds",
      "2:dueSoon",
      "2:dueSoon",
      "1:dueSoon",
      "1:appeared",
    ]);
  });
});

describe("canMakeLink", () => {
  it("only for a debt still there, with the lookup it was seen in", () => {
    const facts = { debtId: "d1", lookupId: "l1" };
    for (const kind of ["appeared", "amountChanged", "discountEnds", "dueSoon"])
      expect(canMakeLink({ kind, ...facts })).toBe(true);
    for (const kind of ["disappeared", "stopped"])
      expect(canMakeLink({ kind, ...facts })).toBe(false);
    expect(canMakeLink({ kind: "appeared", debtId: null, lookupId: "l1" })).toBe(false);
    expect(canMakeLink({ kind: "appeared", debtId: "d1", lookupId: null })).toBe(false);
  });
});
