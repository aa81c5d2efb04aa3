// GET /api/health – database and upstream reachability; 503 when either is down.
import { checkHealth } from "@/lib/health/check";

export const dynamic = "force-dynamic";

export async function GET() {
  const report = await checkHealth();
  return Response.json(report, { status: report.ok ? 200 : 503, headers: { "cache-control": "no-store" } });
}
