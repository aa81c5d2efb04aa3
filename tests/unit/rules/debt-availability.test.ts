import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  availableDebts,
  debtAvailability,
  firstUnavailable,
  type Hold,
} from "@/lib/rules/debt-availability";
import { presetAll, presetFinesOnly, presetLicensing } from "@/lib/rules/debt-presets";
import { type DebtForSelection, validateSelection } from "@/lib/rules/debt-selection";
import { makeDebt } from "../support/debt-factory";

// The sandbox catalog's shape (lib/sandbox/catalog/debts.ts, ipvaSplit): the cota única lists the
// three parcelas as `distinct`, each parcela lists only the cota única.
function ipvaPlan() {
  const prev = makeDebt({
    id: "prev",
    title: "IPVA 2025 - Cota única",
    type: "ipva",
    year: 2025,
    required: true,
  });
  const cota = makeDebt({
    id: "cota",
    title: "IPVA 2026 - Cota única",
    type: "ipva",
    year: 2026,
    dependsOn: ["prev"],
    distinct: ["p1", "p2", "p3"],
  });
  const parcelas = [1, 2, 3].map((n) =>
    makeDebt({
      id: `p${n}`,
      title: `IPVA 2026 - Parcela ${n}/3`,
      type: "ipva",
      year: 2026,
      distinct: ["cota"],
    }),
  );
  const licensing = makeDebt({
    id: "lic",
    title: "Licenciamento 2026",
    type: "licensing",
    year: 2026,
    dependsOn: ["cota"],
  });
  const fine = makeDebt({ id: "fine", title: "Multa - Avançar sinal vermelho", type: "ticket" });
  return [prev, cota, ...parcelas, licensing, fine];
}

const stateOf = (debts: DebtForSelection[], held: Record<string, Hold>) =>
  Object.fromEntries(
    debtAvailability(debts, new Map(Object.entries(held))).map((a) => [a.id, a.state]),
  );

describe("debt availability", () => {
  const debts = ipvaPlan();

  it("nothing held: everything is available", () => {
    expect(Object.values(stateOf(debts, {}))).toEqual(Array(debts.length).fill("available"));
  });

  it("parcela 1/3 paid: the cota única is blocked with the words, parcela 2/3 is still allowed", () => {
    const result = debtAvailability(debts, new Map([["p1", "paid" as const]]));
    const by = Object.fromEntries(result.map((a) => [a.id, a]));
    expect(by.p1).toEqual({ id: "p1", state: "paid", reason: "Este débito já foi pago." });
    expect(by.cota).toMatchObject({
      state: "blocked",
      cause: "distinct",
      by: "p1",
      byState: "paid",
      reason: "O IPVA 2026 já está sendo pago em parcelas.",
    });
    expect(by.p2!.state).toBe("available");
    expect(by.p3!.state).toBe("available");
    expect(by.prev!.state).toBe("available");
    // Licensing needs the cota única, which can no longer be paid.
    expect(by.lic).toMatchObject({ state: "blocked", cause: "dependsOn", by: "cota" });
    expect((by.lic as { reason: string }).reason).toMatch(
      /IPVA 2026 - Cota única.*não pode mais ser pago/,
    );
  });

  it("a parcela merely in payment already rules out the cota única", () => {
    const by = Object.fromEntries(
      debtAvailability(debts, new Map([["p2", "in_payment" as const]])).map((a) => [a.id, a]),
    );
    expect(by.p2).toMatchObject({
      state: "in_payment",
      reason: "Este débito já está em um pagamento em andamento.",
    });
    expect(by.cota).toMatchObject({
      state: "blocked",
      byState: "in_payment",
      reason: "O IPVA 2026 já está sendo pago em parcelas.",
    });
    expect(by.p1!.state).toBe("available");
  });

  it("cota única paid or in payment: every parcela is blocked, said in words", () => {
    const paid = debtAvailability(debts, new Map([["cota", "paid" as const]]));
    for (const n of [1, 2, 3])
      expect(paid.find((a) => a.id === `p${n}`)).toMatchObject({
        state: "blocked",
        reason: "O IPVA 2026 já foi pago em cota única.",
      });
    const paying = debtAvailability(debts, new Map([["cota", "in_payment" as const]]));
    expect(paying.find((a) => a.id === "p1")).toMatchObject({
      reason: "O IPVA 2026 já está sendo pago em cota única.",
    });
    // Licensing depends on the cota única itself: blocked by its dependency, which is being paid.
    expect(paying.find((a) => a.id === "lic")).toMatchObject({
      state: "blocked",
      cause: "dependsOn",
      byState: "in_payment",
    });
  });

  it("paid beats in payment when both alternatives are held", () => {
    const a = debtAvailability(
      debts,
      new Map<string, Hold>([
        ["p1", "in_payment"],
        ["p2", "paid"],
      ]),
    );
    expect(a.find((x) => x.id === "cota")).toMatchObject({ by: "p2", byState: "paid" });
  });

  it("distinct is read in both directions, and outside IPVA the sentence names the other debt", () => {
    const a = makeDebt({ id: "a", title: "Taxa A", distinct: ["b"] });
    const b = makeDebt({ id: "b", title: "Taxa B" });
    const fromB = debtAvailability([a, b], new Map([["a", "paid" as const]]));
    expect(fromB[1]).toMatchObject({
      state: "blocked",
      reason:
        "Não pode mais ser pago: “Taxa A”, que não pode ser pago junto com este débito, já foi pago.",
    });
    const fromA = debtAvailability([a, b], new Map([["b", "in_payment" as const]]));
    expect(fromA[0]).toMatchObject({ state: "blocked", by: "b" });
  });

  it("held ids of other vehicles change nothing", () => {
    expect(Object.values(stateOf(debts, { "someone-else": "paid" }))).toEqual(
      Array(debts.length).fill("available"),
    );
  });

  it("firstUnavailable names the first refused debt of a checkout, in the lookup's order", () => {
    const a = debtAvailability(debts, new Map([["p1", "paid" as const]]));
    expect(firstUnavailable(["prev", "cota"], a)).toMatchObject({
      id: "cota",
      reason: "O IPVA 2026 já está sendo pago em parcelas.",
    });
    expect(firstUnavailable(["p2"], a)).toBeNull();
  });
});

// Random graphs as in debt-selection.property.test.ts, plus a random held set.
const ids = ["d0", "d1", "d2", "d3", "d4", "d5"];
const catalogArb = fc.tuple(
  ...ids.map((id) =>
    fc.record({
      id: fc.constant(id),
      title: fc.constant(`Débito ${id}`),
      amountCents: fc.integer({ min: 1, max: 50_000 }),
      type: fc.constantFrom("ticket", "ipva", "licensing", "service") as fc.Arbitrary<
        DebtForSelection["type"]
      >,
      year: fc.constantFrom(null, 2026),
      required: fc.boolean(),
      dependsOn: fc.subarray(
        ids.filter((o) => o !== id),
        { maxLength: 2 },
      ),
      distinct: fc.subarray(
        ids.filter((o) => o !== id),
        { maxLength: 2 },
      ),
    }),
  ),
);
const heldArb = fc.dictionary(fc.constantFrom(...ids), fc.constantFrom<Hold>("paid", "in_payment"));

describe("debt availability (properties)", () => {
  it("the available debts never meet a held debt: not held, no held alternative, dependencies available", () => {
    fc.assert(
      fc.property(catalogArb, heldArb, (debts, heldObj) => {
        const held = new Map(Object.entries(heldObj));
        const a = debtAvailability(debts, held);
        const ok = new Set(availableDebts(debts, a).map((d) => d.id));
        for (const d of debts.filter((x) => ok.has(x.id))) {
          expect(held.has(d.id)).toBe(false);
          for (const o of debts)
            if (held.has(o.id))
              expect(d.distinct.includes(o.id) || o.distinct.includes(d.id)).toBe(false);
          for (const dep of d.dependsOn) expect(ok.has(dep)).toBe(true);
        }
        // Every unavailable debt says why, in words.
        for (const x of a) if (x.state !== "available") expect(x.reason.length).toBeGreaterThan(10);
      }),
    );
  });

  it("presets over the available debts give selections that are valid and hold nothing held", () => {
    fc.assert(
      fc.property(catalogArb, heldArb, (debts, heldObj) => {
        const a = debtAvailability(debts, new Map(Object.entries(heldObj)));
        const open = availableDebts(debts, a);
        for (const preset of [presetAll, presetLicensing, presetFinesOnly]) {
          const { selection } = preset(open);
          expect(validateSelection(selection, debts)).toEqual({ ok: true });
          expect(firstUnavailable(selection, a)).toBeNull();
        }
      }),
    );
  });
});
