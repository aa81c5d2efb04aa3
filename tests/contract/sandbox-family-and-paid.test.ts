import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAMILY_PLATE, familyVehicle } from "@/lib/sandbox/catalog/family";
import { SANDBOX_CARDS } from "@/lib/sandbox/payments/cards-catalog";
import { isValidCpf, isValidRenavam } from "@/lib/sandbox/validators";
import { startHarness } from "../support/sandbox-payments-harness";

let h: Awaited<ReturnType<typeof startHarness>>;
beforeAll(async () => {
  h = await startHarness();
  await h.reset();
});
afterAll(async () => h.close());

describe("generated test vehicles (TST#X##)", () => {
  it("are valid, deterministic and distinct per plate; other plates are not in the family", () => {
    const a = familyVehicle("TST1A23");
    const b = familyVehicle("TST1A24");
    expect(a && b).toBeTruthy();
    expect(isValidRenavam(a!.renavam) && isValidCpf(a!.cpfCnpj)).toBe(true);
    expect(familyVehicle("TST1A23")).toEqual(a);
    expect(a!.renavam).not.toBe(b!.renavam);
    expect(familyVehicle("TSTA123")).toBeUndefined();
    expect(FAMILY_PLATE.test("MGD1E23")).toBe(false);
  });

  it("answer enrichment and a lookup with debt ids of their own", async () => {
    const v = familyVehicle("TST2B34")!;
    const enrich = await fetch(`${h.url}/api/v1/vehicle/enrichment/tst-2b34`, {
      headers: { "x-api-key": "sk_test_sandbox_default" },
    });
    expect(enrich.status).toBe(200);
    expect((await enrich.json()).data).toMatchObject({ placa: "TST2B34", renavam: v.renavam });
    const mine = await h.lookup(v);
    const template = await h.lookup();
    expect(mine.length).toBe(template.length);
    expect(mine.map((d) => d.id).filter((id) => template.some((t) => t.id === id))).toEqual([]);
  });
});

describe("paid debts leave later lookups", () => {
  it("drops paid debts (and references to them), then answers VehicleWithoutDebts when all are paid", async () => {
    const v = familyVehicle("TST3C45")!;
    const before = await h.lookup(v);
    const fine = before.find((d) => d.type === "ticket" && d.dependsOn.length === 0)!;
    const payFor = async (ids: string[]) => {
      const checkout = await h.checkout(ids, v);
      expect(checkout.status).toBe(201);
      const token = await h.tokenize(SANDBOX_CARDS.visaPaid);
      const paid = await h.post("/uvvi/v1/payment", {
        checkoutId: checkout.body.checkoutId,
        paymentMethod: "credit_card",
        cardToken: token,
        installments: 1,
      });
      expect(paid.body.status).toBe("paid");
    };
    await payFor([fine.id]);
    const after = await h.lookup(v);
    expect(after.map((d) => d.id)).not.toContain(fine.id);
    expect(after.length).toBe(before.length - 1);
    for (const d of after) expect([...d.dependsOn, ...d.distinct]).not.toContain(fine.id);

    // Pay every remaining debt that can go together (greedy, with dependencies): the distinct
    // alternatives of what was paid leave too, so nothing is left to owe.
    const chosen = new Set<string>();
    const byId = new Map(after.map((d) => [d.id, d]));
    const closure = (id: string, acc = new Set<string>()): Set<string> => {
      if (acc.has(id)) return acc;
      acc.add(id);
      for (const dep of byId.get(id)?.dependsOn ?? []) closure(dep, acc);
      return acc;
    };
    for (const d of after) {
      const add = closure(d.id);
      const clash = [...add].some((id) =>
        byId.get(id)!.distinct.some((x) => chosen.has(x) || add.has(x)),
      );
      if (!clash) for (const id of add) chosen.add(id);
    }
    await payFor([...chosen]);
    const externalId = crypto.randomUUID();
    await h.post("/uvvi/v1/debts", {
      state: v.uf,
      licensePlate: v.plate,
      renavam: v.renavam,
      cpfCnpj: v.cpfCnpj,
      externalId,
    });
    const event = await h.waitFor(() => h.events((p) => p.externalId === externalId)[0]);
    expect(event.type).toBe("VehicleWithoutDebts");
  });
});
