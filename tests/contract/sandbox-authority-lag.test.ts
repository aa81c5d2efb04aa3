import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SandboxDebt } from "@/lib/sandbox/context";
import { familyVehicle } from "@/lib/sandbox/catalog/family";
import { timelineDayMs } from "@/lib/sandbox/catalog/timeline";
import type { CatalogVehicle } from "@/lib/sandbox/catalog/vehicles";
import { AUTHORITY_LAG_DAYS, authorityLagMs } from "@/lib/sandbox/lookup/authority-lag";
import { isValidCpf, isValidRenavam } from "@/lib/sandbox/validators";
import { startHarness, type Harness } from "../support/sandbox-payments-harness";

// The authority's lag in dropping paid debts (docs/sandbox-core.md "The authority's lag"), walked
// over real HTTP with the pinnable sandbox clock: BXA plates keep a paid debt listed for 2 days ×
// scale, BXN keep a paid fine forever, BXR relist a paid fine under a new id with a residual.

const SCALE = 1 / 3000;
const LAG_MS = authorityLagMs(SCALE);
/** A São Paulo afternoon: the clock every walk starts from. */
const T0 = new Date("2026-06-15T18:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ timeScale: SCALE });
  await h.reset();
});
afterAll(async () => h.close());

async function setClock(now: Date): Promise<void> {
  expect((await h.post("/__sandbox/clock", { now: now.toISOString() })).status).toBe(200);
}

/** Pays `debts` of `v` by card at the present sandbox clock; the payment's id. */
async function pay(v: CatalogVehicle, debts: SandboxDebt[]): Promise<string> {
  const checkout = await h.checkout(
    debts.map((d) => d.id),
    v,
  );
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(201);
  const paid = await h.payByCard(checkout.body.checkoutId);
  expect(paid.body.status).toBe("paid");
  return paid.body.paymentId as string;
}

const ids = (debts: SandboxDebt[]) => debts.map((d) => d.id);
const byId = (debts: SandboxDebt[], id: string) => debts.find((d) => d.id === id);

/** The lag family vehicle `plate` at T0, its first lookup and its speed fine and previous IPVA. */
async function start(plate: string) {
  const v = familyVehicle(plate);
  expect(v, `${plate} is a generated plate`).toBeDefined();
  await setClock(T0);
  const before = await h.lookup(v!);
  return {
    v: v!,
    before,
    fine: h.pick(before, "Multa - Velocidade"),
    ipvaPrevious: before.find((d) => d.type === "ipva" && d.dependsOn.length === 0 && d.isExpired)!,
  };
}

describe("the lag families", () => {
  it("are withDebts copies with their own RENAVAM, CPF and debt ids; the lag is 2 days × scale", async () => {
    expect(AUTHORITY_LAG_DAYS).toBe(2);
    expect(LAG_MS).toBe(2 * timelineDayMs(SCALE));
    expect(authorityLagMs(1 / 3000)).toBe(57_600);
    const plates = ["BXA0A00", "BXN0A00", "BXR0A00", "TST0A00"];
    const vehicles = plates.map((p) => familyVehicle(p));
    for (const v of vehicles) {
      expect(v).toBeDefined();
      expect(isValidRenavam(v!.renavam) && isValidCpf(v!.cpfCnpj)).toBe(true);
    }
    expect(new Set(vehicles.map((v) => v!.renavam)).size).toBe(plates.length);
    expect(familyVehicle("BXZ0A00")).toBeUndefined();
    await setClock(T0);
    const template = ids(await h.lookup());
    const seen = new Set(template);
    for (const v of vehicles.slice(0, 3)) {
      const mine = await h.lookup(v!);
      expect(mine.length).toBe(template.length);
      for (const id of ids(mine)) expect(seen.has(id), id).toBe(false);
      for (const id of ids(mine)) seen.add(id);
    }
  });
});

describe("BXA: paid debts stay listed for the lag, then leave", () => {
  it("lists the paid fine, IPVA and the cota única's parcelas unchanged within the lag, refuses paying them again, drops them after", async () => {
    const { v, before, fine, ipvaPrevious } = await start("BXA1A01");
    const cotaUnica = before.find((d) => d.type === "ipva" && d.distinct.length === 3)!;
    const parcelas = before.filter((d) => d.distinct.includes(cotaUnica.id));
    expect(parcelas).toHaveLength(3);
    const paymentId = await pay(v, [fine, ipvaPrevious, cotaUnica]);

    // Just paid, and a moment before the lag ends: the authority still lists all of them.
    for (const when of [T0, at(LAG_MS - 1000)]) {
      await setClock(when);
      const within = await h.lookup(v);
      expect(ids(within).sort()).toEqual(ids(before).sort());
      for (const d of [fine, ipvaPrevious, cotaUnica, ...parcelas])
        expect(byId(within, d.id)?.amount, d.title).toBe(d.amount);
    }

    // Paying a listed-but-paid debt again is refused as for any paid debt, its alternative too.
    const again = await h.checkout([fine.id], v);
    expect(again.status).toBe(422);
    expect(again.body.error.details).toMatchObject({
      rule: "alreadyPaid",
      debtIds: [fine.id],
      paymentIds: [paymentId],
    });
    const parcela = await h.checkout([parcelas[0]!.id], v);
    expect(parcela.status).toBe(422);
    expect(parcela.body.error.details).toMatchObject({ rule: "alternativePaid" });

    await setClock(at(LAG_MS));
    const after = await h.lookup(v);
    for (const d of [fine, ipvaPrevious, cotaUnica, ...parcelas])
      expect(ids(after), d.title).not.toContain(d.id);
    expect(after.length).toBe(before.length - 6);
    for (const d of after) expect([...d.dependsOn, ...d.distinct]).not.toContain(cotaUnica.id);
  });
});

describe("BXN: a paid fine is never dropped", () => {
  it("keeps the fine listed after the lag (and a month later) while the other paid debt leaves", async () => {
    const { v, fine, ipvaPrevious } = await start("BXN1A01");
    await pay(v, [fine, ipvaPrevious]);

    const within = await h.lookup(v);
    expect(ids(within)).toEqual(expect.arrayContaining([fine.id, ipvaPrevious.id]));

    for (const when of [at(LAG_MS), at(30 * 86_400_000 * SCALE)]) {
      await setClock(when);
      const after = await h.lookup(v);
      expect(byId(after, fine.id)).toMatchObject({ amount: fine.amount, ait: fine.ait });
      expect(ids(after)).not.toContain(ipvaPrevious.id);
    }
    const again = await h.checkout([fine.id], v);
    expect(again.body.error.details).toMatchObject({ rule: "alreadyPaid", debtIds: [fine.id] });
  });
});

describe("BXR: a paid fine is relisted under a new id with another amount", () => {
  it("lists it at once under a new id, same AIT, a residual amount; the other paid debt follows the lag", async () => {
    const { v, fine, ipvaPrevious } = await start("BXR1A01");
    expect(fine.ait).toBeTruthy();
    await pay(v, [fine, ipvaPrevious]);

    const relistedOf = (debts: SandboxDebt[]) => {
      const same = debts.filter((d) => d.ait === fine.ait);
      expect(same).toHaveLength(1);
      return same[0]!;
    };
    const within = await h.lookup(v);
    const relisted = relistedOf(within);
    expect(relisted.id).not.toBe(fine.id);
    expect(relisted).toMatchObject({ type: "ticket", amount: 7.81 });
    expect(ids(within)).not.toContain(fine.id);
    expect(ids(within)).toContain(ipvaPrevious.id);

    await setClock(at(LAG_MS));
    const after = await h.lookup(v);
    expect(relistedOf(after)).toMatchObject({ id: relisted.id, amount: 7.81 });
    expect(ids(after)).not.toContain(fine.id);
    expect(ids(after)).not.toContain(ipvaPrevious.id);

    // Same id for the same plate and fine, on every lookup; another BXR plate has its own.
    const other = await h.lookup(familyVehicle("BXR1A02")!);
    expect(ids(other)).not.toContain(relisted.id);

    // The residual is a debt of its own: payable, then it follows the lag.
    await pay(v, [relisted]);
    expect(ids(await h.lookup(v))).toContain(relisted.id);
    await setClock(at(2 * LAG_MS));
    const settled = await h.lookup(v);
    expect(settled.filter((d) => d.ait === fine.ait)).toEqual([]);
  });
});

describe("every other plate drops a paid debt at once", () => {
  it("a TST plate's paid fine is gone from the very next lookup", async () => {
    const v = familyVehicle("TST1L01")!;
    await setClock(T0);
    const before = await h.lookup(v);
    const fine = h.pick(before, "Multa - Velocidade");
    await pay(v, [fine]);
    const after = await h.lookup(v);
    expect(ids(after)).not.toContain(fine.id);
    expect(after.length).toBe(before.length - 1);
  });
});
