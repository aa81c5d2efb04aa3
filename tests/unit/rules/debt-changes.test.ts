import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  baseDebtKey,
  diffDebts,
  keyedDebts,
  parcelaFromTitle,
  type WatchedDebt,
} from "@/lib/rules/debt-changes";
import type { SandboxDebt } from "@/lib/sandbox/context";
import { buildDebts } from "@/lib/sandbox/catalog/debts";
import { SANDBOX_VEHICLES } from "@/lib/sandbox/catalog/vehicles";

// The debts as the storefront holds them (cents), from the sandbox's own catalog: real titles.
const watched = (d: SandboxDebt): WatchedDebt => ({
  id: d.id,
  type: d.type,
  title: d.title,
  amountCents: Math.round(d.amount * 100),
  dueDate: d.dueDate,
  hasDiscount: d.hasDiscount,
  year: d.year,
  ait: d.ait ?? null,
});
const lookupAt = new Date("2026-06-10T15:00:00Z");
const withDebts = () => buildDebts(SANDBOX_VEHICLES.withDebts, lookupAt).map(watched);
const byTitle = (debts: WatchedDebt[], title: string) => debts.find((d) => d.title === title)!;
const scope = "watch-1:lookup-1";

describe("the key of a debt", () => {
  it.each([
    ["IPVA 2026 - Parcela 1/3", "parcela-1"],
    ["IPVA 2026 - Parcela 3/3", "parcela-3"],
    ["IPVA 2026 - Cota única", "cota-unica"],
    ["IPVA 2026 - COTA UNICA", "cota-unica"],
    ["IPVA 2026 parcela única", "cota-unica"],
    ["IPVA 2026 - parcela 02 de 10", "parcela-2"],
    ["2ª parcela IPVA 2026", "parcela-2"],
    ["IPVA 2026 3a Parcela", "parcela-3"],
    ["Licenciamento 2026", null],
    // A date is not a parcela.
    ["Licenciamento 2026 - venc. 10/06", null],
  ])("reads the parcela of %j as %j", (title, parcela) => {
    expect(parcelaFromTitle(title)).toBe(parcela);
  });

  it("gives every debt of the catalog's withDebts its own key, from fields that outlive the id", () => {
    const keys = [...keyedDebts(withDebts()).keys()];
    expect(keys).toEqual([
      "ticket:ait:MG00123456",
      "ticket:ait:MG00987654",
      "ticket:ait:MG01357913",
      "ipva:2025:cota-unica",
      "ipva:2026:cota-unica",
      "ipva:2026:parcela-1",
      "ipva:2026:parcela-2",
      "ipva:2026:parcela-3",
      "licensing:2026",
      "service:taxa de servico - emissao do crlv-e",
    ]);
  });

  it("reads a fine's AIT whatever its spacing or punctuation, and the year from the title when the field is empty", () => {
    const fine: WatchedDebt = {
      id: "a",
      type: "ticket",
      title: "Multa",
      amountCents: 100,
      hasDiscount: false,
      year: null,
      ait: " mg-001.234 56 ",
    };
    expect(baseDebtKey(fine)).toBe("ticket:ait:MG00123456");
    expect(baseDebtKey({ ...fine, ait: null, title: "Multa - Avançar sinal" })).toBe(
      "ticket:title:multa - avancar sinal",
    );
    expect(
      baseDebtKey({ ...fine, type: "ipva", ait: null, title: "IPVA 2024 - Parcela 2/3" }),
    ).toBe("ipva:2024:parcela-2");
    expect(baseDebtKey({ ...fine, type: "licensing", ait: null, title: "Licenciamento" })).toBe(
      "licensing:sem-ano",
    );
  });

  it("tells same-key debts apart by due date, whatever order the upstream lists them in", () => {
    const fine = (id: string, due: string): WatchedDebt => ({
      id,
      type: "ticket",
      title: "Multa - Radar",
      amountCents: 100,
      dueDate: due,
      hasDiscount: false,
      year: null,
    });
    const a = fine("z", "2026-06-01T15:00:00Z");
    const b = fine("a", "2026-07-01T15:00:00Z");
    const keys = (list: WatchedDebt[]) =>
      Object.fromEntries([...keyedDebts(list)].map(([k, d]) => [d.dueDate, k]));
    expect(keys([a, b])).toEqual(keys([b, a]));
    expect(keys([b, a])).toEqual({
      "2026-06-01T15:00:00Z": "ticket:title:multa - radar",
      "2026-07-01T15:00:00Z": "ticket:title:multa - radar#2",
    });
  });
});

describe("what counts as a change", () => {
  it("no change when the same debts come back, even under new upstream ids", () => {
    const before = withDebts();
    const after = before.map((d) => ({ ...d, id: `reissued-${d.id}` }));
    expect(diffDebts(before, after, { scope })).toEqual([]);
  });

  it("a new fine", () => {
    const before = withDebts();
    const fine: WatchedDebt = {
      id: "new",
      type: "ticket",
      title: "Multa - Usar celular ao dirigir",
      amountCents: 29347,
      hasDiscount: false,
      year: null,
      ait: "MG07777777",
    };
    const changes = diffDebts(before, [...before, fine], { scope });
    expect(changes).toEqual([
      {
        kind: "appeared",
        debtKey: "ticket:ait:MG07777777",
        debt: fine,
        dedupeKey: `${scope}|appeared|ticket:ait:MG07777777`,
      },
    ]);
  });

  it("a discount that ended is one amount change, not a debt gone and another come, though the id changed", () => {
    const before = withDebts();
    const discounted = byTitle(before, "Multa - Velocidade até 20% acima da máxima");
    const full = { ...discounted, id: "reissued", amountCents: 13016, hasDiscount: false };
    const changes = diffDebts(
      before,
      before.map((d) => (d === discounted ? full : d)),
      { scope },
    );
    expect(changes).toEqual([
      {
        kind: "amountChanged",
        reason: "discountEnded",
        debtKey: "ticket:ait:MG00123456",
        before: discounted,
        after: full,
        dedupeKey: `${scope}|amountChanged|ticket:ait:MG00123456|7810>13016`,
      },
    ]);
  });

  it("interest added raises the amount; a lower amount is told too", () => {
    const before = withDebts();
    const expired = byTitle(before, "Multa - Avançar sinal vermelho");
    const up = diffDebts(
      before,
      before.map((d) => (d === expired ? { ...d, amountCents: d.amountCents + 250 } : d)),
      { scope },
    );
    expect(up.map((c) => c.kind === "amountChanged" && c.reason)).toEqual(["increased"]);
    const down = diffDebts(
      before,
      before.map((d) => (d === expired ? { ...d, amountCents: d.amountCents - 1 } : d)),
      { scope },
    );
    expect(down.map((c) => c.kind === "amountChanged" && c.reason)).toEqual(["decreased"]);
  });

  it("a debt that disappeared: paid elsewhere, or the authority's baixa of one we paid", () => {
    const before = withDebts();
    const parcela = byTitle(before, "IPVA 2026 - Parcela 1/3");
    const licensing = byTitle(before, "Licenciamento 2026");
    const after = before.filter((d) => d !== parcela && d !== licensing);
    const changes = diffDebts(before, after, { scope, paidByUs: new Set([licensing.id]) });
    expect(changes.map((c) => c.kind === "disappeared" && [c.debtKey, c.reason])).toEqual([
      ["ipva:2026:parcela-1", "goneElsewhere"],
      ["licensing:2026", "settledAfterOurPayment"],
    ]);
  });

  it("a vehicle without debts any more: every last known debt disappeared", () => {
    const before = withDebts();
    expect(diffDebts(before, [], { scope }).map((c) => c.kind)).toEqual(
      before.map(() => "disappeared"),
    );
  });
});

describe("each change is reported once: its dedupe key", () => {
  it("is the same for a retried or replayed comparison, and new against a newer baseline", () => {
    const before = withDebts();
    const after = before.slice(1);
    const keys = (s: string) => diffDebts(before, after, { scope: s }).map((c) => c.dedupeKey);
    expect(keys(scope)).toEqual(keys(scope));
    expect(keys("watch-1:lookup-2")).not.toEqual(keys(scope));
  });

  const debtArb = fc.record({
    id: fc.uuid(),
    type: fc.constantFrom("ticket", "ipva", "licensing", "service") as fc.Arbitrary<
      WatchedDebt["type"]
    >,
    title: fc.constantFrom(
      "Multa - Radar",
      "IPVA 2026 - Parcela 1/3",
      "IPVA 2026 - Parcela 2/3",
      "IPVA 2026 - Cota única",
      "Licenciamento 2026",
      "Taxa de serviço",
    ),
    amountCents: fc.integer({ min: 1, max: 100_000 }),
    dueDate: fc.constantFrom("2026-06-01T15:00:00Z", "2026-07-01T15:00:00Z", null),
    hasDiscount: fc.boolean(),
    year: fc.constantFrom(2026, null),
    ait: fc.constantFrom("A1", "A2", "A3", null),
  });

  it("is unique within a comparison, and shuffling either list changes nothing", () => {
    fc.assert(
      fc.property(
        fc.array(debtArb, { maxLength: 8 }),
        fc.array(debtArb, { maxLength: 8 }),
        (before, after) => {
          const changes = diffDebts(before, after, { scope });
          const keys = changes.map((c) => c.dedupeKey);
          expect(new Set(keys).size).toBe(keys.length);
          expect(
            diffDebts([...before].reverse(), [...after].reverse(), { scope })
              .map((c) => c.dedupeKey)
              .sort(),
          ).toEqual([...keys].sort());
          expect(diffDebts(after, after, { scope })).toEqual([]);
        },
      ),
    );
  });
});
