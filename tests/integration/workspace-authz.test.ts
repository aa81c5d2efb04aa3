import { createHmac, randomBytes } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hostileString } from "../support/fuzz-arbitraries";
import { setupTestEnvironment, type TestEnvironment } from "../support/test-env";
import { apiRequest, params } from "../support/upstream-helpers";
import { signIn } from "../support/workspace-auth";
import {
  callRoute,
  each,
  idsOf,
  KIND_OF,
  loadWorkspaceRoutes,
  readBody,
  snapshotOf,
  type Route,
} from "../support/workspace-routes";
import { leakedSecrets, seedWorkspace, type SeededWorkspace } from "../support/workspace-seed";
import { CONVENTION_ROUTES, isKnownParam, type ParamKind } from "../support/workspace-walk";

// Authorization: two despachantes, A and B, each with a client, a vehicle, a lookup, a
// batch with its item and a link, written straight into the database. Every route handler under
// app/api/workspace (found by walking the folder, so routes added later are covered), every method
// it exports: with B's ids and A's session it answers 404 NOT_FOUND, exactly like a missing id, and
// says nothing of B (names, CPF digits and masks, plates, e-mails, phones, tokens); with no
// session, or a forged, expired or revoked one, 401. fast-check then draws ids (hostile strings,
// B's ids, A's ids of the wrong kind, A's own) against the exact oracle: 404 unless every id is
// A's own of the right kind. B's rows are compared before and after: nothing of B's changes.
// The pages load through the same lib/ functions wrapped in pageOr404: B's rows are Next's 404 there.

let env: TestEnvironment;
let routes: Route[] = [];
let A: SeededWorkspace;
let B: SeededWorkspace;
let cookieA: string;
let cookieB: string;

beforeAll(async () => {
  env = await setupTestEnvironment({
    sandbox: { timeScale: 0.01 },
    env: { RATE_LIMIT_SIGN_IN: "1000", RATE_LIMIT_SIGN_IN_PER_EMAIL: "1000", LOG_LEVEL: "error" },
  });
  routes = await loadWorkspaceRoutes();
  const { db } = await import("@/lib/db/client");
  const stamp = Date.now();
  cookieA = await signIn(`ana.${stamp}@authz.test`);
  cookieB = await signIn(`bia.${stamp}@authz.test`);
  const userA = await db.user.findUniqueOrThrow({ where: { email: `ana.${stamp}@authz.test` } });
  const userB = await db.user.findUniqueOrThrow({ where: { email: `bia.${stamp}@authz.test` } });
  A = await seedWorkspace(db, userA.id, "Ana");
  B = await seedWorkspace(db, userB.id, "Bia");
});
afterAll(() => env.close());

const idRoutes = () => routes.filter((r) => r.params.length > 0);

describe("the walker", () => {
  it("finds every route the conventions name, and knows every dynamic segment of every route", () => {
    const templates = routes.map((r) => r.template);
    expect(
      CONVENTION_ROUTES.filter((t) => !templates.includes(t)),
      "routes of the conventions missing from app/api/workspace",
    ).toEqual([]);
    const unknown = routes.flatMap((r) =>
      r.params.filter((p) => !isKnownParam(p)).map((p) => `${r.template}: [${p}]`),
    );
    expect(
      unknown,
      "dynamic segments the authorization tests cannot fill: add them to PARAM_KINDS and the seed",
    ).toEqual([]);
    for (const r of routes)
      expect(Object.keys(r.handlers).length, `${r.template} exports no method`).toBeGreaterThan(0);
  });
});

describe("another account's ids", () => {
  it("answer 404 NOT_FOUND on every route and method that takes an id, with none of B's data, and change nothing of B's", async () => {
    const before = await snapshotOf(B);
    const failures: string[] = [];
    for (const [route, method] of each(idRoutes())) {
      const { status, text } = await callRoute(route, method, idsOf(B, route), cookieA);
      const leaks = leakedSecrets(text, B);
      if (status !== 404 || !text.includes('"NOT_FOUND"') || leaks.length)
        failures.push(
          `${method} ${route.template}: ${status} ${leaks.join(", ")} ${text.slice(0, 200)}`,
        );
      // Word for word the answer to an id that exists nowhere: B's ids cannot be told from noise.
      const missing = await callRoute(
        route,
        method,
        Object.fromEntries(route.params.map((p) => [p, `c${randomBytes(12).toString("hex")}`])),
        cookieA,
      );
      if (missing.status !== status || missing.text !== text)
        failures.push(
          `${method} ${route.template}: B's id ${status} ${text.slice(0, 120)} vs a missing id ${missing.status} ${missing.text.slice(0, 120)}`,
        );
    }
    expect(failures).toEqual([]);
    expect(await snapshotOf(B)).toBe(before);
  });

  it("the same calls with B's own session find B's rows (the oracle is not vacuous)", async () => {
    const failures: string[] = [];
    for (const [route, method] of each(idRoutes()).filter(([, m]) => m === "GET")) {
      const { status, text } = await callRoute(route, method, idsOf(B, route), cookieB);
      if (status !== 200)
        failures.push(`${method} ${route.template}: ${status} ${text.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
  });

  it("routes without ids, called by A, never return B's data", async () => {
    const failures: string[] = [];
    for (const [route, method] of each(routes.filter((r) => r.params.length === 0))) {
      const { status, text } = await callRoute(route, method, {}, cookieA);
      const leaks = leakedSecrets(text, B);
      if (status >= 500 || leaks.length)
        failures.push(`${method} ${route.template}: ${status} ${leaks.join(", ")}`);
    }
    expect(failures).toEqual([]);
  });
});

describe("another account's ids in a body or a query", () => {
  const route = (template: string) => routes.find((r) => r.template === template)!;
  const post = async (template: string, body: unknown) => {
    const res = await route(template).handlers.POST!(
      apiRequest(template, { method: "POST", cookie: cookieA, body, ip: "10.88.0.2" }),
      params({}),
    );
    return { status: res.status, text: await readBody(res) };
  };
  const missingId = () => `c${randomBytes(12).toString("hex")}`;

  it("a batch of B's vehicles or clients finds nothing to look up, exactly as for ids that do not exist", async () => {
    const { db } = await import("@/lib/db/client");
    const batchesBefore = await db.lookupBatch.count({ where: { userId: A.userId } });
    for (const [field, scope, id] of [
      ["vehicleIds", "vehicles", B.ids.vehicleId],
      ["clientIds", "clients", B.ids.clientId],
    ] as const) {
      const theirs = await post("/api/workspace/batches", { scope, [field]: [id] });
      const nobody = await post("/api/workspace/batches", { scope, [field]: [missingId()] });
      expect(theirs.status, theirs.text).toBe(422);
      expect(theirs.text).toContain('"BATCH_EMPTY"');
      expect(theirs.text).toBe(nobody.text);
      expect(leakedSecrets(theirs.text, B)).toEqual([]);
    }
    expect(await db.lookupBatch.count({ where: { userId: A.userId } })).toBe(batchesBefore);
    expect(await db.lookupBatchItem.count({ where: { vehicleId: B.ids.vehicleId } })).toBe(1); // only B's own seeded item
  });

  it("a link from B's lookup, or for B's client, is 404 NOT_FOUND like a missing one, and creates no checkout", async () => {
    const { db } = await import("@/lib/db/client");
    const before = await db.checkout.count();
    const cases = [
      [
        { lookupId: B.ids.lookupId, debtIds: [B.ids.debtId] },
        { lookupId: crypto.randomUUID(), debtIds: [B.ids.debtId] },
      ],
      [
        { lookupId: A.ids.lookupId, debtIds: [A.ids.debtId], clientId: B.ids.clientId },
        { lookupId: A.ids.lookupId, debtIds: [A.ids.debtId], clientId: missingId() },
      ],
    ];
    for (const [theirs, nobody] of cases) {
      const a = await post("/api/workspace/links", theirs);
      const b = await post("/api/workspace/links", nobody);
      expect(a.status, a.text).toBe(404);
      expect(a.text).toContain('"NOT_FOUND"');
      expect(a.text).toBe(b.text);
      expect(leakedSecrets(a.text, B)).toEqual([]);
    }
    expect(await db.checkout.count()).toBe(before);
  });

  it("the links list filtered by B's client is A's (empty) list", async () => {
    const list = routes.find((r) => r.template === "/api/workspace/links")!.handlers.GET!;
    const res = await list(
      apiRequest(`/api/workspace/links?client=${B.ids.clientId}`, {
        method: "GET",
        cookie: cookieA,
      }),
      params({}),
    );
    const text = await readBody(res);
    expect(res.status, text).toBe(200);
    expect((JSON.parse(text) as { links: unknown[] }).links).toEqual([]);
    expect(leakedSecrets(text, B)).toEqual([]);
  });
});

describe("no session, or a session that is not one", () => {
  it("answers 401 UNAUTHENTICATED to every route and method with no cookie, even with forged identity headers", async () => {
    const { db } = await import("@/lib/db/client");
    const tokenB = (await db.session.findFirstOrThrow({ where: { userId: B.userId } })).token;
    const forged = {
      authorization: `Bearer ${tokenB}`,
      "x-user-id": B.userId,
      "x-forwarded-user": "bia@authz.test",
    };
    const failures: string[] = [];
    for (const [route, method] of each(routes)) {
      for (const headers of [undefined, forged]) {
        const { status, text } = await callRoute(
          route,
          method,
          idsOf(B, route),
          undefined,
          headers,
        );
        if (status !== 401 || !text.includes('"UNAUTHENTICATED"') || leakedSecrets(text, B).length)
          failures.push(
            `${method} ${route.template}${headers ? " (forged headers)" : ""}: ${status}`,
          );
      }
    }
    expect(failures).toEqual([]);
  });

  it("answers 401 to forged, tampered, expired and revoked session cookies", async () => {
    const { db } = await import("@/lib/db/client");
    const [name, value] = cookieB
      .split(";")
      .map((c) => c.trim())
      .find((c) => c.includes("session_token"))!
      .split("=") as [string, string];
    const [token, signature] = decodeURIComponent(value).split(/\.(?=[^.]*$)/) as [string, string];
    // A character in the middle: its 6 bits are all data (the last one before "=" holds padding
    // bits that decoders ignore, so changing it can leave the same bytes, a valid signature).
    const flip = (s: string) => s.slice(0, 10) + (s[10] === "A" ? "B" : "A") + s.slice(11);
    expect(Buffer.from(flip(signature), "base64").equals(Buffer.from(signature, "base64"))).toBe(
      false,
    );
    const wrongKey = createHmac("sha256", "not-the-secret-0123456789abcdef0123")
      .update(token)
      .digest("base64");

    const stamp = Date.now();
    const expired = await signIn(`expirada.${stamp}@authz.test`);
    const expiredUser = await db.user.findUniqueOrThrow({
      where: { email: `expirada.${stamp}@authz.test` },
    });
    await db.session.updateMany({
      where: { userId: expiredUser.id },
      data: { expiresAt: new Date(Date.now() - 60_000) },
    });
    await seedWorkspace(db, expiredUser.id, "Expirada");
    const revoked = await signIn(`revogada.${stamp}@authz.test`);
    const signedOut = await signIn(`saiu.${stamp}@authz.test`);
    const auth = await import("@/app/api/auth/[...all]/route");
    expect(
      (
        await auth.POST(
          apiRequest("/api/auth/revoke-sessions", { method: "POST", cookie: revoked, body: {} }),
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await auth.POST(
          apiRequest("/api/auth/sign-out", { method: "POST", cookie: signedOut, body: {} }),
        )
      ).status,
    ).toBe(200);

    const cookies: Record<string, string> = {
      random: `${name}=${encodeURIComponent(`${randomBytes(24).toString("base64url")}.${randomBytes(32).toString("base64")}`)}`,
      "token without signature": `${name}=${encodeURIComponent(token)}`,
      "tampered signature": `${name}=${encodeURIComponent(`${token}.${flip(signature)}`)}`,
      "signed with another key": `${name}=${encodeURIComponent(`${token}.${wrongKey}`)}`,
      "another cookie name": `placa.session_data=${encodeURIComponent(value)}`,
      expired,
      revoked,
      "signed out": signedOut,
    };
    const sessionOf = async (cookie: string) =>
      (await (
        await auth.GET(apiRequest("/api/auth/get-session", { method: "GET", cookie }))
      ).json()) as { user: { id: string } } | null;
    expect((await sessionOf(cookieB))?.user.id).toBe(B.userId);
    const failures: string[] = [];
    for (const [what, cookie] of Object.entries(cookies)) {
      if ((await sessionOf(cookie)) !== null)
        failures.push(`${what}: better-auth still sees a session`);
      for (const [route, method] of each(routes)) {
        const { status, text } = await callRoute(route, method, idsOf(B, route), cookie);
        if (status !== 401 || leakedSecrets(text, B).length)
          failures.push(`${what}: ${method} ${route.template}: ${status}`);
      }
    }
    expect(failures).toEqual([]);
    expect(routes.length).toBeGreaterThan(0);
  });
});

describe("fuzzed ids, exact oracle", () => {
  it("hostile ids (a NUL byte, 10 kB, path tricks, SQL) are 404 on every route, never a 5xx", async () => {
    const hostile = [
      "\u0000",
      "c\u0000x",
      "x".repeat(10_000),
      "../../etc/passwd",
      "%",
      "' OR 1=1 --",
      "🚗",
      " ",
      "\uFFFD",
    ];
    const failures: string[] = [];
    for (const [route, method] of each(idRoutes())) {
      for (const id of hostile) {
        const { status, text } = await callRoute(
          route,
          method,
          Object.fromEntries(route.params.map((p) => [p, id])),
          cookieA,
        );
        if (status !== 404 || !text.includes('"NOT_FOUND"'))
          failures.push(
            `${method} ${route.template} ${JSON.stringify(id.slice(0, 20))}: ${status} ${text.slice(0, 120)}`,
          );
      }
    }
    expect(failures).toEqual([]);
  });

  it("404 unless every id is A's own of the right kind (then 200 on reads)", async () => {
    const before = await snapshotOf(B);
    const all = [A, B];
    const kinds = Object.values(KIND_OF);
    // For one dynamic segment: a hostile string, anyone's id of any kind, or A's own of this kind.
    const idFor = (kind: ParamKind) =>
      fc.oneof(
        {
          weight: 2,
          arbitrary: hostileString.map((s) => ({ value: s, own: s === A.ids[KIND_OF[kind]] })),
        },
        {
          weight: 1,
          arbitrary: fc
            .string({ minLength: 1, maxLength: 40 })
            .map((s) => ({ value: s, own: false })),
        },
        {
          weight: 3,
          arbitrary: fc.constantFrom(
            ...all.flatMap((w) =>
              kinds.map((k) => ({ value: w.ids[k], own: w === A && k === KIND_OF[kind] })),
            ),
          ),
        },
        { weight: 2, arbitrary: fc.constant({ value: A.ids[KIND_OF[kind]], own: true }) },
      );
    for (const [route, method] of each(idRoutes())) {
      const drawn = fc.tuple(...route.params.map((p) => idFor(p as ParamKind)));
      await fc.assert(
        fc.asyncProperty(drawn, async (ids) => {
          const allOwn = ids.every((i) => i.own);
          // A's own rows are only read: a write on them is the feature, tested by the routes' own suites.
          fc.pre(method === "GET" || !allOwn);
          const values = Object.fromEntries(route.params.map((p, i) => [p, ids[i]!.value]));
          const { status, text } = await callRoute(route, method, values, cookieA);
          expect(leakedSecrets(text, B), `${method} ${route.template}`).toEqual([]);
          if (allOwn)
            expect(
              status,
              `${method} ${route.template} on A's own ids: ${text.slice(0, 200)}`,
            ).toBe(200);
          else
            expect(
              status,
              `${method} ${route.template} ${JSON.stringify(values).slice(0, 200)}: ${text.slice(0, 200)}`,
            ).toBe(404);
        }),
        { numRuns: 40 },
      );
    }
    expect(await snapshotOf(B)).toBe(before);
  });
});

describe("workspace pages (pageOr404)", () => {
  // Next's notFound() throws an error whose digest the framework turns into the 404 page.
  const NEXT_404 = "NEXT_HTTP_ERROR_FALLBACK;404";
  const digestOf = (p: Promise<unknown>) =>
    p.then(
      () => "resolved",
      (e: unknown) => (e as { digest?: string }).digest ?? String(e),
    );

  it("B's client and batch, loaded as the pages load them for A, are Next's 404, like missing ids; B's own load", async () => {
    const { pageOr404 } = await import("@/lib/auth/page-user");
    const { getClient } = await import("@/lib/workspace/clients/clients");
    const { getBatchView } = await import("@/lib/workspace/batches/batch-view");
    const missing = `c${randomBytes(12).toString("hex")}`;
    for (const id of [B.ids.clientId, missing])
      expect(await digestOf(pageOr404(() => getClient(A.userId, id)))).toBe(NEXT_404);
    for (const id of [B.ids.batchId, missing])
      expect(await digestOf(pageOr404(() => getBatchView(A.userId, id)))).toBe(NEXT_404);
    expect((await pageOr404(() => getClient(B.userId, B.ids.clientId))).client.id).toBe(
      B.ids.clientId,
    );
    expect((await pageOr404(() => getBatchView(B.userId, B.ids.batchId))).progress.total).toBe(1);
  });

  it("rethrows anything that is not a 404 (the error boundary draws it, not the 404 page)", async () => {
    const { pageOr404 } = await import("@/lib/auth/page-user");
    const { AppError } = await import("@/lib/errors/app-error");
    const refused = new AppError({ code: "CLIENT_INCOMPLETE", message: "Cliente incompleto." });
    await expect(pageOr404(() => Promise.reject(refused))).rejects.toBe(refused);
    const broken = new Error("database down");
    await expect(pageOr404(() => Promise.reject(broken))).rejects.toBe(broken);
  });
});
