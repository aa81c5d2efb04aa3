import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_VEHICLES } from "@/lib/sandbox/catalog/vehicles";
import { proxiedTestEnvironment, type CountingProxy } from "../support/family-lookup";
import {
  cardAttempt,
  CUSTOMER,
  json,
  pay,
  resetSandbox,
  syncLookup,
} from "../support/storefront-flow";
import type { TestEnvironment } from "../support/test-env";
import { apiRequest, params } from "../support/upstream-helpers";
import { signIn } from "../support/workspace-auth";
import { randomCpf } from "../support/workspace-seed";

// Workspace links under "never pay a debt twice": two despachantes, each with a client who owns
// the SAME vehicle (one plate, the sandbox's deterministic debt ids), each with their own lookup
// of it. Both make
// links for the same fine at once through POST /api/workspace/links (6 concurrent requests each,
// 12 in all): links are only offers, so all are made. Then every link is paid by card at the same
// moment: exactly one charge reaches upstream (counted by a proxy in front of the sandbox), every
// other is a 409 with a machine code and a pt-BR sentence, and a later attempt or a new link for
// that fine is refused the same way. Neither account can see, renew or e-mail the other's links.

type ErrorBody = { error: { code: string; message: string } };
type Account = { cookie: string; id: string; email: string };
const PER_ACCOUNT = 6;

let env: TestEnvironment;
let proxy: CountingProxy;
let closeEnv: (() => Promise<void>) | undefined;
let db: typeof import("@/lib/db/client").db;
let links: typeof import("@/app/api/workspace/links/route");

beforeAll(async () => {
  ({
    env,
    proxy,
    close: closeEnv,
  } = await proxiedTestEnvironment(0.01, {
    LOG_LEVEL: "error",
    RATE_LIMIT_SIGN_IN: "1000",
    RATE_LIMIT_SIGN_IN_PER_EMAIL: "1000",
    RATE_LIMIT_PAYMENTS: "100000",
    RATE_LIMIT_CARD_TOKENS: "100000",
    RATE_LIMIT_CARD_TOKENS_PER_CHECKOUT: "100000",
  }));
  ({ db } = await import("@/lib/db/client"));
  links = await import("@/app/api/workspace/links/route");
  await resetSandbox(env);
});
afterAll(async () => {
  await closeEnv?.();
});

async function account(tag: string): Promise<Account> {
  const email = `${tag}.${Date.now()}@corrida.test`;
  const cookie = await signIn(email);
  return { cookie, email, id: (await db.user.findUniqueOrThrow({ where: { email } })).id };
}

/** The account's client owning the sandbox's sync vehicle, and a batch item with the account's own lookup of it. */
async function sameVehicleFor(userId: string) {
  const v = SANDBOX_VEHICLES.syncAnswer;
  const client = await db.workspaceClient.create({
    data: {
      userId,
      name: CUSTOMER.name,
      cpfCnpj: randomCpf(),
      phone: "31987654321",
      email: `cliente.${randomBytes(4).toString("hex")}@example.com`,
    },
  });
  const vehicle = await db.workspaceVehicle.create({
    data: { userId, clientId: client.id, plate: v.plate, uf: v.uf, renavam: v.renavam },
  });
  const { lookupId, view } = await syncLookup();
  const batch = await db.lookupBatch.create({ data: { userId } });
  await db.lookupBatchItem.create({
    data: { batchId: batch.id, vehicleId: vehicle.id, lookupId, status: "done" },
  });
  return { lookupId, fine: view.debts.find((d) => d.type === "ticket")! };
}

const createLink = (cookie: string, body: unknown) =>
  links.POST(apiRequest("/api/workspace/links", { cookie, body }));
const listTokens = async (cookie: string) =>
  (
    await json<{ links: { token: string; status: string }[] }>(
      await links.GET(apiRequest("/api/workspace/links", { method: "GET", cookie })),
    )
  ).links;

async function onLink(action: "renew" | "send", cookie: string, linkToken: string) {
  const route =
    action === "renew"
      ? await import("@/app/api/workspace/links/[linkToken]/renew/route")
      : await import("@/app/api/workspace/links/[linkToken]/send/route");
  const res = await route.POST(
    apiRequest(`/api/workspace/links/${linkToken}/${action}`, { cookie }),
    params({ linkToken }),
  );
  return { status: res.status, text: await res.text() };
}

/** Both refusals of the rule, in pt-BR, naming the debt. */
function expectRefusal(body: ErrorBody, title: string) {
  expect(body.error.code).toMatch(/^DEBT_(ALREADY_PAID|IN_PAYMENT)$/);
  expect(body.error.message).toMatch(
    new RegExp(
      `^Não é possível pagar “${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}”\\. .*(pago|pagamento)`,
    ),
  );
}

describe("two despachantes, one vehicle, one fine", () => {
  let A: Account;
  let B: Account;
  let tokensOf: Record<"A" | "B", string[]>;
  let fineTitle: string;
  let fineId: string;

  it("12 concurrent link requests (6 per account) all make a link of their own account", async () => {
    [A, B] = [await account("ana"), await account("bia")];
    const [a, b] = [await sameVehicleFor(A.id), await sameVehicleFor(B.id)];
    // Two lookups of one vehicle carry the same upstream debt id: that is what the rule keys on.
    expect(a.lookupId).not.toBe(b.lookupId);
    expect(a.fine.id).toBe(b.fine.id);
    fineId = a.fine.id;
    const answers = await Promise.all([
      ...Array.from({ length: PER_ACCOUNT }, () =>
        createLink(A.cookie, { lookupId: a.lookupId, debtIds: [fineId] }),
      ),
      ...Array.from({ length: PER_ACCOUNT }, () =>
        createLink(B.cookie, { lookupId: b.lookupId, debtIds: [fineId] }),
      ),
    ]);
    const bodies = await Promise.all(
      answers.map(async (r) => ({
        status: r.status,
        body: await json<{ token: string } & ErrorBody>(r),
      })),
    );
    expect(
      bodies.map((x) => x.status),
      JSON.stringify(bodies.find((x) => x.status !== 201)),
    ).toEqual(Array(2 * PER_ACCOUNT).fill(201));
    tokensOf = {
      A: bodies.slice(0, PER_ACCOUNT).map((x) => x.body.token),
      B: bodies.slice(PER_ACCOUNT).map((x) => x.body.token),
    };
    expect(new Set([...tokensOf.A, ...tokensOf.B]).size).toBe(2 * PER_ACCOUNT);
    const owners = await db.checkout.findMany({
      where: { publicToken: { in: [...tokensOf.A, ...tokensOf.B] } },
      select: { publicToken: true, ownerUserId: true },
    });
    for (const o of owners)
      expect(o.ownerUserId).toBe(tokensOf.A.includes(o.publicToken) ? A.id : B.id);
    fineTitle = (
      await db.lookupDebt.findFirstOrThrow({ where: { lookupId: a.lookupId, debtId: fineId } })
    ).title;
  });

  it("every link paid at the same moment: one charge reaches upstream, the other 11 are refused in words", async () => {
    const all = [...tokensOf.A, ...tokensOf.B];
    const bodies = await Promise.all(all.map((t) => cardAttempt(t)));
    const before = proxy.payments();
    const answers = await Promise.all(all.map((token, i) => pay(token, bodies[i]!)));
    const results = await Promise.all(
      answers.map(async (r) => ({
        status: r.status,
        body: await json<{ status: string } & ErrorBody>(r),
      })),
    );

    expect(proxy.payments() - before).toBe(1);
    const won = results.filter((r) => r.status === 201);
    expect(won, JSON.stringify(results.filter((r) => r.status !== 409))).toHaveLength(1);
    expect(won[0]!.body.status).toBe("paid");
    for (const lost of results.filter((r) => r.status !== 201)) {
      expect(lost.status).toBe(409);
      expectRefusal(lost.body, fineTitle);
    }
    expect(await db.payment.count({ where: { checkout: { publicToken: { in: all } } } })).toBe(1);
    expect(
      await db.payment.count({
        where: {
          checkout: { debts: { some: { debtId: fineId } } },
          status: { notIn: ["refused", "expired"] },
        },
      }),
    ).toBe(1);
    // "Seu cliente pagou" goes to the account whose link was paid, and only to it.
    const paid = await db.payment.findFirstOrThrow({
      where: { checkout: { publicToken: { in: all } } },
      include: { checkout: true },
    });
    const winner = paid.checkout.ownerUserId === A.id ? A : B;
    expect(
      (await db.mailMessage.findMany({ where: { template: "client-paid" } })).map((m) => m.to),
    ).toEqual([winner.email]);
  });

  it("afterwards: paying another link, by PIX or card, and a new link for the fine are DEBT_ALREADY_PAID; upstream hears nothing", async () => {
    const before = proxy.payments();
    const paidToken = (
      await db.payment.findFirstOrThrow({
        where: { checkout: { publicToken: { in: [...tokensOf.A, ...tokensOf.B] } } },
        include: { checkout: true },
      })
    ).checkout.publicToken;
    const other = [...tokensOf.A, ...tokensOf.B].find((t) => t !== paidToken)!;
    for (const body of [
      { attemptId: crypto.randomUUID(), method: "pix" },
      await cardAttempt(other),
    ]) {
      const res = await pay(other, body);
      expect(res.status).toBe(409);
      const refused = await json<ErrorBody>(res);
      expect(refused.error.code).toBe("DEBT_ALREADY_PAID");
      expectRefusal(refused, fineTitle);
    }
    for (const acc of [A, B]) {
      const { lookupId } = await db.lookupBatchItem.findFirstOrThrow({
        where: { batch: { userId: acc.id } },
        select: { lookupId: true },
      });
      const res = await createLink(acc.cookie, { lookupId, debtIds: [fineId] });
      expect(res.status).toBe(409);
      const refused = await json<ErrorBody>(res);
      expect(refused.error.code).toBe("DEBT_ALREADY_PAID");
      expectRefusal(refused, fineTitle);
    }
    expect(proxy.payments()).toBe(before);
  });

  it("each account sees only its own links; the other's tokens are 404 NOT_FOUND to renew or e-mail, like made-up ones", async () => {
    expect((await listTokens(A.cookie)).map((l) => l.token).sort()).toEqual([...tokensOf.A].sort());
    expect((await listTokens(B.cookie)).map((l) => l.token).sort()).toEqual([...tokensOf.B].sort());
    const madeUp = randomBytes(24).toString("base64url");
    const nobody = await onLink("send", A.cookie, madeUp);
    expect(nobody.status).toBe(404);
    expect(nobody.text).toContain('"NOT_FOUND"');
    const checkoutsBefore = await db.checkout.count();
    for (const [me, theirs] of [
      [A, tokensOf.B],
      [B, tokensOf.A],
    ] as const) {
      for (const token of theirs) {
        for (const action of ["renew", "send"] as const) {
          const res = await onLink(action, me.cookie, token);
          expect(res.status, `${action} ${res.text}`).toBe(404);
          expect(res.text).toBe(
            action === "send" ? nobody.text : (await onLink("renew", me.cookie, madeUp)).text,
          );
        }
      }
    }
    expect(await db.checkout.count()).toBe(checkoutsBefore);
    expect(await db.mailMessage.count({ where: { template: "payment-link" } })).toBe(0);
  });
});
