import "server-only";
import { env } from "@/lib/env";
import { checkBearer } from "./bearer";
import { registerDbGauges } from "./db-gauges";
import { metrics } from "./registry";

// GET /api/metrics: 404 when METRICS_TOKEN is unset (the route does not exist for anyone), 401 on
// a missing or wrong bearer token, else this process's registry in Prometheus text format.

export async function scrape(authorization: string | null): Promise<Response> {
  const token = env.metricsToken;
  if (!token) return new Response("Not Found", { status: 404, headers: { "cache-control": "no-store" } });
  if (checkBearer(authorization, token) !== "ok") {
    return new Response("Unauthorized", { status: 401, headers: { "www-authenticate": 'Bearer realm="metrics"', "cache-control": "no-store" } });
  }
  registerDbGauges();
  const body = await metrics.registry.metrics();
  return new Response(body, { status: 200, headers: { "content-type": metrics.registry.contentType, "cache-control": "no-store" } });
}
