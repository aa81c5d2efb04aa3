import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SANDBOX_VEHICLES } from "@/lib/sandbox/catalog/vehicles";
import type { RunningSandbox } from "@/lib/sandbox/server";
import { client, startTestSandbox, TEST_KEYS } from "./sandbox-support";

let sb: RunningSandbox;
let api: ReturnType<typeof client>;
const v = SANDBOX_VEHICLES.noDebts;
const lookupBody = { state: v.uf, licensePlate: v.plate, renavam: v.renavam, cpfCnpj: v.cpfCnpj };

beforeAll(async () => {
  sb = await startTestSandbox();
  api = client(sb.url, TEST_KEYS[2]!);
});
afterAll(() => sb.close());
beforeEach(async () => {
  await api("/__sandbox/faults", { method: "DELETE" });
});

const shapeA = (error: string) => ({ success: false, error, message: expect.any(String) });
const shapeB = (code: string) => ({
  success: false,
  error: { code, message: expect.any(String), details: expect.any(Object) },
});
const shapeC = (error: string, statusCode: number) => ({
  success: false,
  error,
  message: expect.any(String),
  statusCode,
});

describe("rate limit (fixed 60 s window per key)", () => {
  it("429 with integer retryAfter once a key exceeds its rate; other keys unaffected; reset clears it", async () => {
    const limited = await startTestSandbox({ rateLimitPerMinute: 3 });
    try {
      const a = client(limited.url, TEST_KEYS[0]!);
      const b = client(limited.url, TEST_KEYS[1]!);
      for (let i = 0; i < 3; i++) expect((await a("/api/v1/health")).status).toBe(200);
      const api429 = await a("/api/v1/health");
      expect(api429.status).toBe(429);
      expect(api429.json).toEqual({
        ...shapeA("RATE_LIMIT_EXCEEDED"),
        retryAfter: expect.any(Number),
      });
      expect(Number.isInteger(api429.json.retryAfter)).toBe(true);
      expect(api429.json.retryAfter).toBeGreaterThanOrEqual(1);
      expect(api429.json.retryAfter).toBeLessThanOrEqual(60);
      expect(api429.headers.get("retry-after")).toBe(String(api429.json.retryAfter));

      const uvvi429 = await a("/uvvi/v1/debts", { body: lookupBody });
      expect(uvvi429.status).toBe(429);
      expect(uvvi429.json).toEqual({
        ...shapeC("Too Many Requests", 429),
        retryAfter: expect.any(Number),
      });

      expect((await b("/api/v1/health")).status).toBe(200);
      expect((await a("/__sandbox/reset", { method: "POST" })).status).toBe(200);
      expect((await a("/api/v1/health")).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe("fault injection by header", () => {
  it("rate-limit -> 429 retryAfter 60 by default, or the given value and shape", async () => {
    const r = await api("/api/v1/health", { headers: { "x-sandbox-fault": "rate-limit" } });
    expect(r.status).toBe(429);
    expect(r.json).toEqual({ ...shapeA("RATE_LIMIT_EXCEEDED"), retryAfter: 60 });
    const b = await api("/uvvi/v1/debts", {
      body: lookupBody,
      headers: { "x-sandbox-fault": "rate-limit; retryAfter=7; shape=B" },
    });
    expect(b.status).toBe(429);
    expect(b.json).toEqual({ ...shapeB("RATE_LIMIT_EXCEEDED"), retryAfter: 7 });
    expect(b.json.error.details.retryAfter).toBe(7);
  });

  it.each([
    ["server-error", 500, "Internal Server Error", "INTERNAL_ERROR"],
    ["unavailable", 503, "Service Unavailable", "SERVICE_UNAVAILABLE"],
  ] as const)("%s -> %i in shapes C (default), A and B", async (fault, status, phrase, code) => {
    const c = await api("/api/v1/health", { headers: { "x-sandbox-fault": fault } });
    expect([c.status, c.json]).toEqual([status, shapeC(phrase, status)]);
    const a = await api("/api/v1/health", { headers: { "x-sandbox-fault": `${fault}; shape=A` } });
    expect([a.status, a.json]).toEqual([status, shapeA(code)]);
    const b = await api("/uvvi/v1/debts", {
      body: lookupBody,
      headers: { "x-sandbox-fault": `${fault};shape=B` },
    });
    expect([b.status, b.json]).toEqual([status, shapeB(code)]);
  });

  it("bad-gateway-html -> 502 with an HTML, non-JSON body", async () => {
    const r = await api("/uvvi/v1/debts", {
      body: lookupBody,
      headers: { "x-sandbox-fault": "bad-gateway-html" },
    });
    expect(r.status).toBe(502);
    expect(r.headers.get("content-type")).toMatch(/text\/html/);
    expect(r.json).toBeUndefined();
    expect(r.text).toContain("502 Bad Gateway");
  });

  it("slow -> answers normally after delayMs", async () => {
    const r = await api("/api/v1/health", { headers: { "x-sandbox-fault": "slow; delayMs=400" } });
    expect(r.status).toBe(200);
    expect(r.json.status).toBe("ok");
    expect(r.ms).toBeGreaterThanOrEqual(390);
  });

  it("hang -> never answers; the client's own timeout fires; the sandbox keeps serving", async () => {
    const started = performance.now();
    await expect(
      api("/api/v1/health", {
        headers: { "x-sandbox-fault": "hang" },
        signal: AbortSignal.timeout(500),
      }),
    ).rejects.toThrow();
    expect(performance.now() - started).toBeGreaterThanOrEqual(480);
    expect((await api("/api/v1/health")).status).toBe(200);
  });

  it("an unknown fault name -> 400 shape C instead of silently passing", async () => {
    const r = await api("/api/v1/health", { headers: { "x-sandbox-fault": "explode" } });
    expect([r.status, r.json]).toEqual([400, shapeC("Bad Request", 400)]);
  });
});

describe("armed faults (POST/DELETE /__sandbox/faults)", () => {
  it("applies to the next `times` matching requests, then a retry succeeds", async () => {
    const arm = await api("/__sandbox/faults", {
      body: { path: "/uvvi/v1/debts", fault: "unavailable", times: 2 },
    });
    expect(arm.status).toBe(200);
    expect((await api("/api/v1/health")).status).toBe(200);
    expect((await api("/uvvi/v1/debts", { body: lookupBody })).status).toBe(503);
    expect((await api("/uvvi/v1/debts", { body: lookupBody })).status).toBe(503);
    const ok = await api("/uvvi/v1/debts", { body: lookupBody });
    expect([ok.status, ok.json.status]).toEqual([200, "PROCESSING"]);
  });

  it("prefix paths with *, method filter, shape override, and every kind", async () => {
    await api("/__sandbox/faults", {
      body: { path: "/api/v1/*", method: "GET", fault: "rate-limit", retryAfter: 3, shape: "C" },
    });
    const r = await api(`/api/v1/vehicle/enrichment/${v.plate}`);
    expect([r.status, r.json]).toEqual([
      429,
      { ...shapeC("Too Many Requests", 429), retryAfter: 3 },
    ]);
    expect((await api(`/api/v1/vehicle/enrichment/${v.plate}`)).status).toBe(200);

    await api("/__sandbox/faults", {
      body: { path: "/uvvi/v1/*", method: "POST", fault: "server-error", shape: "A" },
    });
    expect((await api("/uvvi/v1/nope")).status).toBe(404);
    const e = await api("/uvvi/v1/debts", { body: lookupBody });
    expect([e.status, e.json]).toEqual([500, shapeA("INTERNAL_ERROR")]);

    await api("/__sandbox/faults", { body: { path: "/api/v1/health", fault: "bad-gateway-html" } });
    expect((await api("/api/v1/health")).status).toBe(502);

    await api("/__sandbox/faults", {
      body: { path: "/api/v1/health", fault: "slow", delayMs: 300 },
    });
    const slow = await api("/api/v1/health");
    expect(slow.status).toBe(200);
    expect(slow.ms).toBeGreaterThanOrEqual(290);

    await api("/__sandbox/faults", { body: { path: "/api/v1/health", fault: "hang" } });
    await expect(api("/api/v1/health", { signal: AbortSignal.timeout(300) })).rejects.toThrow();
    expect((await api("/api/v1/health")).status).toBe(200);
  });

  it("DELETE disarms everything; control endpoints are never faulted", async () => {
    await api("/__sandbox/faults", { body: { path: "*", fault: "server-error", times: 100 } });
    expect((await api("/__sandbox/faults")).json.faults).toHaveLength(1);
    expect((await api("/api/v1/health")).status).toBe(500);
    const del = await api("/__sandbox/faults", { method: "DELETE" });
    expect(del.json).toEqual({ success: true, cleared: 1 });
    expect((await api("/api/v1/health")).status).toBe(200);
  });

  it("rejects an invalid arm request with 400 shape B", async () => {
    const r = await api("/__sandbox/faults", {
      body: { path: "/api/v1/health", fault: "meltdown" },
    });
    expect(r.status).toBe(400);
    expect(Object.keys(r.json.error.details.fields)).toEqual(["fault"]);
  });
});

describe("request log (GET /__sandbox/requests)", () => {
  it("lists what the sandbox answered the caller's key, 429s with their Retry-After, oldest first; not another key's, not /__sandbox/*; reset clears it", async () => {
    const limited = await startTestSandbox({ rateLimitPerMinute: 2 });
    try {
      const a = client(limited.url, TEST_KEYS[0]!);
      const b = client(limited.url, TEST_KEYS[1]!);
      expect((await a("/uvvi/v1/debts", { body: lookupBody })).status).toBe(200);
      expect((await a("/uvvi/v1/debts", { body: { ...lookupBody, renavam: "123" } })).status).toBe(
        400,
      );
      const limitedAnswer = await a("/uvvi/v1/debts", { body: lookupBody });
      expect(limitedAnswer.status).toBe(429);
      await a("/__sandbox/faults");
      expect((await b("/api/v1/health")).status).toBe(200);

      const log = (await a("/__sandbox/requests")).json.requests as {
        at: string;
        method: string;
        path: string;
        status: number;
        retryAfter: number | null;
      }[];
      expect(
        log.map(({ method, path, status, retryAfter }) => ({ method, path, status, retryAfter })),
      ).toEqual([
        { method: "POST", path: "/uvvi/v1/debts", status: 200, retryAfter: null },
        { method: "POST", path: "/uvvi/v1/debts", status: 400, retryAfter: null },
        {
          method: "POST",
          path: "/uvvi/v1/debts",
          status: 429,
          retryAfter: Number(limitedAnswer.headers.get("retry-after")),
        },
      ]);
      expect(log.map((r) => Date.parse(r.at))).toEqual(
        [...log.map((r) => Date.parse(r.at))].sort((x, y) => x - y),
      );
      expect((await b("/__sandbox/requests")).json.requests).toEqual([
        expect.objectContaining({ path: "/api/v1/health", status: 200 }),
      ]);
      expect(
        (await client(limited.url, "sk_test_not_configured")("/__sandbox/requests")).status,
      ).toBe(401);

      await a("/__sandbox/reset", { method: "POST" });
      expect((await a("/__sandbox/requests")).json.requests).toEqual([]);
    } finally {
      await limited.close();
    }
  });
});
