// GET /api/lookups/{lookupId} – the lookup's state and debts (LookupView), polled by the page.
import { jsonResponse } from "@/lib/http/errors";
import { route } from "@/lib/http/handler";
import { getLookupView } from "@/lib/checkouts/lookup-view";

export const dynamic = "force-dynamic";

export const GET = route<{ lookupId: string }>(
  "GET /api/lookups/[lookupId]",
  { stateChanging: false },
  async (_req, { lookupId }) => jsonResponse(await getLookupView(lookupId)),
);
