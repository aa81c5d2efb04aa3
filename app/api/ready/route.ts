// GET /api/ready – readiness: 200 when the database answers and is migrated, else 503 with a reason.
import { readiness } from "@/lib/health/ready";
import { observeRequest } from "@/lib/metrics/registry";

export const dynamic = "force-dynamic";

export async function GET() {
  const started = performance.now();
  const state = await readiness();
  observeRequest("GET /api/ready", state.ready ? 200 : 503, started);
  return Response.json(state, {
    status: state.ready ? 200 : 503,
    headers: { "cache-control": "no-store" },
  });
}
