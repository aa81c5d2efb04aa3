// POST /api/lookups – starts a debt lookup (rate limited per client IP); 201 { lookupId }.
import { clientKey } from "@/lib/http/client-ip";
import { jsonResponse } from "@/lib/http/errors";
import { route } from "@/lib/http/handler";
import { readJson } from "@/lib/http/json-body";
import { parseOrThrow } from "@/lib/http/validation";
import { startLookup } from "@/lib/lookups/start-lookup";
import { consume } from "@/lib/rate-limit/limits";
import { lookupInputSchema } from "@/lib/validation/lookup-input";

export const dynamic = "force-dynamic";

export const POST = route(
  "POST /api/lookups",
  { stateChanging: true, jsonBody: true },
  async (req) => {
    const input = parseOrThrow(lookupInputSchema, await readJson(req));
    await consume("lookup", clientKey(req));
    return jsonResponse(await startLookup(input), 201);
  },
);
