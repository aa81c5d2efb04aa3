// GET /api/vehicles/{plate}?uf= – vehicle registration data (enrichment) for the vehicle card.
import { clientKey } from "@/lib/http/client-ip";
import { jsonResponse } from "@/lib/http/errors";
import { route } from "@/lib/http/handler";
import { parseOrThrow } from "@/lib/http/validation";
import { enrichVehicle } from "@/lib/lookups/enrich-vehicle";
import { consume } from "@/lib/rate-limit/limits";
import { enrichmentInputSchema } from "@/lib/validation/enrichment-input";

export const dynamic = "force-dynamic";

export const GET = route<{ plate: string }>(
  "GET /api/vehicles/[plate]",
  { stateChanging: false },
  async (req, { plate }) => {
    const input = parseOrThrow(enrichmentInputSchema, {
      plate,
      uf: new URL(req.url).searchParams.get("uf") ?? undefined,
    });
    // Each enrichment is an upstream call: counted per client, after the input is known to be valid.
    await consume("vehicle", clientKey(req));
    return jsonResponse({ vehicle: await enrichVehicle(input) });
  },
);
