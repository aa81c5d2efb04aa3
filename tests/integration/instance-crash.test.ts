import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCountingProxy, type UpstreamCall } from "../support/counting-proxy";
import { createUpstreamPayment } from "../support/webhook-fixtures";
import {
  overrideEnvForTests,
  setupTestEnvironment,
  type TestEnvironment,
} from "../support/test-env";
import { sleep } from "../support/time";

// Scale-out at the library level: an instance SIGKILLed while it holds claimed webhook inbox
// rows and a pending payment's status-call slot. Another instance (this process) must not touch either
// while the lease and the spacing run, then finish both: every row applied once, the payment reconciled with ONE
// upstream status call (counted at a proxy in front of the sandbox). The inbox lease is the real
// 30 s, passed by moving this process's clock; the status interval is 3 s here, waited.

const STATUS_INTERVAL_MS = 3_000;
const STATUS_PATH = "/uvvi/v1/payment/status";

let t: TestEnvironment;
let proxy: { url: string; close(): Promise<void> };
const calls: UpstreamCall[] = [];

beforeAll(async () => {
  t = await setupTestEnvironment({ sandbox: { timeScale: 1 } }); // a card token lives its real 10 minutes
  proxy = await startCountingProxy(t.sandbox.url, calls);
  overrideEnvForTests({
    UVVI_BASE_URL: proxy.url,
    STATUS_CHECK_INTERVAL_MS: String(STATUS_INTERVAL_MS),
  });
});
afterAll(async () => {
  await proxy?.close();
  await t?.close();
});

describe("an instance killed while holding work", () => {
  it("another instance finishes its webhook rows and its pending payment after the lease and the spacing, once each", async () => {
    const { db } = await import("@/lib/db/client");
    const { upstream } = await import("@/lib/upstream/client");
    const { dispatchPendingWebhooks } = await import("@/lib/webhooks/dispatch");
    const { sweepPayments } = await import("@/lib/payments/sweep");

    // Paid upstream, still pending here (the synchronous answer was lost).
    const { payment } = await createUpstreamPayment(db, upstream, {
      card: "visaPaid",
      answered: false,
      createdAt: new Date(Date.now() - 60_000),
    });
    // Ten stored, unapplied inbox rows: lookups we started, each told "no debts".
    const lookups = Array.from({ length: 10 }, (_, i) => ({
      id: randomUUID(),
      externalId: randomUUID(),
      transactionId: String(7_000_000 + i),
      uf: "MG",
      plate: "MGD1E23",
      renavam: "01234567803",
      cpfCnpj: "52998224725",
    }));
    await db.lookup.createMany({ data: lookups });
    await db.webhookEvent.createMany({
      data: lookups.map((l) => ({
        dedupeKey: `VehicleWithoutDebts|${l.transactionId}|${l.externalId}`,
        type: "VehicleWithoutDebts",
        transactionId: l.transactionId,
        externalId: l.externalId,
        payload: JSON.stringify({
          type: "VehicleWithoutDebts",
          transactionId: Number(l.transactionId),
          externalId: l.externalId,
        }),
      })),
    });

    const child = spawn(
      process.execPath,
      ["--import", "tsx", "tests/support/crashing-instance.ts"],
      {
        env: t.childEnv({ PAYMENT_ID: payment.id }),
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    let out = "";
    child.stdout!.on("data", (c: Buffer) => (out += c.toString()));
    const exited = new Promise((r) => child.on("exit", r));
    for (let k = 0; k < 300 && !out.includes("held"); k++) await sleep(100);
    expect(out.trim()).toBe("held 10 slot");
    child.kill("SIGKILL");
    await exited;
    const killedAt = Date.now();

    // While its lease and spacing run, this instance leaves both alone.
    await dispatchPendingWebhooks();
    await sweepPayments(new Date(Date.now() + 60_000));
    expect(await db.webhookEvent.count({ where: { outcome: null } })).toBe(10);
    expect((await db.payment.findUniqueOrThrow({ where: { id: payment.id } })).status).toBe(
      "pending",
    );
    expect(calls.filter((c) => c.path === STATUS_PATH)).toHaveLength(0);

    // The status-call spacing ends first: the next sweep checks the payment, with one call.
    await sleep(STATUS_INTERVAL_MS + 100 - (Date.now() - killedAt));
    await sweepPayments(new Date(Date.now() + 60_000));
    await sweepPayments(new Date(Date.now() + 60_000));
    expect((await db.payment.findUniqueOrThrow({ where: { id: payment.id } })).status).toBe("paid");
    expect(calls.filter((c) => c.path === STATUS_PATH)).toHaveLength(1);

    // Until the inbox lease (30 s) ends, still nothing; once it has, the next kick applies every
    // row, once. The lease is the dead instance's, written from its wall clock: this process moves
    // its own clock (lib/clock, which lib/jobs reads) past it rather than waiting 30 s.
    const { advanceClock, clock } = await import("@/lib/clock");
    const leaseUntil = Math.max(
      ...(await db.webhookEvent.findMany({ select: { leaseUntil: true } })).map((r) =>
        r.leaseUntil!.getTime(),
      ),
    );
    expect(leaseUntil - clock.nowMs()).toBeGreaterThan(20_000);
    advanceClock(leaseUntil - clock.nowMs() - 1_000);
    await dispatchPendingWebhooks();
    expect(await db.webhookEvent.count({ where: { outcome: null } })).toBe(10);
    advanceClock(Math.max(0, leaseUntil - clock.nowMs() + 100));
    await dispatchPendingWebhooks();
    const rows = await db.webhookEvent.findMany();
    expect(rows.map((r) => [r.outcome, r.attempts, r.leaseOwner])).toEqual(
      Array(10).fill(["applied", 2, null]),
    );
    const resolved = await db.lookup.findMany({ where: { id: { in: lookups.map((l) => l.id) } } });
    expect(resolved.every((l) => l.status === "no_debts")).toBe(true);
  }, 90_000);
});
