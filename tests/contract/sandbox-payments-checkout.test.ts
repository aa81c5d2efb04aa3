// Contract: POST /uvvi/v1/checkout over real HTTP, with debt ids from a real lookup.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { SandboxDebt } from "@/lib/sandbox/context";
import { SANDBOX_VEHICLES } from "@/lib/sandbox/catalog/vehicles";
import { saoPauloInstant, saoPauloWallClock } from "@/lib/rules/sao-paulo-time";
import { SANDBOX_CARDS } from "@/lib/sandbox/payments/cards-catalog";
import {
  customerFixture,
  OTHER_KEY,
  startHarness,
  vehicleOf,
  type Harness,
} from "@/tests/support/sandbox-payments-harness";

let h: Harness;
let debts: SandboxDebt[];
const id = (title: string) => h.pick(debts, title).id;
// By shape rather than by year in the title, so the tests do not depend on the calendar.
const ipvaPrevious = () =>
  debts.find(
    (d) => d.type === "ipva" && d.distinct.length === 0 && d.dependsOn.length === 0 && d.isExpired,
  )!;
const ipvaCotaUnica = () => debts.find((d) => d.type === "ipva" && d.distinct.length > 1)!;
const ipvaParcela1 = () => debts.find((d) => d.type === "ipva" && d.title.includes("Parcela 1/3"))!;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(async () => {
  await h.reset();
  debts = await h.lookup();
});

const payCard = (checkoutId: string, card = SANDBOX_CARDS.visaPaid) =>
  h.payByCard(checkoutId, card);

describe("checkout", () => {
  test("201 with the sum of the chosen debts, their amounts and a 24 h (time-scaled) expiry", async () => {
    const before = Date.now();
    const chosen = [id("Multa - Velocidade"), id("Multa - Estacionar")];
    const r = await h.checkout(chosen);
    expect(r.status).toBe(201);
    expect(Object.keys(r.body).sort()).toEqual([
      "amount",
      "checkoutId",
      "debts",
      "expiresAt",
      "success",
    ]);
    expect(r.body.success).toBe(true);
    expect(r.body.amount).toBe(273.33); // 78.10 + 195.23, summed in cents
    expect(r.body.debts).toEqual([
      { id: chosen[0], amount: 78.1 },
      { id: chosen[1], amount: 195.23 },
    ]);
    const expiresAt = Date.parse(r.body.expiresAt); // 24 h / 600 = 144 s
    expect(expiresAt).toBeGreaterThanOrEqual(before + 144_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 144_000);
  });

  test("a full licensing selection satisfies every dependsOn", async () => {
    const r = await h.checkout([
      ipvaPrevious().id,
      ipvaCotaUnica().id,
      id("Multa - Avançar"),
      id("Licenciamento"),
      id("Taxa de serviço"),
    ]);
    expect(r.status).toBe(201);
    expect(r.body.amount).toBe(4427.73); // 2104.88 + 1843.27 + 311.27 + 161.81 + 6.50
  });

  test("422 dependsOn names the debt and the missing ids", async () => {
    const licensing = h.pick(debts, "Licenciamento");
    const r = await h.checkout([licensing.id]);
    expect(r.status).toBe(422);
    expect(r.body.success).toBe(false);
    expect(r.body.error.code).toBe("VALIDATION_ERROR");
    expect(r.body.error.details.rule).toBe("dependsOn");
    expect(r.body.error.details.debtId).toBe(licensing.id);
    expect([...r.body.error.details.missing].sort()).toEqual([...licensing.dependsOn].sort());
    expect(r.body.error.details.violations).toEqual([
      { rule: "dependsOn", debtId: licensing.id, missing: licensing.dependsOn },
    ]);
  });

  test("422 distinct names the debt and the conflicting ids", async () => {
    const cotaUnica = ipvaCotaUnica();
    const parcela1 = ipvaParcela1();
    const r = await h.checkout([ipvaPrevious().id, cotaUnica.id, parcela1.id]);
    expect(r.status).toBe(422);
    expect(r.body.error.details.rule).toBe("distinct");
    expect(r.body.error.details.debtId).toBe(cotaUnica.id);
    expect(r.body.error.details.conflictsWith).toEqual([parcela1.id]);
    // both sides of the pair are reported
    expect(r.body.error.details.violations).toContainEqual({
      rule: "distinct",
      debtId: parcela1.id,
      conflictsWith: [cotaUnica.id],
    });
  });

  test("422 for an id no lookup returned", async () => {
    const ghost = "00000000-0000-4000-8000-000000000000";
    const r = await h.checkout([id("Multa - Velocidade"), ghost]);
    expect(r.status).toBe(422);
    expect(r.body.error.details).toMatchObject({ rule: "unknownDebt", debtIds: [ghost] });
  });

  test("422 for a debt of another vehicle (foreign debt id)", async () => {
    // The SP authority is in maintenance from 00:00 to 06:59 in São Paulo (lookups get 903), so
    // this test's lookup runs at noon of the same day, São Paulo time, whatever the hour.
    const noonInSaoPaulo = saoPauloInstant({
      ...saoPauloWallClock(new Date()),
      hour: 12,
      minute: 0,
      second: 0,
    });
    expect((await h.post("/__sandbox/clock", { now: noonInSaoPaulo.toISOString() })).status).toBe(
      200,
    );
    try {
      const spDebts = await h.lookup(SANDBOX_VEHICLES.spWithDebts);
      const spFine = h.pick(spDebts, "Multa");
      const r = await h.checkout([id("Multa - Velocidade"), spFine.id]);
      expect(r.status).toBe(422);
      expect(r.body.error.details).toMatchObject({ rule: "foreignDebt", debtIds: [spFine.id] });
      // the same debt is fine with its own vehicle
      expect((await h.checkout([spFine.id], SANDBOX_VEHICLES.spWithDebts)).status).toBe(201);
    } finally {
      await h.post("/__sandbox/clock", { now: null });
    }
  });

  test("422 alreadyPaid for a debt a paid checkout covered; paymentInProgress while under analysis", async () => {
    const fine = id("Multa - Velocidade");
    const first = await h.checkout([fine]);
    expect((await payCard(first.body.checkoutId)).body.status).toBe("paid");
    const again = await h.checkout([fine, id("Multa - Estacionar")]);
    expect(again.status).toBe(422);
    expect(again.body.error.details).toMatchObject({ rule: "alreadyPaid", debtIds: [fine] });

    const parking = id("Multa - Estacionar");
    const second = await h.checkout([parking]);
    expect(
      (await payCard(second.body.checkoutId, SANDBOX_CARDS.analysisThenRefused)).body.status,
    ).toBe("in_analysis");
    const during = await h.checkout([parking]);
    expect(during.body.error.details).toMatchObject({
      rule: "paymentInProgress",
      debtIds: [parking],
    });
    // refused: the debt is free again
    await h.waitFor(
      () =>
        h.events((e) => e.type === "payment-status-update" && e.status === "refused").length > 0,
    );
    expect((await h.checkout([parking])).status).toBe(201);
  });

  test("formats: punctuation in CPF and phone, lower-case hyphenated plate and uf are accepted", async () => {
    const v = SANDBOX_VEHICLES.withDebts;
    const r = await h.post("/uvvi/v1/checkout", {
      debts: [id("Multa - Velocidade")],
      customer: customerFixture({ cpfCnpj: "529.982.247-25", phone: "+55 (31) 3222-1234" }),
      vehicle: {
        licensePlate: `${v.plate.slice(0, 3).toLowerCase()}-${v.plate.slice(3)}`,
        renavam: v.renavam,
        uf: v.uf.toLowerCase(),
      },
    });
    expect(r.status).toBe(201);
  });

  test.each([
    ["customer.cpfCnpj", { customer: customerFixture({ cpfCnpj: "52998224724" }) }],
    ["customer.cpfCnpj", { customer: customerFixture({ cpfCnpj: "11111111111" }) }],
    ["customer.email", { customer: customerFixture({ email: "maria@" }) }],
    ["customer.phone", { customer: customerFixture({ phone: "98765-4321" }) }],
    ["customer.name", { customer: customerFixture({ name: " " }) }],
    ["vehicle.licensePlate", { vehicle: { ...vehicleOf(), licensePlate: "AB12345" } }],
    ["vehicle.renavam", { vehicle: { ...vehicleOf(), renavam: "01234567800" } }],
    ["vehicle.uf", { vehicle: { ...vehicleOf(), uf: "XX" } }],
    ["debts", { debts: [] }],
    ["debts", { debts: ["a", "a"] }],
    ["customer", { customer: undefined }],
  ])("400 with details.fields naming %s", async (field, overrides) => {
    const r = await h.post("/uvvi/v1/checkout", {
      debts: [id("Multa - Velocidade")],
      customer: customerFixture(),
      vehicle: vehicleOf(),
      ...overrides,
    });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe("VALIDATION_ERROR");
    expect(r.body.error.details.fields[field]).toBeTypeOf("string");
  });

  test("a checkout belongs to the key that created it", async () => {
    await h.lookup(SANDBOX_VEHICLES.withDebts, OTHER_KEY);
    const r = await h.checkout([id("Multa - Velocidade")], SANDBOX_VEHICLES.withDebts, OTHER_KEY);
    expect(r.status).toBe(201);
    const pay = await h.post("/uvvi/v1/payment", {
      checkoutId: r.body.checkoutId,
      paymentMethod: "pix",
    });
    expect(pay.status).toBe(404);
    expect(pay.body.error.code).toBe("NOT_FOUND");
  });
});
