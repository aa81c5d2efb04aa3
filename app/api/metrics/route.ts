// GET /api/metrics – Prometheus text format behind Authorization: Bearer <METRICS_TOKEN>.
import { registerDbGauges } from "@/lib/background/db-gauges";
import { scrape } from "@/lib/metrics/scrape";

export const dynamic = "force-dynamic";

export async function GET(req: Request) {
  return scrape(req.headers.get("authorization"), registerDbGauges);
}
