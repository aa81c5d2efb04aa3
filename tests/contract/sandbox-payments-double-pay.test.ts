import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { familyVehicle } from "@/lib/sandbox/catalog/family";
import { SANDBOX_CARDS } from "@/lib/sandbox/payments/cards-catalog";
import { startHarness } from "../support/sandbox-payments-harness";

// The sandbox refuses, as a real authority would, a debt whose `distinct` alternative is already
// paid or being charged by another checkout, at checkout and at payment (shape B, details naming
// the rule and the ids), while the next parcela of an IPVA plan already started stays payable.

let h: Awaited<ReturnType<typeof startHarness>>;
beforeAll(async () => {
  h = await startHarness();
  await h.reset();
});
afterAll(async () => h.close());

type Debt = { id: string; title: string; type: string; dependsOn: string[]; distinct: string[] };

async function ipvaOf(plate: string) {
  const v = familyVehicle(plate)!;
  const debts = (await h.lookup(v)) as Debt[];
  const find = (re: RegExp) => debts.find((d) => re.test(d.title))!;
  const year = new Date().getFullYear();
  return {
    v,
    previous: find(new RegExp(`^IPVA ${year - 1}`)),
    cota: find(new RegExp(`^IPVA ${year} - Cota única`)),
    p1: find(/Parcela 1\/3/),
    p2: find(/Parcela 2\/3/),
  };
}

const payByCard = (checkoutId: string, card = SANDBOX_CARDS.visaPaid) =>
  h.payByCard(checkoutId, card);

describe("a distinct alternative paid or being paid elsewhere", () => {
  it("checkout: the cota única is refused once parcela 1/3 is paid; parcela 2/3 is still accepted", async () => {
    const { v, previous, cota, p1, p2 } = await ipvaOf("TST8D01");
    const y = await h.checkout([p1.id], v);
    expect(y.status).toBe(201);
    expect((await payByCard(y.body.checkoutId)).body.status).toBe("paid");

    const x = await h.checkout([previous.id, cota.id], v);
    expect(x.status).toBe(422);
    expect(x.body).toMatchObject({
      success: false,
      error: {
        code: "VALIDATION_ERROR",
        details: {
          rule: "alternativePaid",
          debtIds: [cota.id],
          alternatives: [{ debtId: cota.id, alternativeId: p1.id, status: "paid" }],
        },
      },
    });
    expect(x.body.error.message).toMatch(/distinct alternative is already paid/);

    const z = await h.checkout([p2.id], v);
    expect(z.status).toBe(201);
    expect((await payByCard(z.body.checkoutId)).body.status).toBe("paid");
  });

  it("payment: a checkout made before the alternative was paid is refused when paid (the two-tab case)", async () => {
    const { v, previous, cota, p1 } = await ipvaOf("TST8D02");
    const y = await h.checkout([p1.id], v);
    const x = await h.checkout([previous.id, cota.id], v);
    expect([y.status, x.status]).toEqual([201, 201]);
    expect((await payByCard(y.body.checkoutId)).body.status).toBe("paid");
    const refused = await payByCard(x.body.checkoutId);
    expect(refused.status).toBe(422);
    expect(refused.body.error.details).toMatchObject({
      rule: "alternativePaid",
      debtIds: [cota.id],
      paymentIds: [expect.stringMatching(/^pay_/)],
    });
  });

  it("payment: an alternative being charged (in analysis) refuses with alternativeInProgress, both ways", async () => {
    const { v, previous, cota, p1 } = await ipvaOf("TST8D03");
    const x = await h.checkout([previous.id, cota.id], v);
    const y = await h.checkout([p1.id], v);
    expect(
      (await payByCard(x.body.checkoutId, SANDBOX_CARDS.analysisThenRefused)).body.status,
    ).toBe("in_analysis");
    const refused = await payByCard(y.body.checkoutId);
    expect(refused.status).toBe(422);
    expect(refused.body.error.details).toMatchObject({
      rule: "alternativeInProgress",
      debtIds: [p1.id],
      alternatives: [{ alternativeId: cota.id, status: "in_analysis" }],
    });
  });
});
