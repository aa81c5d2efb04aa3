// GET /api/vehicles/{placa}?uf= – vehicle registration data (enrichment) for the vehicle card.
import { jsonResponse } from "@/lib/http/errors";
import { route } from "@/lib/http/handler";
import { parseOrThrow } from "@/lib/http/validation";
import { enrichVehicle } from "@/lib/lookups/enrich-vehicle";
import { enrichmentInputSchema } from "@/lib/validation/enrichment-input";

export const dynamic = "force-dynamic";

export const GET = route<{ placa: string }>("GET /api/vehicles/[placa]", { stateChanging: false }, async (req, { placa }) => {
  const input = parseOrThrow(enrichmentInputSchema, { placa, uf: new URL(req.url).searchParams.get("uf") ?? undefined });
  return jsonResponse({ vehicle: await enrichVehicle(input) });
});
