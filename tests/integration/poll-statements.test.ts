import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  setupTestEnvironment,
  testDatabaseProvider,
  type TestEnvironment,
} from "../support/test-env";
import { freshCheckout, json, paidByCard, pay } from "../support/storefront-flow";

// Each statement a status poll sends is a round trip that wakes a PostgreSQL backend, and at the
// rates one instance of a fleet answers that wake-up is most of a poll's cost (docs/benchmarks.md,
// bench:fleet). Counted here at the driver every PostgreSQL statement goes through (adapter-pg's
// pg.Client), so a change that adds one back fails here, not only in a benchmark. SQLite runs in
// the same process without round trips; the count matters on PostgreSQL only. Each statement is
// also named, so PostgreSQL parses and plans its text once per connection.

let env: TestEnvironment;

beforeAll(async () => {
  env = await setupTestEnvironment({
    sandbox: { timeScale: 0.01 },
    env: {
      RATE_LIMIT_PAYMENTS: "1000",
      RATE_LIMIT_LOOKUPS: "1000",
      RATE_LIMIT_CHECKOUTS: "1000",
      LOG_LEVEL: "error",
    },
  });
});
afterAll(async () => {
  await env?.close();
});

/** The statements one call sends to PostgreSQL: their text, and the name each is prepared under. */
async function statementsOf<T>(
  run: () => Promise<T>,
): Promise<{ result: T; sent: string[]; names: (string | undefined)[] }> {
  const sent: string[] = [];
  const names: (string | undefined)[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string; name?: string };
    sent.push(typeof first === "string" ? first : (first?.text ?? ""));
    names.push(typeof first === "string" ? undefined : first?.name);
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    return { result: await run(), sent, names };
  } finally {
    pg.Client.prototype.query = original;
  }
}

async function poll(ref: string) {
  const { getPaymentView } = await import("@/lib/payments/get-payment");
  return getPaymentView(ref, "poll-statements-test");
}

describe.skipIf(testDatabaseProvider() !== "postgresql")(
  "a status poll's statements on PostgreSQL",
  () => {
    it("a PIX awaiting payment: the payment with its timeline, debts and checkout in one statement, and its successor's reference", async () => {
      const { token, fine } = await freshCheckout(env);
      const view = await json<{ ref: string; status: string }>(
        await pay(token, { attemptId: crypto.randomUUID(), method: "pix" }),
      );
      expect(view.status).toBe("awaiting_payment");
      await poll(view.ref); // the first poll may take the status-call slot; the ones after it wait for it
      const { result, sent, names } = await statementsOf(() => poll(view.ref));
      expect(result).toMatchObject({
        ref: view.ref,
        method: "pix",
        debts: [expect.objectContaining({ id: fine.id, status: "pending" })],
      });
      expect(result.timeline.map((t) => t.status)).toEqual(["pending", "awaiting_payment"]); // the events, joined in order
      expect(sent, sent.join("\n\n")).toHaveLength(2);
      expect(sent[0]).toMatch(/LATERAL/);
      // Prepared once per connection under the text's name, then only bound (lib/db/create-client.ts).
      expect(names).toEqual([expect.stringMatching(/^pp_/), expect.stringMatching(/^pp_/)]);
      expect(new Set(names).size).toBe(2);
    });

    it("a paid card payment waiting for settlement: one statement", async () => {
      const { view, fine } = await paidByCard(env, 1);
      await poll(view.ref);
      const { result, sent } = await statementsOf(() => poll(view.ref));
      expect(result).toMatchObject({
        ref: view.ref,
        method: "credit_card",
        status: "paid",
        debts: [expect.objectContaining({ id: fine.id })],
      });
      expect(result.timeline.map((t) => t.status)).toContain("paid");
      expect(sent, sent.join("\n\n")).toHaveLength(1);
    });
  },
);
