import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_CARDS } from "@/lib/sandbox/payments/cards-catalog";
import {
  CUSTOMER,
  freshCheckout,
  json,
  pay,
  payByCard,
  readPayment,
} from "../support/storefront-flow";
import {
  abandonedPix,
  PAYMENT_PATH,
  payPixUpstream,
  pixLostToACrash as lostOn,
  upstreamPix as sandboxPix,
} from "../support/pix-lost-code";
import { setupTestEnvironment, type TestEnvironment } from "../support/test-env";
import { apiRequest, armFault, params } from "../support/upstream-helpers";

// A PIX the upstream created whose code never reached us (docs/payment-states.md, `abandoned`):
// our call's answer lost to a crash mid-call, or the upstream creating it late, past the grace.
// The status endpoint carries no code, so before the fix such an attempt was shown waiting with
// nothing to pay, blocked its debts and refused every way forward. Now the code comes back from a
// replay of our call (the sandbox answers a replayed externalId with the original PIX), or, when
// the replay brings none, the attempt ends with its debts free. Route handlers over a real
// database, the sandbox over HTTP; time past our call as the sweep sees it (payment-outcomes.test.ts).

const GRACE_MS = 60_000;
const POLL_SPACING_MS = 300;
const pollSpacing = () => new Promise((r) => setTimeout(r, POLL_SPACING_MS + 50));

type View = {
  ref: string;
  status: string;
  isFinal: boolean;
  failureMessage?: string;
  pix?: { qrCode: string; expiresAt: string };
};
type ErrorBody = { error: { code: string } };

let env: TestEnvironment;
let db: typeof import("@/lib/db/client").db;
let sweepPayments: typeof import("@/lib/payments/sweep").sweepPayments;

beforeAll(async () => {
  env = await setupTestEnvironment({
    sandbox: { timeScale: 1, paymentTimings: { pixTtl: 600_000 } },
    env: {
      PAYMENT_NOT_FOUND_GRACE_MS: String(GRACE_MS),
      STATUS_CHECK_INTERVAL_MS: String(POLL_SPACING_MS),
      RATE_LIMIT_PAYMENTS: "100000",
      RATE_LIMIT_CHECKOUTS: "100000",
      RATE_LIMIT_CARD_TOKENS: "100000",
    },
  });
  ({ db } = await import("@/lib/db/client"));
  ({ sweepPayments } = await import("@/lib/payments/sweep"));
});
afterAll(async () => {
  await env?.close();
});

const later = (ms: number) => new Date(Date.now() + ms);
const viewOf = async (ref: string) => json<View>(await readPayment(ref));
const upstreamPix = (externalId: string) => sandboxPix(env, externalId);

async function checkoutView(token: string) {
  const { GET } = await import("@/app/api/checkouts/[token]/route");
  return json<{ status: string; unavailable?: { code: string }; latestPayment?: View }>(
    await GET(apiRequest(`/api/checkouts/${token}`, { method: "GET" }), params({ token })),
  );
}

async function newCheckout(lookupId: string, debtIds: string[]) {
  const { POST } = await import("@/app/api/checkouts/route");
  const res = await POST(
    apiRequest("/api/checkouts", {
      body: { lookupId, debtIds, customer: CUSTOMER, kind: "owner" },
    }),
  );
  return { status: res.status, body: await json<{ token: string } & ErrorBody>(res) };
}

/** A lost PIX (tests/support/pix-lost-code.ts) on a fresh checkout of the sync vehicle's fine. */
async function pixLostToACrash() {
  const { token, lookupId, fine } = await freshCheckout(env);
  return { ...(await lostOn(env, token)), lookupId, fineId: fine.id, token };
}

describe("a PIX whose creation answer was lost", () => {
  it("crash mid-call: the next poll learns it awaits payment and shows the upstream's own code, which pays it", async () => {
    const { ref, externalId, token } = await pixLostToACrash();
    await sweepPayments(later(40_000));
    const view = await viewOf(ref);
    expect(view.status).toBe("awaiting_payment");
    expect(view.pix?.qrCode).toBe(upstreamPix(externalId)!.qrCode);
    expect((await checkoutView(token)).latestPayment?.pix?.qrCode).toBe(view.pix!.qrCode);

    // The code shown is the one that pays: the simulated payer pays it, the poll sees it paid.
    await payPixUpstream(env, upstreamPix(externalId)!.paymentId);
    await pollSpacing();
    await sweepPayments(later(80_000));
    expect((await viewOf(ref)).status).toBe("paid");
  });

  it("a row already stuck awaiting payment with no code gets its code at its next poll", async () => {
    const { ref, externalId } = await pixLostToACrash();
    // As the code before this fix left it: the poll stored the status, and nothing else.
    await db.payment.update({
      where: { publicRef: ref },
      data: { status: "awaiting_payment", paymentId: upstreamPix(externalId)!.paymentId },
    });
    await sweepPayments(later(40_000));
    const view = await viewOf(ref);
    expect(view.status).toBe("awaiting_payment");
    expect(view.pix?.qrCode).toBe(upstreamPix(externalId)!.qrCode);
  });

  it("when the replay brings no code, the attempt ends: no waiting without a code, its debts free for a new payment at once", async () => {
    const { token, lookupId, fine } = await freshCheckout(env);
    const fineId = fine.id;
    // Our replay fails however often the client retries it.
    const { ref } = await abandonedPix(env, token);

    const view = await viewOf(ref);
    expect(view).toMatchObject({ status: "abandoned", isFinal: true });
    expect(view.pix).toBeUndefined();
    expect(view.failureMessage).toMatch(/nenhum valor foi cobrado/);
    const row = await db.payment.findUniqueOrThrow({
      where: { publicRef: ref },
      include: { events: true },
    });
    expect(row.events.find((e) => e.source === "conclusion")?.detail).toContain(
      "UPSTREAM_SERVER_ERROR",
    );
    expect(await checkoutView(token)).toMatchObject({ latestPayment: { status: "abandoned" } });

    // A later poll hears "awaiting_payment" again: that never brings the attempt back to waiting.
    await pollSpacing();
    await sweepPayments(later(GRACE_MS + 12 * 60_000));
    expect((await viewOf(ref)).status).toBe("abandoned");

    // The debts are free: a new payment of them is made and paid at once.
    const again = await newCheckout(lookupId, [fineId]);
    expect(again.status).toBe(201);
    const paid = await payByCard<View>(again.body.token, SANDBOX_CARDS.visaPaid);
    expect(paid.body.status).toBe("paid");
  });
});

describe("a PIX the upstream creates late, past the grace", () => {
  it("concluded not created, then reopened by the upstream's answer: shown with its code, never waiting without one", async () => {
    const { token } = await freshCheckout(env);
    await armFault(env, {
      path: PAYMENT_PATH,
      method: "POST",
      fault: "late-create",
      delayMs: 1_500,
    });
    const first = await json<View>(
      await pay(token, { attemptId: crypto.randomUUID(), method: "pix" }),
    );
    expect(first.status).toBe("pending");
    await sweepPayments(later(GRACE_MS + 15_000));
    expect((await viewOf(first.ref)).status).toBe("not_created");

    await new Promise((r) => setTimeout(r, 2_000)); // past the late creation
    await pollSpacing();
    await sweepPayments(later(GRACE_MS + 12 * 60_000)); // the sweep re-asks a not-created attempt
    const view = await viewOf(first.ref);
    expect(view.status).toBe("awaiting_payment");
    const row = await db.payment.findUniqueOrThrow({ where: { publicRef: first.ref } });
    expect(view.pix?.qrCode).toBe(upstreamPix(row.externalId)!.qrCode);
    expect((await checkoutView(token)).latestPayment).toMatchObject({
      ref: first.ref,
      pix: { qrCode: view.pix!.qrCode },
    });
  });
});
