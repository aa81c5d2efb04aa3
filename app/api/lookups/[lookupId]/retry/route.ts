// POST /api/lookups/{lookupId}/retry – starts a new lookup with the same vehicle data; 201 { lookupId }.
import { clientKey } from "@/lib/http/client-ip";
import { jsonResponse } from "@/lib/http/errors";
import { route } from "@/lib/http/handler";
import { retryLookup } from "@/lib/lookups/start-lookup";
import { consume } from "@/lib/rate-limit/limits";

export const dynamic = "force-dynamic";

export const POST = route<{ lookupId: string }>(
  "POST /api/lookups/[lookupId]/retry",
  { stateChanging: true },
  async (req, { lookupId }) => {
    await consume("lookup", clientKey(req));
    return jsonResponse(await retryLookup(lookupId), 201);
  },
);
