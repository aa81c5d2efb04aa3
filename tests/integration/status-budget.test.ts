import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCountingProxy, type UpstreamCall } from "../support/counting-proxy";
import { apiRequest, armFault, clearFaults, params } from "../support/upstream-helpers";
import { createUpstreamPayment } from "../support/webhook-fixtures";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";
import {
  overrideEnvForTests,
  setupTestEnvironment,
  TEST_WEBHOOK_SECRET,
  testDatabaseProvider,
  type TestEnvironment,
} from "../support/test-env";
import { sleep } from "../support/time";

// The status-call budget for the whole fleet, counted where it matters: at a proxy in front of the
// sandbox. Polls: one upstream status call per payment per STATUS_CHECK_INTERVAL_MS; confirmations
// of received events: one per payment per STATUS_CONFIRM_SPACING_MS, each on its own spacing. The
// intervals are 1 s and 2 s here instead of 31 s and 5 s so the minute runs in seconds; the
// mechanism is the same. Against it:
// 200 concurrent status polls through the real GET route handler, the sweep every 200 ms, forged
// `paid`/`refused`/`expired` hints through the real webhook route (each wants a call), and a
// second Prisma client taking the same slot as another instance would. The proxy stamps a call
// when it arrives, which under this load lags the decision by up to seconds, so spacing is read
// from the decisions themselves: a trigger (test-only) logs every slot taken, by either handle,
// and every call the sandbox saw must be one of those.

const INTERVAL_MS = 1_000;
const CONFIRM_SPACING_MS = 2_000;
const RUN_MS = 5_500;
const POLLERS = 200;
const STATUS_PATH = "/uvvi/v1/payment/status";

let t: TestEnvironment;
let proxy: { url: string; close(): Promise<void> };
let receiver: WebhookReceiver;
const calls: UpstreamCall[] = [];

beforeAll(async () => {
  t = await setupTestEnvironment({ sandbox: { timeScale: 1 } }); // a PIX payment stays awaiting_payment for 30 min
  proxy = await startCountingProxy(t.sandbox.url, calls);
  overrideEnvForTests({
    UVVI_BASE_URL: proxy.url,
    STATUS_CHECK_INTERVAL_MS: String(INTERVAL_MS),
    STATUS_CONFIRM_SPACING_MS: String(CONFIRM_SPACING_MS),
  });
  await logSlots();
  const { POST } = await import("@/app/api/webhooks/uvvi/[secret]/route");
  receiver = await startWebhookReceiver(POST);
});
afterAll(async () => {
  await receiver?.close();
  await proxy?.close();
  await t?.close();
});

/**
 * Test-only triggers writing every slot taken to slot_log(paymentId, kind, at), on the database in
 * use: through better-sqlite3 on the SQLite file, or as a plpgsql trigger function on PostgreSQL
 * (one statement per call: Prisma sends each as a prepared statement).
 */
async function logSlots(): Promise<void> {
  if (testDatabaseProvider() === "sqlite") {
    const raw = new Database(t.databaseUrl.replace(/^file:/, ""));
    raw.exec(`CREATE TABLE slot_log ("paymentId" TEXT, "kind" TEXT, "at" TEXT);
      CREATE TRIGGER poll_slot_taken AFTER UPDATE OF "nextStatusCheckAt" ON "Payment" WHEN NEW."nextStatusCheckAt" IS NOT OLD."nextStatusCheckAt"
      BEGIN INSERT INTO slot_log VALUES (NEW."id", 'poll', NEW."statusCheckAt"); END;
      CREATE TRIGGER confirm_slot_taken AFTER UPDATE OF "nextConfirmAt" ON "Payment" WHEN NEW."nextConfirmAt" IS NOT OLD."nextConfirmAt"
      BEGIN INSERT INTO slot_log VALUES (NEW."id", 'confirm', NEW."statusCheckAt"); END;`);
    raw.close();
    return;
  }
  const { db } = await import("@/lib/db/client");
  for (const sql of [
    `CREATE TABLE slot_log ("paymentId" TEXT, "kind" TEXT, "at" TIMESTAMP(3))`,
    `CREATE FUNCTION slot_log_take() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN INSERT INTO slot_log VALUES (NEW."id", TG_ARGV[0], NEW."statusCheckAt"); RETURN NEW; END $$`,
    `CREATE TRIGGER poll_slot_taken AFTER UPDATE OF "nextStatusCheckAt" ON "Payment" FOR EACH ROW
     WHEN (NEW."nextStatusCheckAt" IS DISTINCT FROM OLD."nextStatusCheckAt") EXECUTE FUNCTION slot_log_take('poll')`,
    `CREATE TRIGGER confirm_slot_taken AFTER UPDATE OF "nextConfirmAt" ON "Payment" FOR EACH ROW
     WHEN (NEW."nextConfirmAt" IS DISTINCT FROM OLD."nextConfirmAt") EXECUTE FUNCTION slot_log_take('confirm')`,
  ])
    await db.$executeRawUnsafe(sql);
}

describe("status-call budget", () => {
  it(`${POLLERS} pollers, the sweep, forged hints and a second instance: polls for one payment at least ${INTERVAL_MS} ms apart, confirmations ${CONFIRM_SPACING_MS} ms`, async () => {
    const { db } = await import("@/lib/db/client");
    const { upstream } = await import("@/lib/upstream/client");
    const { createPrismaClient } = await import("@/lib/db/create-client");
    const { GET } = await import("@/app/api/payments/[paymentRef]/route");
    const { sweepPayments } = await import("@/lib/payments/sweep");
    const { takeStatusCallSlot } = await import("@/lib/payments/status-call-spacing");
    const { dispatchPendingWebhooks } = await import("@/lib/webhooks/dispatch");
    const other = createPrismaClient(t.databaseUrl);

    // Created as long ago as the sweep wants, so it picks them too.
    const made = await Promise.all(
      [0, 1].map(() =>
        createUpstreamPayment(db, upstream, {
          method: "pix",
          createdAt: new Date(Date.now() - 60_000),
        }),
      ),
    );
    const payments = made.map(({ payment, answer }) => ({
      id: payment.id,
      ref: payment.publicRef!,
      externalId: payment.externalId,
      ...(answer.kind === "answered" ? answer : { paymentId: "", transactionId: "" }),
    }));
    calls.length = 0;
    const otherWins: { id: string; at: number }[] = [];
    const start = Date.now();
    const end = start + RUN_MS;
    const statuses: number[] = [];

    const poller = async (i: number) => {
      const p = payments[i % payments.length]!;
      while (Date.now() < end) {
        const res = await GET(
          apiRequest(`/api/payments/${p.ref}`, { method: "GET", ip: `10.0.${i >> 8}.${i & 255}` }),
          params({ paymentRef: p.ref }),
        );
        statuses.push(res.status);
        await res.arrayBuffer();
        await sleep(50);
      }
    };
    const sweeper = async () => {
      while (Date.now() < end) {
        await sweepPayments(new Date(Date.now() + 120_000)); // every payment looks overdue
        await sleep(200);
      }
    };
    const hinter = async () => {
      const variants = ["paid", "refused", "expired"].flatMap((status) =>
        [null, "settled"].map((liq) => ({ status, liq })),
      );
      for (const v of variants) {
        for (const p of payments) {
          const body = {
            type: "payment-status-update",
            transactionId: p.transactionId ?? 1,
            externalId: p.externalId,
            paymentId: p.paymentId,
            status: v.status,
            amount: 1,
            paidAt: null,
            liquidationStatus: v.liq,
          };
          const res = await fetch(`${receiver.url}/api/webhooks/uvvi/${TEST_WEBHOOK_SECRET}`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(body),
          });
          expect(res.status).toBe(200);
        }
        void dispatchPendingWebhooks();
        await sleep(RUN_MS / variants.length);
      }
    };
    const otherInstance = async () => {
      while (Date.now() < end) {
        for (const p of payments)
          if (await takeStatusCallSlot(p.id, new Date(), other))
            otherWins.push({ id: p.paymentId, at: Date.now() });
        await sleep(50);
      }
    };
    try {
      await Promise.all([
        ...Array.from({ length: POLLERS }, (_, i) => poller(i)),
        sweeper(),
        hinter(),
        otherInstance(),
      ]);
    } finally {
      await other.$disconnect();
    }
    // The hinter's last events may be applied after RUN_MS on a busy host: the count is bounded by
    // the time the run really took, at one confirmation per spacing.
    const ranMs = Date.now() - start;

    expect(statuses.every((s) => s === 200)).toBe(true);
    const statusCalls = calls.filter((c) => c.method === "POST" && c.path === STATUS_PATH);
    const log = await db.$queryRawUnsafe<
      { paymentId: string; kind: string; at: string | number | Date }[]
    >(`SELECT "paymentId", "kind", "at" FROM slot_log`);
    const minGap = (times: number[]) => Math.min(...times.slice(1).map((x, i) => x - times[i]!));
    for (const p of payments) {
      const takesOf = (kind: string) =>
        log
          .filter((l) => l.paymentId === p.id && l.kind === kind)
          .map((l) =>
            l.at instanceof Date
              ? l.at.getTime()
              : typeof l.at === "number"
                ? l.at
                : Date.parse(l.at),
          )
          .sort((x, y) => x - y);
      const polls = takesOf("poll");
      const confirms = takesOf("confirm");
      const seen = statusCalls.filter((c) => c.body.includes(p.paymentId)).length;
      const theirs = otherWins.filter((w) => w.id === p.paymentId).length;
      expect(minGap(polls)).toBeGreaterThanOrEqual(INTERVAL_MS); // one poll per window, fleet-wide
      if (confirms.length > 1) expect(minGap(confirms)).toBeGreaterThanOrEqual(CONFIRM_SPACING_MS); // forged events cannot buy more
      expect(confirms.length).toBeLessThanOrEqual(Math.ceil(ranMs / CONFIRM_SPACING_MS) + 1);
      expect(seen + theirs).toBeLessThanOrEqual(polls.length + confirms.length); // no call without a slot
      expect(seen).toBeGreaterThan(0); // and the budget is used: pollers are answered, not starved
      expect(polls.length).toBeGreaterThanOrEqual(1);
      expect(polls.length + confirms.length).toBeGreaterThanOrEqual(3);
    }

    // Every hint is settled within the budget: deferred, then judged by a later status answer.
    const hints = await waitFor(async () => {
      await dispatchPendingWebhooks();
      const rows = await db.webhookEvent.findMany({
        where: {
          type: "payment-status-update",
          externalId: { in: payments.map((p) => p.externalId) },
        },
      });
      return rows.every((r) => r.outcome !== null) && rows;
    }, 10_000);
    expect(hints).toHaveLength(12);
    expect(hints.every((r) => r.outcome === "ignored" && /not confirmed/.test(r.error ?? ""))).toBe(
      true,
    );
    for (const p of payments)
      expect((await db.payment.findUniqueOrThrow({ where: { id: p.id } })).status).toBe(
        "awaiting_payment",
      );
  }, 60_000);

  it("a real `paid` hint whose status call fails is retried with backoff, then confirmed, not recorded as unconfirmed", async () => {
    const { db } = await import("@/lib/db/client");
    const { upstream } = await import("@/lib/upstream/client");
    const { dispatchPendingWebhooks } = await import("@/lib/webhooks/dispatch");
    const { payment, answer } = await createUpstreamPayment(db, upstream, {
      card: "visaPaid",
      answered: false,
    });
    if (answer.kind !== "answered") throw new Error("expected an answer");
    await armFault(t, { path: STATUS_PATH, fault: "server-error", times: 50 });
    try {
      const body = {
        type: "payment-status-update",
        transactionId: answer.transactionId ?? 1,
        externalId: payment.externalId,
        paymentId: answer.paymentId,
        status: "paid",
        amount: 1,
        paidAt: null,
        liquidationStatus: null,
      };
      const res = await fetch(`${receiver.url}/api/webhooks/uvvi/${TEST_WEBHOOK_SECRET}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(200);
      const failed = await waitFor(async () => {
        await dispatchPendingWebhooks();
        const row = await db.webhookEvent.findFirst({ where: { externalId: payment.externalId } });
        return row !== null && row.attempts >= 1 && row.notBefore !== null && row;
      }, 10_000);
      expect(failed).toMatchObject({ outcome: null, leaseOwner: null });
      expect(failed.error).toBeNull();
    } finally {
      await clearFaults(t);
    }
    const done = await waitFor(async () => {
      await dispatchPendingWebhooks();
      const row = await db.webhookEvent.findFirstOrThrow({
        where: { externalId: payment.externalId },
      });
      return row.outcome !== null && row;
    }, 15_000);
    expect(done.outcome).toBe("applied");
    expect((await db.payment.findUniqueOrThrow({ where: { id: payment.id } })).status).toBe("paid");
  }, 40_000);
});

async function waitFor<T>(probe: () => Promise<T | false>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await sleep(100);
  }
}
