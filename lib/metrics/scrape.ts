import "server-only";
import { env } from "@/lib/env";
import { checkBearer } from "./bearer";
import { metrics } from "./registry";

// GET /api/metrics: 404 when METRICS_TOKEN is unset (the route does not exist for anyone), 401 on
// a missing or wrong bearer token, else this process's registry in Prometheus text format.

/** `beforeRead` registers what the caller adds (the database gauges live above lib/metrics). */
export async function scrape(
  authorization: string | null,
  beforeRead: () => void = () => {},
): Promise<Response> {
  const token = env.metricsToken;
  if (!token)
    return new Response("Not Found", { status: 404, headers: { "cache-control": "no-store" } });
  if (checkBearer(authorization, token) !== "ok") {
    return new Response("Unauthorized", {
      status: 401,
      headers: { "www-authenticate": 'Bearer realm="metrics"', "cache-control": "no-store" },
    });
  }
  beforeRead();
  const body = await metrics.registry.metrics();
  return new Response(body, {
    status: 200,
    headers: { "content-type": metrics.registry.contentType, "cache-control": "no-store" },
  });
}
