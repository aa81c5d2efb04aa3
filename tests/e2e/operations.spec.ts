import { expect, test } from "./support/test";
import { SANDBOX_VEHICLES } from "@/lib/sandbox/catalog/vehicles";
import { E2E_METRICS_TOKEN } from "../../playwright.config";
import { lookupViaApi } from "./support/flow";

// Readiness and metrics on the built server (next start): the prom-client registry bundled into
// the route, one registry per process, and the upstream budget tables migrated by the start script.

test("GET /api/ready: the started server's database is migrated", async ({ request }) => {
  const res = await request.get("/api/ready");
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ ready: true });
});

test("GET /api/metrics: 401 without the token, the series after a lookup with it", async ({
  request,
}) => {
  const refused = await request.get("/api/metrics", {
    headers: { authorization: "Bearer not-the-token" },
  });
  expect(refused.status()).toBe(401);
  expect(await refused.text()).not.toContain("http_requests_total");

  const { lookupId } = await lookupViaApi(request, SANDBOX_VEHICLES.withDebts);
  const res = await request.get("/api/metrics", {
    headers: { authorization: `Bearer ${E2E_METRICS_TOKEN}` },
  });
  expect(res.status()).toBe(200);
  const text = await res.text();
  expect(text).toMatch(
    /^http_requests_total\{route="POST \/api\/lookups",status="201"\} [1-9]\d*$/m,
  );
  expect(text).toMatch(
    /^http_requests_total\{route="GET \/api\/lookups\/\[lookupId\]",status="200"\} [1-9]\d*$/m,
  );
  expect(text).toMatch(
    /^upstream_requests_total\{operation="debt-lookup",outcome="ok"\} [1-9]\d*$/m,
  );
  expect(text).toMatch(/^webhook_inbox_depth \d+$/m);
  expect(text).not.toContain(lookupId);
});
