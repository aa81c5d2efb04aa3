import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SANDBOX_VEHICLES } from "@/lib/sandbox/catalog/vehicles";
import type { Db } from "@/lib/db/create-client";
import { setupTestEnvironment, type TestEnvironment } from "../support/test-env";
import { freshCheckout, json, pay, tokenize } from "../support/storefront-flow";
import { apiRequest, armFault, clearFaults } from "../support/upstream-helpers";
import { SANDBOX_CARDS } from "@/lib/sandbox/payments/cards-catalog";

// The fleet's upstream budget (lib/upstream/budget.ts) over real HTTP against the sandbox and real
// SQLite: a flood of anonymous simulations must stop at (limit - reserve) while a person
// paying still gets through, two instances (two Prisma clients on one file) count together, and
// an upstream 429 pauses the operation for the other instance too.

const LIMIT = 20;
const RESERVE = 10; // 50%
let env: TestEnvironment;
let appDb: Db;
let otherDb: Db; // a second instance's connection to the same database
let client: typeof import("@/lib/upstream/client");
let budgetModule: typeof import("@/lib/upstream/budget");

beforeAll(async () => {
  env = await setupTestEnvironment({
    sandbox: { timeScale: 0.01 },
    env: {
      UPSTREAM_RATE_PER_MINUTE: String(LIMIT),
      UPSTREAM_RESERVE_PERCENT: "50",
      LOG_LEVEL: process.env.TEST_LOG ?? "silent",
    },
  });
  appDb = (await import("@/lib/db/client")).db;
  otherDb = (await import("@/lib/db/create-client")).createPrismaClient(env.databaseUrl);
  client = await import("@/lib/upstream/client");
  budgetModule = await import("@/lib/upstream/budget");
});
beforeEach(async () => {
  // Counts are per wall-clock minute: keep each test inside one, and start it from zero.
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 40_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 200));
  await appDb.upstreamBudgetWindow.updateMany({ data: { count: 0 } });
});
afterEach(() => clearFaults(env));
afterAll(async () => {
  await otherDb.$disconnect();
  await env.close();
});

const spent = async () =>
  (await appDb.upstreamBudgetWindow.findMany()).reduce((sum, w) => sum + w.count, 0);

async function refusalOf(p: Promise<unknown>) {
  const outcome = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(outcome).toMatchObject({ code: "UPSTREAM_RATE_LIMITED", notSent: true });
  return outcome as { retryAfterSeconds: number };
}

describe("the issue's flood: anonymous simulations cannot starve payments", () => {
  it("POST /api/installments stops at limit - reserve with 429 + Retry-After in pt-BR; the PIX payment and the card token go through", async () => {
    const { token } = await freshCheckout(env);
    const { POST } = await import("@/app/api/installments/route");
    const statuses: number[] = [];
    let refused: Response | undefined;
    // Distinct amounts and addresses: neither a simulation cache nor a per-client limit may hide the budget.
    for (let i = 0; i < 15; i++) {
      const res = await POST(
        apiRequest("/api/installments", {
          body: { amountCents: 10_000 + i },
          ip: `10.9.0.${i + 1}`,
        }),
      );
      statuses.push(res.status);
      if (res.status === 429) refused = res;
    }
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
    // Once refused, always refused in this minute, and the fleet's count stopped exactly at the general cap.
    expect(statuses.slice(statuses.indexOf(429)).every((s) => s === 429)).toBe(true);
    expect(await spent()).toBe(LIMIT - RESERVE);
    expect(refused!.headers.get("retry-after")).toMatch(/^\d+$/);
    const body = await json<{
      error: { code: string; message: string };
      retryAfterSeconds: number;
    }>(refused!);
    expect(body.error).toMatchObject({
      code: "UPSTREAM_RATE_LIMITED",
      message: expect.stringMatching(/Aguarde/),
    });
    expect(body.retryAfterSeconds).toBeGreaterThan(0);

    const paid = await pay(token, { attemptId: randomUUID(), method: "pix" });
    expect(paid.status).toBe(201);
    expect(env.sandbox.ctx.store.payments.size).toBe(1);
    expect((await tokenize(token, SANDBOX_CARDS.visaPaid.number)).status).toBe(200);
    expect(await spent()).toBeGreaterThanOrEqual(LIMIT - RESERVE + 2);
  });

  it("the money path itself stops at the full limit", async () => {
    const b = budgetModule.createBudget(otherDb, { perMinute: LIMIT, reserve: RESERVE });
    for (let i = 0; i < LIMIT; i++) await b.take("payment-status");
    const e = await refusalOf(b.take("payment"));
    expect(e.retryAfterSeconds).toBeGreaterThan(0);
    expect(e.retryAfterSeconds).toBeLessThanOrEqual(60);
  });
});

describe("a call refused by the budget was never sent, and the flows know it", () => {
  it("a payment refused at the full limit leaves no pending payment behind: 429, no row, nothing upstream", async () => {
    const { token } = await freshCheckout(env);
    const { db } = await import("@/lib/db/client");
    await db.upstreamBudgetWindow.updateMany({ data: { count: LIMIT } });
    const before = await db.payment.count();
    const res = await pay(token, { attemptId: randomUUID(), method: "pix" });
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await db.payment.count()).toBe(before);
    expect(env.sandbox.ctx.store.payments.size).toBe(0);
  });

  it("a lookup refused at limit - reserve is failed with the pt-BR message, not left pending for a webhook that never comes", async () => {
    await appDb.upstreamBudgetWindow.updateMany({ data: { count: LIMIT - RESERVE } });
    const v = SANDBOX_VEHICLES.withDebts;
    const { POST } = await import("@/app/api/lookups/route");
    const res = await POST(
      apiRequest("/api/lookups", {
        body: { uf: v.uf, plate: v.plate, renavam: v.renavam, cpfCnpj: v.cpfCnpj },
        ip: "10.8.0.1",
      }),
    );
    expect(res.status).toBe(429);
    const latest = await appDb.lookup.findFirst({ orderBy: { createdAt: "desc" } });
    expect(latest).toMatchObject({ status: "failed", errorCode: "UPSTREAM_RATE_LIMITED" });
  });
});

describe("two instances share one count", () => {
  it("40 concurrent general takes over two Prisma clients: exactly limit - reserve succeed; the reserve is still there for a payment", async () => {
    const a = budgetModule.createBudget(appDb, { perMinute: LIMIT, reserve: RESERVE });
    const b = budgetModule.createBudget(otherDb, { perMinute: LIMIT, reserve: RESERVE });
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).take("installments")),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(LIMIT - RESERVE);
    expect(await spent()).toBe(LIMIT - RESERVE);
    await refusalOf(a.take("enrichment"));
    await expect(b.take("payment")).resolves.toBeUndefined();
  });

  it("a group take is all or nothing, counted at once for the fleet, spent without overshooting, and races one-unit takes exactly", async () => {
    const a = budgetModule.createBudget(appDb, { perMinute: LIMIT, reserve: RESERVE });
    const b = budgetModule.createBudget(otherDb, { perMinute: LIMIT, reserve: RESERVE });
    // More than the general cap: refused whole, nothing counted.
    expect(await a.takeAhead("debt-lookup", LIMIT - RESERVE + 1)).toBe(false);
    expect(await spent()).toBe(0);
    // Six ahead on A while B races ten single takes: exactly the cap goes through between them.
    const [group, ...singles] = await Promise.all([
      a.takeAhead("debt-lookup", 6),
      ...Array.from({ length: 10 }, () =>
        b.take("debt-lookup").then(
          () => true,
          () => false,
        ),
      ),
    ]);
    const singlesWon = singles.filter(Boolean).length;
    expect(await spent()).toBe((group ? 6 : 0) + singlesWon);
    expect(await spent()).toBeLessThanOrEqual(LIMIT - RESERVE);
    // A's units are already counted: spending them asks the database nothing and adds nothing.
    const before = await spent();
    for (let i = 0; i < (group ? 6 : 0); i++) await a.take("debt-lookup");
    expect(await spent()).toBe(before);
    // Once they are gone, A asks like anyone else and the full window refuses it.
    if (before === LIMIT - RESERVE) await refusalOf(a.take("debt-lookup"));
    await expect(b.take("payment")).resolves.toBeUndefined();
  });

  it("units taken ahead are never spent in a later window, nor while the operation is paused", async () => {
    let t = Math.floor(Date.now() / 60_000) * 60_000 + 1_000;
    const a = budgetModule.createBudget(appDb, { perMinute: LIMIT, reserve: RESERVE }, () => t);
    expect(await a.takeAhead("debt-lookup", LIMIT - RESERVE)).toBe(true);
    await refusalOf(
      budgetModule
        .createBudget(otherDb, { perMinute: LIMIT, reserve: RESERVE }, () => t)
        .take("debt-lookup"),
    );
    await a.take("debt-lookup");
    t += 60_000; // the next window: the 9 left over are dropped, this take is counted in the new window
    await a.take("debt-lookup");
    const next = await appDb.upstreamBudgetWindow.findUnique({
      where: { minute: Math.floor(t / 60_000) },
    });
    expect(next?.count).toBe(1);
    expect(await a.takeAhead("debt-lookup", 2)).toBe(true);
    await a.recordPause("debt-lookup", 30);
    try {
      await refusalOf(a.take("debt-lookup"));
      expect(await a.takeAhead("debt-lookup", 1)).toBe(false);
    } finally {
      await appDb.upstreamPause.deleteMany({ where: { operation: "debt-lookup" } });
    }
  });

  it("two takes at once as a minute begins, one's count answered after the other opened the window: both taken, none refused as spent", async () => {
    // A window nobody has opened yet: hours ahead, so no test's row is in it.
    const t = (Math.floor(Date.now() / 60_000) + 600) * 60_000;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let gated = false;
    // The first conditional increment (no row yet: it changes nothing) answers only after the
    // other take has opened the window: the order a loaded host produced in CI.
    const slow = new Proxy(appDb, {
      get(target, prop, receiver) {
        if (prop !== "$executeRaw") return Reflect.get(target, prop, receiver) as unknown;
        return (strings: TemplateStringsArray, ...values: unknown[]) => {
          const sent = target.$executeRaw(strings, ...values);
          if (gated || !strings.join("?").startsWith('UPDATE "UpstreamBudgetWindow"')) return sent;
          gated = true;
          return sent.then(async (changed) => {
            await held;
            return changed;
          });
        };
      },
    });
    const a = budgetModule.createBudget(slow, { perMinute: LIMIT, reserve: RESERVE }, () => t);
    try {
      const first = a.take("debt-lookup");
      // Its increment is on its way (after the pauses' read).
      for (let waited = 0; !gated && waited < 10_000; waited += 10)
        await new Promise((r) => setTimeout(r, 10));
      expect(gated).toBe(true);
      await expect(a.take("debt-lookup")).resolves.toBeUndefined();
      release();
      await expect(first).resolves.toBeUndefined();
      const row = await appDb.upstreamBudgetWindow.findUnique({ where: { minute: t / 60_000 } });
      expect(row?.count).toBe(2);
    } finally {
      release();
      await appDb.upstreamBudgetWindow.deleteMany({ where: { minute: t / 60_000 } });
    }
  });

  it("the real client on one instance is refused once the other instance has spent the minute", async () => {
    const other = budgetModule.createBudget(otherDb, { perMinute: LIMIT, reserve: RESERVE });
    for (let i = 0; i < LIMIT - RESERVE; i++) await other.take("installments");
    await refusalOf(client.upstream.simulateInstallments(12_345));
    await expect(
      client.upstream.getPaymentStatus({ externalId: randomUUID() }),
    ).rejects.toMatchObject({ code: "UPSTREAM_NOT_FOUND" });
  });
});

describe("an upstream 429 with retryAfter pauses that operation for the whole fleet", () => {
  const v = SANDBOX_VEHICLES.withDebts;
  const cases = [
    {
      shape: "A",
      operation: "enrichment",
      path: `/api/v1/vehicle/enrichment/${v.plate}`,
      call: () => client.upstream.enrichVehicle(v.plate),
    },
    {
      shape: "B",
      operation: "installments",
      path: "/uvvi/v1/installments",
      call: () => client.upstream.simulateInstallments(10_000),
    },
    {
      shape: "C",
      operation: "payment-status",
      path: "/uvvi/v1/payment/status",
      call: () => client.upstream.getPaymentStatus({ externalId: randomUUID() }),
    },
  ] as const;

  it.each(cases)(
    "shape $shape on $operation: the other instance refuses it, other operations still pass",
    async ({ shape, operation, path, call }) => {
      await armFault(env, { path, fault: "rate-limit", retryAfter: 30, shape, times: 1 });
      await expect(call()).rejects.toMatchObject({
        code: "UPSTREAM_RATE_LIMITED",
        httpStatus: 429,
        retryAfterSeconds: 30,
        notSent: false,
      });
      const row = await otherDb.upstreamPause.findUnique({ where: { operation } });
      expect(row!.pausedUntil.getTime() - Date.now()).toBeGreaterThan(25_000);

      const other = budgetModule.createBudget(otherDb, { perMinute: LIMIT, reserve: RESERVE });
      const e = await refusalOf(other.take(operation));
      expect(e.retryAfterSeconds).toBeGreaterThan(25);
      expect(e.retryAfterSeconds).toBeLessThanOrEqual(30);
      await expect(other.take("debt-lookup")).resolves.toBeUndefined();
      // This instance does not send it either (the fault was for one request: a sent call would pass).
      await refusalOf(call());
    },
  );

  it("an instance that read the pauses just before still honours a new pause within PAUSE_REFRESH_MS", async () => {
    const other = budgetModule.createBudget(otherDb, { perMinute: LIMIT, reserve: RESERVE });
    await other.take("webhook-register"); // its pause cache is now fresh, and empty
    await armFault(env, {
      path: "/uvvi/v1/webhook-register",
      fault: "rate-limit",
      retryAfter: 20,
      times: 1,
    });
    await expect(
      client.upstream.registerWebhook("http://localhost:3999/api/webhooks/uvvi/x"),
    ).rejects.toMatchObject({ code: "UPSTREAM_RATE_LIMITED", notSent: false });
    await new Promise((r) => setTimeout(r, budgetModule.PAUSE_REFRESH_MS + 50));
    await refusalOf(other.take("webhook-register"));
  });
});
