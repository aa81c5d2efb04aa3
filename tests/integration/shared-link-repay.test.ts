import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { SANDBOX_CARDS } from "@/lib/sandbox/payments/cards-catalog";
import { abandonedPix, payPixUpstream } from "../support/pix-lost-code";
import { CUSTOMER, freshCheckout, json, pay, payByCard } from "../support/storefront-flow";
import {
  overrideEnvForTests,
  setupTestEnvironment,
  type TestEnvironment,
} from "../support/test-env";
import { apiRequest, params } from "../support/upstream-helpers";

// Issue 45: a shared link whose PIX ended `abandoned` (its code never reached us) left its payer
// with no way forward: the upstream refuses another payment on that checkout until the orphan PIX
// expires, the page said "peça um novo link", and the sender's "Gerar novo link" refused an open
// link (LINK_STILL_OPEN). Now the payer's "Gerar novo pagamento" (POST /api/checkouts/{token}/repay)
// makes one new link of the same sender for the same debts, payable at once, and every later ask
// (a second click, another instance, the sender's renewal) gets that same link back. Route
// handlers over a real database, the sandbox over HTTP (pix-lost-code.test.ts's environment).

type CheckoutBody = {
  token: string;
  status: string;
  latestPayment?: { status: string };
  successor?: { token: string; status: string };
};
type Answer = { status: number; body: { token: string; error?: { code: string } } };

let env: TestEnvironment;
let db: typeof import("@/lib/db/client").db;
let sweepPayments: typeof import("@/lib/payments/sweep").sweepPayments;

beforeAll(async () => {
  env = await setupTestEnvironment({
    sandbox: { timeScale: 1, paymentTimings: { pixTtl: 600_000 } },
    env: {
      PAYMENT_NOT_FOUND_GRACE_MS: "60000",
      STATUS_CHECK_INTERVAL_MS: "300",
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

async function answer(res: Response): Promise<Answer> {
  return { status: res.status, body: await json<Answer["body"]>(res) };
}

/** The payer's "Gerar novo pagamento": no cookie, only the link's token. */
async function repay(token: string, ip = "10.0.9.1"): Promise<Answer> {
  const { POST } = await import("@/app/api/checkouts/[token]/repay/route");
  return answer(await POST(apiRequest(`/api/checkouts/${token}/repay`, { ip }), params({ token })));
}

/** The sender's "Gerar novo link" (the browser that made the link). */
async function renew(token: string, cookie: string | undefined): Promise<Answer> {
  const { POST } = await import("@/app/api/links/[token]/renew/route");
  return answer(await POST(apiRequest(`/api/links/${token}/renew`, { cookie }), params({ token })));
}

async function checkoutView(token: string): Promise<CheckoutBody> {
  const { GET } = await import("@/app/api/checkouts/[token]/route");
  return json<CheckoutBody>(
    await GET(apiRequest(`/api/checkouts/${token}`, { method: "GET" }), params({ token })),
  );
}

/** A shared link of the sync vehicle's fine whose PIX ended `abandoned`. */
async function abandonedLink() {
  const link = await freshCheckout(env, "10.0.0.1", { kind: "share" });
  await abandonedPix(env, link.token);
  expect((await checkoutView(link.token)).latestPayment?.status).toBe("abandoned");
  return link;
}

const row = (token: string) => db.checkout.findUniqueOrThrow({ where: { publicToken: token } });

describe("the payer of a shared link whose PIX ended abandoned", () => {
  it("makes one new link of the same sender for the same debts, paid at once by PIX; the old link points to it", async () => {
    const old = await abandonedLink();
    // The upstream still holds the orphan PIX open there: the old link itself takes no payment.
    expect((await pay(old.token, { attemptId: crypto.randomUUID(), method: "pix" })).status).toBe(
      409,
    );

    const first = await repay(old.token);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const fresh = first.body.token;
    expect(fresh).not.toBe(old.token);
    const [was, made] = [await row(old.token), await row(fresh)];
    expect(made).toMatchObject({
      kind: "share",
      lookupId: was.lookupId,
      creatorKey: was.creatorKey,
      ownerUserId: was.ownerUserId,
      clientId: was.clientId,
      replacesId: was.id,
      amountCents: was.amountCents,
    });
    const debtsOf = async (checkoutId: string) =>
      (await db.checkoutDebt.findMany({ where: { checkoutId } })).map((d) => d.debtId).sort();
    expect(await debtsOf(made.id)).toEqual(await debtsOf(was.id));

    // A second click, a replay, two at once: the same link, never a second checkout.
    expect(await repay(old.token)).toMatchObject({ status: 200, body: { token: fresh } });
    const both = await Promise.all([repay(old.token, "10.0.9.2"), repay(old.token, "10.0.9.3")]);
    expect(both.map((a) => a.body.token)).toEqual([fresh, fresh]);
    expect(await db.checkout.count({ where: { lookupId: was.lookupId } })).toBe(2);

    // The old link's page shows where the new payment is, not the button again.
    expect((await checkoutView(old.token)).successor).toEqual({ token: fresh, status: "open" });
    // The sender sees the new link among theirs ("Meus links").
    const { GET } = await import("@/app/api/links/route");
    const listed = await json<{ links: { token: string }[] }>(
      await GET(apiRequest("/api/links", { method: "GET", cookie: old.creatorCookie })),
    );
    expect(listed.links.map((l) => l.token)).toContain(fresh);

    // Paid at once by PIX on the new link.
    const pix = await json<{ ref: string; status: string; pix?: { qrCode: string } }>(
      await pay(fresh, { attemptId: crypto.randomUUID(), method: "pix" }),
    );
    expect(pix.status).toBe("awaiting_payment");
    expect(pix.pix?.qrCode).toBeTruthy();
    const payment = await db.payment.findUniqueOrThrow({ where: { publicRef: pix.ref } });
    await payPixUpstream(env, payment.paymentId!);
    await new Promise((r) => setTimeout(r, 350));
    await sweepPayments(new Date(Date.now() + 80_000));
    expect((await checkoutView(fresh)).status).toBe("paid");
    expect((await checkoutView(old.token)).successor).toEqual({ token: fresh, status: "paid" });
    expect(await repay(old.token)).toMatchObject({ status: 200, body: { token: fresh } });
  });

  it("two first clicks at once make one new link (the database decides); it is paid by card at once", async () => {
    const old = await abandonedLink();
    const both = await Promise.all([repay(old.token, "10.0.9.4"), repay(old.token, "10.0.9.5")]);
    expect(both.map((a) => a.status).sort()).toEqual([200, 201]);
    const made = both.find((a) => a.status === 201)!;
    expect(both.map((a) => a.body.token)).toEqual([made.body.token, made.body.token]);
    expect(await db.checkout.count({ where: { lookupId: old.lookupId } })).toBe(2);
    const paid = await payByCard<{ status: string }>(made.body.token, SANDBOX_CARDS.visaPaid);
    expect(paid.body.status).toBe("paid");
  });

  it("the sender's 'Gerar novo link' on that open link works too, and gives the same new link as the payer's", async () => {
    const old = await abandonedLink();
    const renewed = await renew(old.token, old.creatorCookie);
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(201);
    expect(await repay(old.token)).toMatchObject({
      status: 200,
      body: { token: renewed.body.token },
    });
    expect(await renew(old.token, old.creatorCookie)).toMatchObject({
      status: 200,
      body: { token: renewed.body.token },
    });
    // Another browser is still nobody to the sender's renewal.
    expect((await renew(old.token, undefined)).status).toBe(404);
    // "Meus links" shows the old link as renewed (no "Enviar de novo" for a link that takes no payment).
    const { GET } = await import("@/app/api/links/route");
    const listed = await json<{ links: { token: string; renewedBy?: string }[] }>(
      await GET(apiRequest("/api/links", { method: "GET", cookie: old.creatorCookie })),
    );
    expect(listed.links.find((l) => l.token === old.token)?.renewedBy).toBe(renewed.body.token);
  });

  it("is rate-limited like every checkout creation; asking again for the link already made is not", async () => {
    const old = await abandonedLink();
    onTestFinished(overrideEnvForTests({ RATE_LIMIT_CHECKOUTS: "1" }));
    const { POST } = await import("@/app/api/checkouts/route");
    const ip = "10.0.9.77";
    // This client's one checkout of the window goes on another link.
    const other = await POST(
      apiRequest("/api/checkouts", {
        body: { lookupId: old.lookupId, debtIds: [old.fine.id], customer: CUSTOMER, kind: "share" },
        ip,
      }),
    );
    expect(other.status).toBe(201);
    const limited = await repay(old.token, ip);
    expect(limited.status).toBe(429);
    expect(limited.body.error?.code).toBe("RATE_LIMITED");
    const made = await repay(old.token, "10.0.9.78");
    expect(made.status).toBe(201);
    expect(await repay(old.token, ip)).toMatchObject({ status: 200, body: made.body });
  });
});

describe("a repay that is refused", () => {
  it("a link still payable (no attempt, or a PIX waiting with its code) is refused, and the sender's renewal still says it is open", async () => {
    const link = await freshCheckout(env, "10.0.0.1", { kind: "share" });
    const none = await repay(link.token);
    expect(none.status).toBe(409);
    expect(none.body.error?.code).toBe("LINK_NOT_REPAYABLE");
    const pix = await pay(link.token, { attemptId: crypto.randomUUID(), method: "pix" });
    expect(pix.status).toBe(201);
    expect((await repay(link.token)).body.error?.code).toBe("LINK_NOT_REPAYABLE");
    expect((await renew(link.token, link.creatorCookie)).body.error?.code).toBe("LINK_STILL_OPEN");
    expect(await db.checkout.count({ where: { lookupId: link.lookupId } })).toBe(1);
  });

  it("never for a paid, expired or erased link, nor an owner's own payment, nor a token of nothing", async () => {
    const paid = await freshCheckout(env, "10.0.0.1", { kind: "share" });
    expect((await payByCard<{ status: string }>(paid.token)).body.status).toBe("paid");
    expect((await repay(paid.token)).body.error?.code).toBe("CHECKOUT_ALREADY_PAID");

    const expired = await abandonedLink();
    await db.checkout.update({
      where: { publicToken: expired.token },
      data: { expiresAt: new Date(Date.now() - 1_000) },
    });
    expect(await repay(expired.token)).toMatchObject({
      status: 410,
      body: { error: { code: "CHECKOUT_EXPIRED" } },
    });

    const erased = await abandonedLink();
    await db.checkout.update({
      where: { publicToken: erased.token },
      data: { personalDataErasedAt: new Date() },
    });
    expect((await repay(erased.token)).body.error?.code).toBe("LINK_ERASED");

    const own = await freshCheckout(env); // kind "owner": its payer makes a new lookup
    await abandonedPix(env, own.token);
    expect((await repay(own.token)).body.error?.code).toBe("CHECKOUT_NOT_FOUND");
    expect((await repay("x".repeat(43))).status).toBe(404);
    expect((await repay("not a token")).body.error?.code).toBe("VALIDATION_ERROR");
    for (const link of [paid, expired, erased, own])
      expect(await db.checkout.count({ where: { replacesId: (await row(link.token)).id } })).toBe(
        0,
      );
  });

  it("another link's token reaches only that link: never this one's new payment, nor a new one of it", async () => {
    const mine = await abandonedLink();
    const mineNew = (await repay(mine.token)).body.token;
    // Another shared link of the same debts, by another sender, whose PIX is waiting normally.
    const { POST } = await import("@/app/api/checkouts/route");
    const theirs = await json<{ token: string }>(
      await POST(
        apiRequest("/api/checkouts", {
          body: {
            lookupId: mine.lookupId,
            debtIds: [mine.fine.id],
            customer: CUSTOMER,
            kind: "share",
          },
        }),
      ),
    );
    const answer = await repay(theirs.token);
    expect(answer.body.error?.code).toBe("LINK_NOT_REPAYABLE");
    expect(JSON.stringify(answer.body)).not.toContain(mineNew);
    expect((await checkoutView(theirs.token)).successor).toBeUndefined();
    // Once that link's PIX is abandoned too, its payer gets a new link of its own.
    await abandonedPix(env, theirs.token);
    const theirsNew = await repay(theirs.token);
    expect(theirsNew.status).toBe(201);
    expect(theirsNew.body.token).not.toBe(mineNew);
    expect((await row(theirsNew.body.token)).replacesId).toBe((await row(theirs.token)).id);
    expect((await checkoutView(mine.token)).successor?.token).toBe(mineNew);
  });
});
