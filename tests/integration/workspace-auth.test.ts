import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  overrideEnvForTests,
  setupTestEnvironment,
  type TestEnvironment,
} from "../support/test-env";
import { apiRequest } from "../support/upstream-helpers";
import {
  cookieHeaderOf,
  latestSignInUrl,
  openSignInUrl,
  requestSignInLink,
  signIn,
} from "../support/workspace-auth";

// Accounts for the despachante workspace (better-auth over our database): the sign-in link is an
// outbox e-mail, works once, makes a database session any instance can read; limits are counted
// in the database per IP and per address; sign-out of every device ends every session.

let env: TestEnvironment;

beforeAll(async () => {
  env = await setupTestEnvironment({
    sandbox: { timeScale: 0.01 },
    env: { RATE_LIMIT_SIGN_IN: "1000", RATE_LIMIT_SIGN_IN_PER_EMAIL: "1000", LOG_LEVEL: "error" },
  });
});
afterAll(() => env.close());

async function session(cookie: string) {
  const { GET } = await import("@/app/api/auth/[...all]/route");
  const res = await GET(apiRequest("/api/auth/get-session", { method: "GET", cookie }));
  return (await res.json()) as { user: { email: string; id: string } } | null;
}

describe("workspace sign-in", () => {
  it("a sign-in link queued in the outbox signs in once, into a database session", async () => {
    const email = `ana.${Date.now()}@despachante.test`;
    const asked = await requestSignInLink(email);
    expect(asked.status).toBe(200);
    const url = await latestSignInUrl(email);
    expect(url).toMatch(/^http:\/\/localhost:\d+\/api\/auth\/magic-link\/verify\?token=/);
    const first = await openSignInUrl(url);
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toMatch(/\/painel$/);
    const cookie = cookieHeaderOf(first);
    expect((await session(cookie))?.user.email).toBe(email);
    const { db } = await import("@/lib/db/client");
    const user = await db.user.findUniqueOrThrow({ where: { email }, include: { sessions: true } });
    expect(user.sessions).toHaveLength(1);
    // The stored verification value is a hash: the token in the link is not in the table.
    const token = new URL(url).searchParams.get("token")!;
    expect(
      await db.verification.count({ where: { OR: [{ identifier: token }, { value: token }] } }),
    ).toBe(0);
    // Used once: the same link now lands on the error page and makes no session.
    const again = await openSignInUrl(url);
    expect(again.headers.get("location")).toMatch(/\/entrar\?erro=link/);
    expect(cookieHeaderOf(again)).not.toMatch(/session_token=[^;]+/);
  });

  it("refuses a bad address with a pt-BR message, queueing nothing", async () => {
    const res = await requestSignInLink("não é e-mail");
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("INVALID_EMAIL");
    expect(body.error.message).toMatch(/e-mail/i);
    const { db } = await import("@/lib/db/client");
    const { contactIndex } = await import("@/lib/privacy");
    expect(await db.mailMessage.count({ where: { toIndex: contactIndex("não é e-mail") } })).toBe(
      0,
    );
  });

  it("refuses a cross-site request (Origin of another site) and an off-site callback", async () => {
    const { POST } = await import("@/app/api/auth/[...all]/route");
    const evil = await POST(
      apiRequest("/api/auth/sign-in/magic-link", {
        method: "POST",
        ip: "10.77.1.1",
        origin: "https://evil.example",
        body: { email: "x@despachante.test" },
      }),
    );
    expect(evil.status).toBe(403);
    const offsite = await POST(
      apiRequest("/api/auth/sign-in/magic-link", {
        method: "POST",
        ip: "10.77.1.1",
        body: { email: "x@despachante.test", callbackURL: "https://evil.example/" },
      }),
    );
    expect(offsite.status).toBe(422);
  });

  it("limits sign-in e-mails per mailbox across IPs (a +tag or Gmail's dots are the same mailbox) and per IP, counted in the database", async () => {
    // The limiter reads its limit when it counts: no re-import.
    const restore = overrideEnvForTests({
      RATE_LIMIT_SIGN_IN_PER_EMAIL: "2",
      RATE_LIMIT_SIGN_IN: "3",
    });
    try {
      const email = `limite.${Date.now()}@despachante.test`;
      const statuses = [];
      for (const ip of ["10.78.0.1", "10.78.0.2", "10.78.0.3"])
        statuses.push((await requestSignInLink(email, ip)).status);
      expect(statuses).toEqual([200, 200, 429]);
      // The same mailbox written another way: "+1", "+2"; and Gmail's dots.
      const [name, domain] = email.split("@") as [string, string];
      expect((await requestSignInLink(`${name}+1@${domain}`, "10.78.0.4")).status).toBe(429);
      const gmail = `limite${Date.now()}@gmail.com`;
      const viaDots = [];
      for (const [k, written] of [gmail, `l.${gmail.slice(1)}`, `L.I.${gmail.slice(2)}`].entries())
        viaDots.push((await requestSignInLink(written, `10.78.1.${k}`)).status);
      expect(viaDots).toEqual([200, 200, 429]);
      const perIp = [];
      for (let i = 0; i < 4; i++)
        perIp.push(
          (await requestSignInLink(`ip${i}.${Date.now()}@despachante.test`, "10.79.0.9")).status,
        );
      expect(perIp).toEqual([200, 200, 200, 429]);
      // A forged X-Forwarded-For does not make a new client.
      const { POST } = await import("@/app/api/auth/[...all]/route");
      const forged = await POST(
        apiRequest("/api/auth/sign-in/magic-link", {
          method: "POST",
          ip: "10.79.0.9",
          headers: { "x-forwarded-for": "1.2.3.4", "x-real-ip": "5.6.7.8" },
          body: { email: `f.${Date.now()}@despachante.test` },
        }),
      );
      expect(forged.status).toBe(429);
    } finally {
      restore();
    }
  });

  it("sign out of every device ends every session of the account", async () => {
    const email = `duas.${Date.now()}@despachante.test`;
    const a = await signIn(email);
    const b = await signIn(email);
    expect((await session(a))?.user.email).toBe(email);
    expect((await session(b))?.user.email).toBe(email);
    const { POST } = await import("@/app/api/auth/[...all]/route");
    const revoked = await POST(
      apiRequest("/api/auth/revoke-sessions", { method: "POST", cookie: a, body: {} }),
    );
    expect(revoked.status).toBe(200);
    expect(await session(a)).toBeNull();
    expect(await session(b)).toBeNull();
  });
});
