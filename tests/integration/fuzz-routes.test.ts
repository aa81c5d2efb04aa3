import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_CARDS } from "@/lib/sandbox/payments/cards-catalog";
import { SANDBOX_VEHICLES } from "@/lib/sandbox/catalog/vehicles";
import { CREATOR_COOKIE } from "@/lib/links/creator-cookie-name";
import {
  setupTestEnvironment,
  TEST_WEBHOOK_SECRET,
  type TestEnvironment,
} from "../support/test-env";
import { cardBody, CUSTOMER, freshCheckout, json, pay, tokenize } from "../support/storefront-flow";
import { apiRequest, ORIGIN, params } from "../support/upstream-helpers";
import {
  bodyFor,
  clientHeaders,
  cookieHeader,
  forgedAddressHeaders,
  firstCookieIs,
  hostileString,
  nearValid,
  paymentRefShapes,
  wellFormed,
} from "../support/fuzz-arbitraries";

// Property-based fuzzing of every route handler under app/api (there are no server actions):
// thousands of hostile inputs, and for each one: never a 5xx, a JSON answer, the contract's error
// body `{ error: { code, message } }` on every 4xx, and no unhandled rejection during the run.
// Valid resources (a lookup, a checkout, a card token, a payment) are mixed in so that inputs reach
// past the "not found" checks into validation and the upstream calls.

type Handler = (
  req: Request,
  ctx: { params: Promise<Record<string, string>> },
) => Promise<Response>;
type Call = {
  path: string;
  method: "GET" | "POST";
  raw?: string;
  origin: string | null;
  ip: string;
  forged?: Record<string, string>;
  cookie?: string;
  params: Record<string, string>;
};

const RUNS = Number(process.env.FUZZ_RUNS ?? 500); // per route; FUZZ_RUNS=5000 for a long soak
let env: TestEnvironment;
const rejections: unknown[] = [];
const onRejection = (reason: unknown) => rejections.push(reason);
const real = {
  lookupId: "",
  token: "",
  cardToken: "",
  paymentRef: "",
  paymentRowId: "",
  debtId: "",
};
// A share link of one browser (its signed creator cookie), and an expired one of the same browser.
const link = { cookie: "", openToken: "", expiredToken: "", mine: new Set<string>() };
let answered = 0;
const tally = new Map<string, number>(); // "status code" -> count, printed at the end

beforeAll(async () => {
  process.on("unhandledRejection", onRejection);
  // The sandbox's own limit too: a FUZZ_RUNS soak makes thousands of upstream checkouts.
  env = await setupTestEnvironment({
    sandbox: { timeScale: 0.01, rateLimitPerMinute: 1_000_000 },
    // Limits out of the way so inputs reach validation and upstream (429s are tested elsewhere).
    env: {
      RATE_LIMIT_LOOKUPS: "1000000",
      RATE_LIMIT_CARD_TOKENS: "1000000",
      RATE_LIMIT_CARD_TOKENS_PER_CHECKOUT: "1000000",
      RATE_LIMIT_PAYMENTS: "1000000",
      RATE_LIMIT_INSTALLMENTS: "1000000",
      RATE_LIMIT_VEHICLES: "1000000",
      RATE_LIMIT_CHECKOUTS: "1000000",
      RATE_LIMIT_PAYMENT_REF_MISSES: "1000000",
    },
  });
  const checkout = await freshCheckout(env);
  Object.assign(real, {
    lookupId: checkout.lookupId,
    token: checkout.token,
    debtId: checkout.fine.id,
  });
  real.cardToken = (
    await json<{ cardToken: string }>(
      await tokenize(checkout.token, SANDBOX_CARDS.analysisThenPaid.number),
    )
  ).cardToken;
  const attemptId = crypto.randomUUID();
  real.paymentRef = (
    await json<{ ref: string }>(await pay(checkout.token, { attemptId, method: "pix" }))
  ).ref;
  const { db } = await import("@/lib/db/client");
  real.paymentRowId = (await db.payment.findUniqueOrThrow({ where: { externalId: attemptId } })).id;
  await makeShareLinks(checkout.lookupId, checkout.fine.id);
}, 60_000);

/** Two share links made by one browser, over a debt other than the fine (which has a PIX open). */
async function makeShareLinks(lookupId: string, fineId: string): Promise<void> {
  const { POST } = await import("@/app/api/checkouts/route");
  const { GET } = await import("@/app/api/lookups/[lookupId]/route");
  const view = await json<{ debts: { id: string }[] }>(
    await GET(apiRequest(`/api/lookups/${lookupId}`, { method: "GET" }), params({ lookupId })),
  );
  const share = async (debtId: string, cookie?: string) =>
    POST(
      apiRequest("/api/checkouts", {
        body: { lookupId, debtIds: [debtId], customer: CUSTOMER, kind: "share" },
        cookie,
      }),
    );
  for (const { id } of view.debts.filter((d) => d.id !== fineId)) {
    const first = await share(id);
    if (first.status !== 201) continue; // a debt that needs others along: try the next one
    link.cookie = (first.headers.get("set-cookie") ?? "")
      .split(";")[0]!
      .replace(`${CREATOR_COOKIE}=`, "");
    link.expiredToken = (await json<{ token: string }>(first)).token;
    link.openToken = (
      await json<{ token: string }>(await share(id, `${CREATOR_COOKIE}=${link.cookie}`))
    ).token;
    break;
  }
  if (!link.cookie || !link.openToken)
    throw new Error("could not make a share link on the sync vehicle");
  link.mine = new Set([link.openToken, link.expiredToken]);
  const { db } = await import("@/lib/db/client");
  await db.checkout.update({
    where: { publicToken: link.expiredToken },
    data: { expiresAt: new Date(Date.now() - 1000) },
  });
}

afterAll(async () => {
  // Events stored by the webhook runs are applied in the background: let that finish inside the run.
  const { dispatchPendingWebhooks } = await import("@/lib/webhooks/dispatch");
  await dispatchPendingWebhooks();
  await new Promise((r) => setTimeout(r, 200));
  process.off("unhandledRejection", onRejection);
  await env?.close();
});

// Next decodes a path segment with decodeURIComponent and answers 400 itself when that fails, so a
// handler's param is always well-formed UTF-16 (a lone surrogate cannot arrive: replaced here as U+FFFD).
const segment = (s: string) => encodeURIComponent(s);

/** Calls a handler and checks what every answer must be; returns the answer for a closer look. */
async function check(handler: Handler, call: Call): Promise<{ status: number; text: string }> {
  const req = apiRequest(call.path, {
    method: call.method,
    rawBody: call.raw,
    origin: call.origin,
    ip: call.ip || undefined,
    cookie: call.cookie,
    headers: call.forged,
  });
  const res = await handler(req, params(call.params));
  const text = await res.text();
  const where = `${call.method} ${call.path.slice(0, 120)} cookie=${(call.cookie ?? "").slice(0, 100)} body=${(call.raw ?? "").slice(0, 200)} -> ${res.status} ${text.slice(0, 300)}`;
  expect(res.status, where).toBeLessThan(500);
  expect(res.headers.get("content-type"), where).toMatch(/application\/json/);
  const body = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
  const key = `${res.status} ${typeof body.error?.code === "string" ? body.error.code : ""}`;
  tally.set(key, (tally.get(key) ?? 0) + 1);
  if (res.status >= 400) {
    expect(body.error?.code, where).toMatch(/^[A-Z][A-Z_]+$/);
    expect(typeof body.error?.message === "string" && body.error.message.length > 0, where).toBe(
      true,
    );
  } else {
    expect(res.status, where).toBeGreaterThanOrEqual(200);
    answered++;
  }
  return { status: res.status, text };
}

/** A path param: the real id most of the time when there is one, else hostile. */
const param = (realValue: () => string) =>
  fc
    .oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 2, arbitrary: hostileString })
    .map((v) => (v === null ? realValue() : wellFormed(v)));

const run = <Ts extends unknown[]>(prop: fc.IAsyncPropertyWithHooks<Ts>, numRuns = RUNS) =>
  fc.assert(prop, { numRuns });

const headers = clientHeaders(ORIGIN);
const v = SANDBOX_VEHICLES.syncAnswer;

describe("every route handler survives hostile input", () => {
  it("GET /api/ping and GET /api/health", async () => {
    const ping = (await import("@/app/api/ping/route")).GET as unknown as Handler;
    const health = (await import("@/app/api/health/route")).GET as unknown as Handler;
    await run(
      fc.asyncProperty(headers, async (h) => {
        await check(ping, {
          path: "/api/ping",
          method: "GET",
          origin: h.origin,
          ip: h.address,
          forged: h.forged,
          params: {},
        });
        await check(health, {
          path: "/api/health",
          method: "GET",
          origin: h.origin,
          ip: h.address,
          forged: h.forged,
          params: {},
        });
      }),
      25,
    );
  });

  it("POST /api/radar/cancelar/{token}", async () => {
    const { POST } = await import("@/app/api/radar/cancelar/[token]/route");
    await run(
      fc.asyncProperty(
        param(() => "A".repeat(43)),
        headers,
        async (token, h) => {
          await check(POST as Handler, {
            path: `/api/radar/cancelar/${segment(token)}`,
            method: "POST",
            raw: "List-Unsubscribe=One-Click",
            origin: h.origin,
            ip: h.address,
            forged: h.forged,
            params: { token },
          });
        },
      ),
    );
  });

  it("POST /api/installments", async () => {
    const { POST } = await import("@/app/api/installments/route");
    await run(
      fc.asyncProperty(bodyFor({ amountCents: 50_000 }), headers, async (b, h) => {
        await check(POST as Handler, {
          path: "/api/installments",
          method: "POST",
          raw: b.raw,
          origin: h.origin,
          ip: h.address,
          forged: h.forged,
          params: {},
        });
      }),
    );
  });

  it("POST /api/lookups", async () => {
    const { POST } = await import("@/app/api/lookups/route");
    const valid = { uf: v.uf, plate: v.plate, renavam: v.renavam, cpfCnpj: v.cpfCnpj };
    await run(
      fc.asyncProperty(bodyFor(valid), headers, async (b, h) => {
        await check(POST as Handler, {
          path: "/api/lookups",
          method: "POST",
          raw: b.raw,
          origin: h.origin,
          ip: h.address,
          forged: h.forged,
          params: {},
        });
      }),
    );
  });

  it("GET /api/lookups/{lookupId} and POST /api/lookups/{lookupId}/retry", async () => {
    const { GET } = await import("@/app/api/lookups/[lookupId]/route");
    const retry = (await import("@/app/api/lookups/[lookupId]/retry/route")).POST;
    await run(
      fc.asyncProperty(
        param(() => real.lookupId),
        headers,
        fc.boolean(),
        async (lookupId, h, doRetry) => {
          const path = `/api/lookups/${segment(lookupId)}`;
          await check(GET as Handler, {
            path,
            method: "GET",
            origin: h.origin,
            ip: h.address,
            forged: h.forged,
            params: { lookupId },
          });
          if (doRetry)
            await check(retry as Handler, {
              path: `${path}/retry`,
              method: "POST",
              raw: "{}",
              origin: h.origin,
              ip: h.address,
              forged: h.forged,
              params: { lookupId },
            });
        },
      ),
    );
  });

  it("POST /api/checkouts", async () => {
    const { POST } = await import("@/app/api/checkouts/route");
    const valid = {
      lookupId: real.lookupId,
      debtIds: [real.debtId],
      customer: CUSTOMER,
      kind: "owner",
    };
    const customerMutations = nearValid(CUSTOMER).map((customer) => ({
      raw: JSON.stringify({ ...valid, customer }),
    }));
    const shareBody = bodyFor({ ...valid, kind: "share" });
    const body = fc.oneof(bodyFor(valid), customerMutations, shareBody);
    await run(
      fc.asyncProperty(
        body,
        cookieHeader(CREATOR_COOKIE, link.cookie),
        headers,
        async (b, c, h) => {
          const made = await check(POST as Handler, {
            path: "/api/checkouts",
            method: "POST",
            raw: b.raw,
            origin: h.origin,
            ip: h.address,
            forged: h.forged,
            cookie: c,
            params: {},
          });
          // A share link made with the genuine cookie belongs to that browser ("Meus links", below).
          if (made.status === 201 && firstCookieIs(c, CREATOR_COOKIE, link.cookie))
            link.mine.add((JSON.parse(made.text) as { token: string }).token);
        },
      ),
    );
  });

  it("GET /api/checkouts/{token} and POST /api/checkouts/{token}/card-token", async () => {
    const { GET } = await import("@/app/api/checkouts/[token]/route");
    const { POST } = await import("@/app/api/checkouts/[token]/card-token/route");
    const card = cardBody(SANDBOX_CARDS.visaPaid.number);
    await run(
      fc.asyncProperty(
        param(() => real.token),
        bodyFor(card),
        headers,
        async (token, b, h) => {
          const path = `/api/checkouts/${segment(token)}`;
          await check(GET as Handler, {
            path,
            method: "GET",
            origin: h.origin,
            ip: h.address,
            forged: h.forged,
            params: { token },
          });
          await check(POST as Handler, {
            path: `${path}/card-token`,
            method: "POST",
            raw: b.raw,
            origin: h.origin,
            ip: h.address,
            forged: h.forged,
            params: { token },
          });
        },
      ),
    );
  });

  it("POST /api/checkouts/{token}/repay: no link here ended abandoned, so none is ever made", async () => {
    const { POST } = await import("@/app/api/checkouts/[token]/repay/route");
    const token = fc.oneof(
      {
        weight: 2,
        arbitrary: fc.constantFrom(real.token, link.openToken, link.expiredToken),
      },
      { weight: 1, arbitrary: hostileString.map(wellFormed) },
    );
    await run(
      fc.asyncProperty(token, headers, async (t, h) => {
        const res = await check(POST as Handler, {
          path: `/api/checkouts/${segment(t)}/repay`,
          method: "POST",
          origin: h.origin,
          ip: h.address,
          forged: h.forged,
          params: { token: t },
        });
        expect(
          res.status,
          `repay ${t.slice(0, 40)} -> ${res.text.slice(0, 200)}`,
        ).toBeGreaterThanOrEqual(400);
      }),
    );
  });

  it("POST /api/checkouts/{token}/payments", async () => {
    const { POST } = await import("@/app/api/checkouts/[token]/payments/route");
    const card = {
      attemptId: crypto.randomUUID(),
      method: "credit_card",
      cardToken: real.cardToken,
      installments: 1,
    };
    const pix = { attemptId: crypto.randomUUID(), method: "pix" };
    await run(
      fc.asyncProperty(
        param(() => real.token),
        fc.oneof(bodyFor(card), bodyFor(pix)),
        headers,
        async (token, b, h) => {
          await check(POST as Handler, {
            path: `/api/checkouts/${segment(token)}/payments`,
            method: "POST",
            raw: b.raw,
            origin: h.origin,
            ip: h.address,
            forged: h.forged,
            params: { token },
          });
        },
      ),
    );
  });

  // The answer depends on the reference's shape only: the real public reference 200, the payment's
  // row id (its old address) 410 without data, anything else 404.
  const refShapes = fc.oneof(
    param(() => real.paymentRef),
    paymentRefShapes(
      () => real.paymentRef,
      () => real.paymentRowId,
    ),
  );
  const expectedFor = (ref: string, ok: number) =>
    ref === real.paymentRef ? ok : ref === real.paymentRowId ? 410 : 404;

  it("GET /api/payments/{paymentRef}", async () => {
    const { GET } = await import("@/app/api/payments/[paymentRef]/route");
    await run(
      fc.asyncProperty(refShapes, headers, async (paymentRef, h) => {
        const res = await check(GET as Handler, {
          path: `/api/payments/${segment(paymentRef)}`,
          method: "GET",
          origin: h.origin,
          ip: h.address,
          forged: h.forged,
          params: { paymentRef },
        });
        expect(res.status, paymentRef).toBe(expectedFor(paymentRef, 200));
        if (res.status !== 200) expect(res.text).not.toContain(real.token);
      }),
    );
  });

  it("GET /api/payments/{paymentRef}/comprovante", async () => {
    const { GET } = await import("@/app/api/payments/[paymentRef]/comprovante/route");
    // The real payment is an unpaid PIX: 409, a JSON error like every other refusal.
    await run(
      fc.asyncProperty(refShapes, headers, async (paymentRef, h) => {
        const res = await check(GET as Handler, {
          path: `/api/payments/${segment(paymentRef)}/comprovante`,
          method: "GET",
          origin: h.origin,
          ip: h.address,
          forged: h.forged,
          params: { paymentRef },
        });
        expect(res.status, paymentRef).toBe(expectedFor(paymentRef, 409));
      }),
    );
  });

  it("GET /api/vehicles/{plate}?uf=", async () => {
    const { GET } = await import("@/app/api/vehicles/[plate]/route");
    // Every catalog plate but the one whose authority is down on purpose (a documented 503).
    const plates = Object.values(SANDBOX_VEHICLES)
      .filter((x) => x.enrichment === "ok")
      .map((x) => x.plate);
    const plate = fc.oneof(
      fc.constantFrom(...plates, "tst1a23", "ABC-1D23", "abc1234"),
      hostileString.map(wellFormed),
    );
    const uf = fc.oneof(
      fc.constant(undefined),
      fc.constantFrom("MG", "sp", "XX", ""),
      hostileString,
    );
    await run(
      fc.asyncProperty(plate, uf, headers, async (plate, ufValue, h) => {
        const query =
          ufValue === undefined ? "" : `?${new URLSearchParams({ uf: ufValue }).toString()}`;
        await check(GET as Handler, {
          path: `/api/vehicles/${segment(plate)}${query}`,
          method: "GET",
          origin: h.origin,
          ip: h.address,
          forged: h.forged,
          params: { plate },
        });
      }),
    );
  });

  it("GET /api/links and POST /api/links/{token}/renew: only the genuine creator cookie names anybody", async () => {
    const { GET } = await import("@/app/api/links/route");
    const renew = (await import("@/app/api/links/[token]/renew/route")).POST;
    const token = fc.oneof(
      { weight: 2, arbitrary: fc.constantFrom(link.expiredToken, link.openToken, real.token) },
      { weight: 1, arbitrary: hostileString.map(wellFormed) },
    );
    const cookie = cookieHeader(CREATOR_COOKIE, link.cookie);
    let listed = 0;
    let renewed = 0;
    await run(
      fc.asyncProperty(cookie, token, headers, async (c, t, h) => {
        const genuine = firstCookieIs(c, CREATOR_COOKIE, link.cookie);
        const list = await check(GET as Handler, {
          path: "/api/links",
          method: "GET",
          origin: h.origin,
          ip: h.address,
          forged: h.forged,
          cookie: c,
          params: {},
        });
        const tokens = (JSON.parse(list.text) as { links: { token: string }[] }).links.map(
          (l) => l.token,
        );
        // The genuine cookie lists this browser's links and nobody else's ("Meus links" shows the
        // newest 100, and renewals below add to them); any other cookie lists nothing.
        if (genuine) {
          expect(tokens.length).toBeGreaterThan(0);
          for (const t of tokens) expect(link.mine.has(t), t).toBe(true);
        } else expect(tokens, `cookie=${c}`).toEqual([]);
        listed += genuine ? 1 : 0;

        const renewal = await check(renew as Handler, {
          path: `/api/links/${segment(t)}/renew`,
          method: "POST",
          raw: "{}",
          origin: h.origin,
          ip: h.address,
          forged: h.forged,
          cookie: c,
          params: { token: t },
        });
        const sameOrigin = h.origin?.replace(/\/+$/, "") === ORIGIN; // as lib/http/origin.ts reads it
        const expected = !sameOrigin
          ? 403
          : !genuine || (t !== link.expiredToken && t !== link.openToken)
            ? 404
            : t === link.openToken
              ? 409
              : 201;
        expect(
          renewal.status,
          `renew ${t.slice(0, 40)} cookie=${c} origin=${h.origin} -> ${renewal.text.slice(0, 200)}`,
        ).toBe(expected);
        if (renewal.status === 201) {
          renewed++;
          link.mine.add((JSON.parse(renewal.text) as { token: string }).token);
        }
      }),
    );
    expect(listed).toBeGreaterThan(10);
    expect(renewed).toBeGreaterThan(5);
  });

  it("POST /api/webhooks/uvvi/{secret}", async () => {
    const { POST } = await import("@/app/api/webhooks/uvvi/[secret]/route");
    const status = {
      type: "payment-status-update",
      transactionId: 1,
      externalId: crypto.randomUUID(),
      paymentId: "p1",
      status: "paid",
      amount: 10,
      paidAt: null,
      liquidationStatus: null,
    };
    const debts = {
      type: "debts",
      transactionId: "2",
      externalId: crypto.randomUUID(),
      debts: [{ id: "d", amount: 1.5, title: "Multa", type: "ticket" }],
    };
    const search = {
      type: "search-error-event",
      transactionId: 3,
      externalId: "e",
      error: [{ errorCode: 1, message: "x" }],
    };
    const secret = fc.oneof(
      { weight: 3, arbitrary: fc.constant(TEST_WEBHOOK_SECRET) },
      { weight: 1, arbitrary: hostileString.map(wellFormed) },
    );
    await run(
      fc.asyncProperty(
        secret,
        fc.oneof(bodyFor(status), bodyFor(debts), bodyFor(search)),
        headers,
        async (s, b, h) => {
          await check(POST as unknown as Handler, {
            path: `/api/webhooks/uvvi/${segment(s)}`,
            method: "POST",
            raw: b.raw,
            origin: h.origin,
            ip: h.address,
            forged: h.forged,
            params: { secret: s },
          });
        },
      ),
    );
  });

  it("the client address is the one our server resolved, whatever address headers the client forges", async () => {
    const { clientIp, UNKNOWN_CLIENT } = await import("@/lib/http/client-ip");
    const { normalizeAddress } = await import("@/lib/security/client-address");
    fc.assert(
      fc.property(
        fc.option(fc.oneof(fc.ipV4(), fc.ipV6()), { nil: undefined }),
        forgedAddressHeaders,
        (address, forged) => {
          const req = apiRequest("/api/lookups", { ip: address, headers: forged });
          expect(clientIp(req)).toBe(
            address === undefined ? UNKNOWN_CLIENT : normalizeAddress(address),
          );
        },
      ),
      { numRuns: RUNS * 4 },
    );
  });

  it("no unhandled rejection during the run, and some inputs were valid (the fuzzing reached the services)", async () => {
    const { dispatchPendingWebhooks } = await import("@/lib/webhooks/dispatch");
    await dispatchPendingWebhooks();
    await new Promise((r) => setTimeout(r, 100));
    expect(rejections.map(String)).toEqual([]);
    expect(answered).toBeGreaterThan(50);
    const total = [...tally.values()].reduce((a, b) => a + b, 0);
    console.log(
      `fuzzed ${total} requests:`,
      Object.fromEntries([...tally].sort((a, b) => b[1] - a[1])),
    );
    expect(total).toBeGreaterThan(3000);
  });
});
