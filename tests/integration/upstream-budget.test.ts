import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { familyVehicle } from "@/lib/sandbox/catalog/family";
import { setupTestEnvironment, type TestEnvironment } from "../support/test-env";
import { CUSTOMER, json, resetSandbox, syncLookup } from "../support/storefront-flow";
import { apiRequest, armFault, clearFaults, params } from "../support/upstream-helpers";

// The upstream key's budget (1,000 requests a minute for everything) belongs to customers: every
// route that costs an upstream call has a per-client limit, repeats of an installment simulation
// cost nothing (cached by amount, and not counted), and the public health check probes upstream
// at most once per 30 s. A cached answer is proven by arming an upstream fault after the first
// call: a second upstream call would fail, a cached answer does not.

let env: TestEnvironment;

beforeAll(async () => {
  env = await setupTestEnvironment({
    env: {
      RATE_LIMIT_INSTALLMENTS: "2",
      RATE_LIMIT_VEHICLES: "2",
      RATE_LIMIT_CHECKOUTS: "2",
      RATE_LIMIT_LOOKUPS: "100",
      LOG_LEVEL: "silent",
    },
  });
});
afterEach(() => clearFaults(env));
afterAll(() => env.close());

async function installments(
  amountCents: number,
  init: { ip?: string; origin?: string | null; contentType?: string } = {},
) {
  const { POST } = await import("@/app/api/installments/route");
  const req = apiRequest("/api/installments", {
    body: { amountCents },
    ip: init.ip ?? "10.3.0.1",
    origin: init.origin,
    headers: init.contentType ? { "content-type": init.contentType } : {},
  });
  const res = await POST(req);
  return { status: res.status, body: await json(res) };
}

describe("POST /api/installments", () => {
  it("caches by amount (a repeat makes no upstream call) and counts only upstream calls against the per-client limit", async () => {
    const first = await installments(10_000);
    expect(first.status).toBe(200);
    await armFault(env, { path: "/uvvi/v1/installments", fault: "server-error", times: 50 });
    expect(await installments(10_000)).toEqual(first);
    expect((await installments(55_555, { ip: "10.3.9.9" })).status).toBeGreaterThanOrEqual(500); // the fault is live: uncached fails
    await clearFaults(env);
    expect((await installments(20_000)).status).toBe(200);
    const third = await installments(30_000);
    expect(third.status).toBe(429);
    expect(third.body).toMatchObject({ error: { code: "RATE_LIMITED" } });
    expect((await installments(10_000)).status).toBe(200); // cached: costs nothing, so not refused
    expect((await installments(30_000, { ip: "10.3.0.2" })).status).toBe(200); // another client
  });

  it("is for our own pages only: no Origin 403, text/plain 415", async () => {
    expect((await installments(40_000, { ip: "10.3.0.3", origin: null })).status).toBe(403);
    expect(
      (await installments(40_000, { ip: "10.3.0.3", origin: "http://evil.example" })).status,
    ).toBe(403);
    const plain = await installments(40_000, { ip: "10.3.0.3", contentType: "text/plain" });
    expect(plain.status).toBe(415);
    expect(plain.body).toMatchObject({ error: { code: "UNSUPPORTED_MEDIA_TYPE" } });
  });
});

describe("per-client limits on the other upstream-cost routes", () => {
  it("GET /api/vehicles/{plate}: the third enrichment of one client is refused, another client's is not", async () => {
    const { GET } = await import("@/app/api/vehicles/[plate]/route");
    const v = familyVehicle("TST2B34")!;
    const get = async (ip: string) =>
      (
        await GET(
          apiRequest(`/api/vehicles/${v.plate}?uf=${v.uf}`, { method: "GET", ip }),
          params({ plate: v.plate }),
        )
      ).status;
    expect([
      await get("10.4.0.1"),
      await get("10.4.0.1"),
      await get("10.4.0.1"),
      await get("10.4.0.2"),
    ]).toEqual([200, 200, 429, 200]);
  });

  it("an IPv6 client is counted by its /64: fresh addresses from one prefix share the limit", async () => {
    const { GET } = await import("@/app/api/vehicles/[plate]/route");
    const v = familyVehicle("TST3C45")!;
    const get = async (ip: string) =>
      (
        await GET(
          apiRequest(`/api/vehicles/${v.plate}?uf=${v.uf}`, { method: "GET", ip }),
          params({ plate: v.plate }),
        )
      ).status;
    const statuses = [
      await get("2001:db8:7:7::1"),
      await get("2001:db8:7:7:aaaa::2"),
      await get("2001:db8:7:7:ffff:ffff:ffff:3"),
      await get("2001:db8:7:8::1"),
    ];
    expect(statuses).toEqual([200, 200, 429, 200]);
  });

  it("POST /api/checkouts: the third checkout of one client is refused", async () => {
    await resetSandbox(env);
    const { lookupId, view } = await syncLookup("10.5.0.1");
    const { POST } = await import("@/app/api/checkouts/route");
    const statuses: number[] = [];
    for (const debt of view.debts) {
      const res = await POST(
        apiRequest("/api/checkouts", {
          body: { lookupId, debtIds: [debt.id], customer: CUSTOMER, kind: "owner" },
          ip: "10.5.0.1",
        }),
      );
      if (res.status !== 422) statuses.push(res.status); // 422: a debt that needs others along, not counted
      if (statuses.length === 3) break;
    }
    expect(statuses).toEqual([201, 201, 429]);
  });
});

describe("GET /api/health", () => {
  it("probes upstream at most once per window, and shows a code, never the upstream's text", async () => {
    const { GET } = await import("@/app/api/health/route");
    expect(await json(await GET())).toMatchObject({ ok: true, upstream: { ok: true } });
    await armFault(env, { path: "/api/v1/health", fault: "unavailable", times: 50 });
    expect(await json(await GET())).toMatchObject({ ok: true, upstream: { ok: true } }); // the cached probe
    const { vi } = await import("vitest");
    vi.resetModules(); // a fresh process: its first probe meets the fault
    const fresh = (await import("@/app/api/health/route")).GET;
    const res = await fresh();
    const body = await json<{ upstream: { ok: boolean; detail?: string } }>(res);
    expect(res.status).toBe(503);
    expect(body.upstream).toMatchObject({ ok: false, detail: expect.stringMatching(/^[A-Z_]+$/) });
  });
});
