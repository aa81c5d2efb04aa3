// GET /api/health – database and upstream reachability; 503 when either is down.
import { checkHealth } from "@/lib/health/check";
import { observeRequest } from "@/lib/metrics/registry";

export const dynamic = "force-dynamic";

export async function GET() {
  const started = performance.now();
  const report = await checkHealth();
  observeRequest("GET /api/health", report.ok ? 200 : 503, started);
  return Response.json(report, {
    status: report.ok ? 200 : 503,
    headers: { "cache-control": "no-store" },
  });
}
