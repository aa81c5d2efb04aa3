// POST /api/checkouts/{token}/card-token – exchanges card data for a token (card data is never kept or logged).
import { tokenizeCard } from "@/lib/checkouts/tokenize-card";
import { clientKey } from "@/lib/http/client-ip";
import { jsonResponse } from "@/lib/http/errors";
import { route } from "@/lib/http/handler";
import { readJson } from "@/lib/http/json-body";

export const dynamic = "force-dynamic";

export const POST = route<{ token: string }>(
  "POST /api/checkouts/[token]/card-token",
  { stateChanging: true, jsonBody: true },
  async (req, { token }) =>
    jsonResponse(await tokenizeCard(token, await readJson(req), clientKey(req))),
);
