import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CREATOR_COOKIE } from "@/lib/links/creator-cookie-name";
import { SANDBOX_VEHICLES } from "@/lib/sandbox/catalog/vehicles";
import { CUSTOMER, json, pay, syncLookup } from "../support/storefront-flow";
import {
  setupTestEnvironment,
  TEST_API_KEY,
  TEST_WEBHOOK_SECRET,
  type TestEnvironment,
} from "../support/test-env";
import { apiRequest, params } from "../support/upstream-helpers";
import { signIn } from "../support/workspace-auth";
import { randomCpf, randomPlate } from "../support/workspace-seed";

// The despachante's links: made from the account's own lookup for its
// own client, listed, renewed and e-mailed only by that account (another account's token, lookup
// or client is a 404 exactly like a missing one; no session is a 401); "your client paid" queued
// once per payment however often the webhook is replayed and the poll sees it; adopting moves
// only the links of the verified creator cookie that no account owns yet.

type Db = typeof import("@/lib/db/client").db;
let env: TestEnvironment;
let db: Db;
let A: { cookie: string; id: string; email: string };
let B: { cookie: string; id: string; email: string };
let links: typeof import("@/app/api/workspace/links/route");

const ERR = { error: { code: "NOT_FOUND" } };

async function account(email: string) {
  const cookie = await signIn(email);
  const { id } = await db.user.findUniqueOrThrow({ where: { email } });
  return { cookie, id, email };
}

/** A client and vehicle of `userId`, and a batch item pointing at a fresh (synchronous) sandbox lookup. */
async function lookupFor(
  userId: string,
  client: Partial<{ email: string | null; phone: string | null }> = {},
) {
  const v = SANDBOX_VEHICLES.syncAnswer;
  const c = await db.workspaceClient.create({
    data: {
      userId,
      name: CUSTOMER.name,
      cpfCnpj: randomCpf(),
      phone: "phone" in client ? client.phone : "31987654321",
      email: "email" in client ? client.email : `cliente.${randomUUID()}@example.com`,
    },
  });
  const vehicle = await db.workspaceVehicle.create({
    data: { userId, clientId: c.id, plate: randomPlate(), uf: v.uf, renavam: v.renavam },
  });
  const { lookupId, view } = await syncLookup();
  const batch = await db.lookupBatch.create({ data: { userId } });
  await db.lookupBatchItem.create({
    data: { batchId: batch.id, vehicleId: vehicle.id, lookupId, status: "done" },
  });
  const fine = view.debts.find((d) => d.type === "ticket")!;
  return { client: c, lookupId, fine, debts: view.debts };
}

const createLink = (cookie: string | undefined, body: unknown) =>
  links.POST(apiRequest("/api/workspace/links", { cookie, body }));
const listLinks = async (cookie: string, query = "") =>
  links.GET(apiRequest(`/api/workspace/links${query}`, { method: "GET", cookie }));
async function renew(cookie: string | undefined, linkToken: string) {
  const { POST } = await import("@/app/api/workspace/links/[linkToken]/renew/route");
  return POST(
    apiRequest(`/api/workspace/links/${linkToken}/renew`, { cookie }),
    params({ linkToken }),
  );
}
async function send(cookie: string | undefined, linkToken: string) {
  const { POST } = await import("@/app/api/workspace/links/[linkToken]/send/route");
  return POST(
    apiRequest(`/api/workspace/links/${linkToken}/send`, { cookie }),
    params({ linkToken }),
  );
}
async function adopt(method: "GET" | "POST", cookie: string) {
  const route = await import("@/app/api/workspace/links/adopt/route");
  return route[method](apiRequest("/api/workspace/links/adopt", { method, cookie }));
}

beforeAll(async () => {
  env = await setupTestEnvironment({
    sandbox: { timeScale: 0.01 },
    env: { RATE_LIMIT_SIGN_IN: "1000", RATE_LIMIT_SIGN_IN_PER_EMAIL: "1000", LOG_LEVEL: "error" },
  });
  ({ db } = await import("@/lib/db/client"));
  links = await import("@/app/api/workspace/links/route");
  A = await account(`a.${Date.now()}@despachante.test`);
  B = await account(`b.${Date.now()}@despachante.test`);
});
afterAll(() => env?.close());

describe("workspace links: making and listing", () => {
  it("makes checkout + link from the account's lookup, with the client's data, owned by the account", async () => {
    const { client, lookupId, fine } = await lookupFor(A.id);
    const res = await createLink(A.cookie, { lookupId, debtIds: [fine.id] });
    expect(res.status, await res.clone().text()).toBe(201);
    const body = await json<{ token: string; url: string; amountCents: number }>(res);
    expect(body.url).toBe(`http://localhost:3999/pagar/${body.token}`);
    const row = await db.checkout.findUniqueOrThrow({ where: { publicToken: body.token } });
    expect(row).toMatchObject({
      ownerUserId: A.id,
      clientId: client.id,
      kind: "share",
      customerEmail: client.email,
      customerCpfCnpj: client.cpfCnpj,
      customerPhone: "31987654321",
      creatorKey: null,
    });

    const mine = await json<{ links: { token: string; stage: string; clientName: string }[] }>(
      await listLinks(A.cookie),
    );
    expect(mine.links.find((l) => l.token === body.token)).toMatchObject({
      stage: "open",
      clientName: CUSTOMER.name,
    });
    const byClient = await json<{ links: { token: string }[] }>(
      await listLinks(A.cookie, `?client=${client.id}`),
    );
    expect(byClient.links.map((l) => l.token)).toEqual([body.token]);
    expect(
      (await json<{ links: unknown[] }>(await listLinks(A.cookie, "?status=paid"))).links,
    ).toHaveLength(0);
    expect((await listLinks(A.cookie, "?status=pago")).status).toBe(400);
  });

  it("the selection is re-checked by the public flow's rules: a debt not in the lookup is refused in words", async () => {
    const { lookupId, fine } = await lookupFor(A.id);
    const res = await createLink(A.cookie, { lookupId, debtIds: [fine.id, randomUUID()] });
    expect(res.status).toBe(422);
    const body = await json<{ error: { code: string; message: string } }>(res);
    expect(body.error.code).toBe("SELECTION_INVALID");
    expect(body.error.message.length).toBeGreaterThan(10);
  });

  it("another account's lookup or client is a 404 like a missing one; no session is a 401; nothing is created", async () => {
    const a = await lookupFor(A.id);
    const b = await lookupFor(B.id);
    const before = await db.checkout.count();
    for (const body of [
      { lookupId: a.lookupId, debtIds: [a.fine.id] },
      { lookupId: b.lookupId, debtIds: [b.fine.id], clientId: a.client.id },
      { lookupId: randomUUID(), debtIds: [b.fine.id] },
      { lookupId: b.lookupId, debtIds: [b.fine.id], clientId: "nao-existe" },
    ]) {
      const res = await createLink(B.cookie, body);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject(ERR);
    }
    const anon = await createLink(undefined, { lookupId: a.lookupId, debtIds: [a.fine.id] });
    expect(anon.status).toBe(401);
    expect((await json<{ error: { code: string } }>(anon)).error.code).toBe("UNAUTHENTICATED");
    expect((await listLinks("")).status).toBe(401);
    expect(await db.checkout.count()).toBe(before);
  });

  it("a client without e-mail or phone is a 422 that says what to complete", async () => {
    const { lookupId, fine } = await lookupFor(A.id, { email: null });
    const res = await createLink(A.cookie, { lookupId, debtIds: [fine.id] });
    expect(res.status).toBe(422);
    const body = await json<{
      error: { code: string; message: string; fields: Record<string, string> };
    }>(res);
    expect(body.error.code).toBe("CLIENT_INCOMPLETE");
    expect(body.error.message).toMatch(/e-mail/);
    expect(body.error.fields).toHaveProperty("email");
  });
});

describe("workspace links: another account's token", () => {
  it("B cannot see, renew or send A's link (404 as for a made-up token); without a session, 401", async () => {
    const { lookupId, fine, client } = await lookupFor(A.id);
    const { token } = await json<{ token: string }>(
      await createLink(A.cookie, { lookupId, debtIds: [fine.id] }),
    );
    await db.checkout.update({
      where: { publicToken: token },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const seen = await json<{ links: { token: string }[] }>(await listLinks(B.cookie));
    expect(seen.links.map((l) => l.token)).not.toContain(token);
    expect(
      (await json<{ links: unknown[] }>(await listLinks(B.cookie, `?client=${client.id}`))).links,
    ).toEqual([]);
    const madeUp = randomUUID().replace(/-/g, "");
    for (const t of [token, madeUp]) {
      for (const res of [await renew(B.cookie, t), await send(B.cookie, t)]) {
        expect(res.status).toBe(404);
        expect(await res.json()).toMatchObject(ERR);
      }
    }
    expect((await renew(undefined, token)).status).toBe(401);
    expect((await send(undefined, token)).status).toBe(401);
    expect(await db.checkout.count({ where: { ownerUserId: B.id } })).toBe(0);
    expect(
      await db.mailMessage.count({
        where: { template: "payment-link", dedupeKey: { contains: token } },
      }),
    ).toBe(0);

    // A renews its expired link: a new one, still A's and for the same client; an open one is refused.
    const renewed = await renew(A.cookie, token);
    expect(renewed.status, await renewed.clone().text()).toBe(201);
    const fresh = await json<{ token: string }>(renewed);
    expect(
      await db.checkout.findUniqueOrThrow({ where: { publicToken: fresh.token } }),
    ).toMatchObject({ ownerUserId: A.id, clientId: client.id });
    expect((await renew(A.cookie, fresh.token)).status).toBe(409);
  });

  it("A e-mails its open link to the client once, however often it clicks", async () => {
    const { lookupId, fine, client } = await lookupFor(A.id);
    const { token } = await json<{ token: string }>(
      await createLink(A.cookie, { lookupId, debtIds: [fine.id] }),
    );
    const first = await send(A.cookie, token);
    expect(first.status).toBe(202);
    expect(await first.json()).toMatchObject({ queued: true });
    const again = await send(A.cookie, token);
    expect(await again.json()).toMatchObject({ queued: false });
    const checkout = await db.checkout.findUniqueOrThrow({ where: { publicToken: token } });
    const rows = await db.mailMessage.findMany({
      where: {
        template: "payment-link",
        dedupeKey: { startsWith: `payment-link:${checkout.id}:` },
      },
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.to).toBe(client.email);
    expect(JSON.parse(rows[0]!.props)).toMatchObject({
      payUrl: `http://localhost:3999/pagar/${token}`,
    });
  });
});

describe("the despachante's name on what the client reads", () => {
  const profile = async (cookie: string | undefined, body: unknown) => {
    const { PATCH } = await import("@/app/api/workspace/profile/route");
    return PATCH(apiRequest("/api/workspace/profile", { method: "PATCH", cookie, body }));
  };

  it("the profile is checked on the server (name and office asked, a CNPJ's check digits verified); no session is a 401", async () => {
    expect((await profile(undefined, { name: "Ana", officeName: "Central" })).status).toBe(401);
    const empty = await profile(B.cookie, { name: " ", officeName: "", cnpj: "" });
    expect(empty.status).toBe(400);
    expect(
      Object.keys(
        (await json<{ error: { fields: Record<string, string> } }>(empty)).error.fields,
      ).sort(),
    ).toEqual(["name", "officeName"]);
    const badCnpj = await profile(B.cookie, {
      name: "Ana Lima",
      officeName: "Central",
      cnpj: "11.222.333/0001-80",
    });
    expect(badCnpj.status).toBe(400);
    expect(
      (await json<{ error: { fields: Record<string, string> } }>(badCnpj)).error.fields,
    ).toEqual({ cnpj: "CNPJ inválido. Confira os números." });
    const ok = await profile(B.cookie, {
      name: " Ana Lima ",
      officeName: "Despachante Central",
      cnpj: "11.222.333/0001-81",
    });
    expect(ok.status).toBe(200);
    expect(
      await db.user.findUniqueOrThrow({
        where: { id: B.id },
        select: { name: true, officeName: true, officeCnpj: true },
      }),
    ).toEqual({
      name: "Ana Lima",
      officeName: "Despachante Central",
      officeCnpj: "11222333000181",
    });
  });

  it("the link e-mail and the link page name the despachante and the office; the e-mail address only while there is no name", async () => {
    const before = await lookupFor(B.id);
    await db.user.update({ where: { id: B.id }, data: { name: "", officeName: null } });
    const unnamed = await json<{ token: string }>(
      await createLink(B.cookie, { lookupId: before.lookupId, debtIds: [before.fine.id] }),
    );
    expect((await send(B.cookie, unnamed.token)).status).toBe(202);
    await profile(B.cookie, { name: "Ana Lima", officeName: "Despachante Central" });
    const { lookupId, fine } = await lookupFor(B.id);
    const named = await json<{ token: string }>(
      await createLink(B.cookie, { lookupId, debtIds: [fine.id] }),
    );
    expect((await send(B.cookie, named.token)).status).toBe(202);
    const subjectOf = async (token: string) => {
      const checkout = await db.checkout.findUniqueOrThrow({ where: { publicToken: token } });
      return (
        await db.mailMessage.findFirstOrThrow({
          where: { dedupeKey: { startsWith: `payment-link:${checkout.id}:` } },
        })
      ).subject;
    };
    const email = (await db.user.findUniqueOrThrow({ where: { id: B.id } })).email;
    expect(await subjectOf(unnamed.token)).toMatch(
      new RegExp(`^${email.replace(/[.+]/g, "\\$&")} enviou um link`),
    );
    expect(await subjectOf(named.token)).toMatch(
      /^Ana Lima \(Despachante Central\) enviou um link para pagar/,
    );
    const { shareLinkSender } = await import("@/lib/links/link-sender");
    expect(await shareLinkSender(named.token)).toBe("Ana Lima (Despachante Central)");
    expect(await shareLinkSender("no-such-token")).toBeNull();
  });
});

describe("adopting this browser's links", () => {
  async function anonymousLink(creatorCookie?: string) {
    const { lookupId, view } = await syncLookup();
    const fine = view.debts.find((d) => d.type === "ticket")!;
    const { POST } = await import("@/app/api/checkouts/route");
    const res = await POST(
      apiRequest("/api/checkouts", {
        body: { lookupId, debtIds: [fine.id], customer: CUSTOMER, kind: "share" },
        cookie: creatorCookie,
      }),
    );
    expect(res.status).toBe(201);
    const set = res.headers.getSetCookie().find((c) => c.startsWith(`${CREATOR_COOKIE}=`));
    return {
      token: (await json<{ token: string }>(res)).token,
      cookie: creatorCookie ?? set!.split(";")[0]!,
    };
  }

  it("moves only the presenting browser's unowned links, once; forged cookies and other accounts get nothing", async () => {
    const x = await anonymousLink();
    const y = await anonymousLink();
    const y2 = await anonymousLink(y.cookie);
    const withA = (creator: string) => `${A.cookie}; ${creator}`;
    const withB = (creator: string) => `${B.cookie}; ${creator}`;

    // A forged signature on browser x's id names nobody.
    const xId = x.cookie.split("=")[1]!.split(".")[0]!;
    const forged = `${CREATOR_COOKIE}=${xId}.${"A".repeat(43)}`;
    expect(await (await adopt("GET", withA(forged))).json()).toEqual({ adoptable: 0 });
    expect(await (await adopt("POST", withA(forged))).json()).toEqual({ adopted: 0 });

    expect(await (await adopt("GET", withA(y.cookie))).json()).toEqual({ adoptable: 2 });
    expect(await (await adopt("POST", withA(y.cookie))).json()).toEqual({ adopted: 2 });
    // Twice: nothing more; B with the same browser's cookie cannot take them from A.
    expect(await (await adopt("POST", withA(y.cookie))).json()).toEqual({ adopted: 0 });
    expect(await (await adopt("POST", withB(y.cookie))).json()).toEqual({ adopted: 0 });

    const owners = await db.checkout.findMany({
      where: { publicToken: { in: [x.token, y.token, y2.token] } },
      select: { publicToken: true, ownerUserId: true },
    });
    expect(Object.fromEntries(owners.map((o) => [o.publicToken, o.ownerUserId]))).toEqual({
      [x.token]: null,
      [y.token]: A.id,
      [y2.token]: A.id,
    });
    expect((await adopt("POST", y.cookie)).status).toBe(401);
    // A cross-site POST is refused before anything moves.
    const { POST } = await import("@/app/api/workspace/links/adopt/route");
    expect(
      (
        await POST(
          apiRequest("/api/workspace/links/adopt", {
            cookie: withB(x.cookie),
            origin: "https://evil.example",
          }),
        )
      ).status,
    ).toBe(403);
    expect(await db.checkout.findUniqueOrThrow({ where: { publicToken: x.token } })).toMatchObject({
      ownerUserId: null,
    });
  });
});

describe("paid, seen at once", () => {
  it("a paid workspace link queues 'your client paid' to the account once: replayed webhook and poll alike", async () => {
    const { lookupId, fine } = await lookupFor(A.id);
    const { token } = await json<{ token: string }>(
      await createLink(A.cookie, { lookupId, debtIds: [fine.id] }),
    );
    const started = await pay(token, { attemptId: randomUUID(), method: "pix" });
    expect(started.status, await started.clone().text()).toBe(201);
    const { ref } = await json<{ ref: string }>(started);
    const payment = await db.payment.findUniqueOrThrow({ where: { publicRef: ref } });
    const paid = await fetch(`${env.sandbox.url}/__sandbox/pix/${payment.paymentId}/pay`, {
      method: "POST",
      headers: { "x-api-key": TEST_API_KEY },
    });
    expect(paid.status).toBe(200);

    // The webhook, delivered three times, then the poll's reconciliation.
    const { POST: webhook } = await import("@/app/api/webhooks/uvvi/[secret]/route");
    const { dispatchPendingWebhooks } = await import("@/lib/webhooks/dispatch");
    const event = {
      type: "payment-status-update",
      transactionId: payment.transactionId ?? "1",
      externalId: payment.externalId,
      paymentId: payment.paymentId,
      status: "paid",
    };
    for (let i = 0; i < 3; i++) {
      const res = await webhook(
        new Request(`http://localhost:3999/api/webhooks/uvvi/${TEST_WEBHOOK_SECRET}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(event),
        }),
        params({ secret: TEST_WEBHOOK_SECRET }),
      );
      expect(res.status).toBe(200);
      await dispatchPendingWebhooks();
    }
    const { reconcilePayment } = await import("@/lib/payments/reconcile");
    await reconcilePayment(payment.id, new Date(Date.now() + 35_000));
    await reconcilePayment(payment.id, new Date(Date.now() + 35_000));

    expect(await db.payment.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({
      status: "paid",
    });
    const mails = await db.mailMessage.findMany({
      where: { template: "client-paid", dedupeKey: `client-paid:${payment.id}` },
    });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(A.email);
    expect(JSON.parse(mails[0]!.props)).toMatchObject({
      clientName: CUSTOMER.name,
      workspaceUrl: "http://localhost:3999/painel/links",
    });
    const { contactIndex } = await import("@/lib/privacy");
    expect(
      await db.mailMessage.count({
        where: { template: "client-paid", toIndex: contactIndex(B.email) },
      }),
    ).toBe(0);

    // The list (what the page polls) shows it paid, and under "pagos hoje".
    const today = await json<{ links: { token: string; status: string }[] }>(
      await listLinks(A.cookie, "?paidToday=1"),
    );
    expect(today.links.find((l) => l.token === token)).toMatchObject({ status: "paid" });
    expect(
      (
        await json<{ links: { token: string }[] }>(await listLinks(A.cookie, "?status=open"))
      ).links.map((l) => l.token),
    ).not.toContain(token);
  });
});

describe("link previews (Open Graph)", () => {
  it("the card image is a 1200x630 PNG drawn offline (no font fetched)", async () => {
    const { GET } = await import("@/app/og/pagamento/route");
    const realFetch = globalThis.fetch;
    const fetched: string[] = [];
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      // next/og loads its own wasm through a data: URL; only the network matters here.
      const url = String(input instanceof Request ? input.url : input);
      if (!url.startsWith("data:")) fetched.push(url);
      return realFetch(input, init);
    }) as typeof fetch;
    let png: Buffer;
    try {
      const res = GET();
      expect(res.headers.get("content-type")).toBe("image/png");
      png = Buffer.from(await res.arrayBuffer());
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(fetched).toEqual([]);
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });
});
