// GET /api/workspace/api-keys – the account's API keys (never the keys themselves); POST – a new key, shown once in this answer.
import { createApiKey, listApiKeys } from "@/lib/api/keys";
import { userRoute } from "@/lib/auth/user-route";
import { jsonResponse } from "@/lib/http/errors";
import { readJson } from "@/lib/http/json-body";
import { parseOrThrow } from "@/lib/http/validation";
import { apiKeyInputSchema } from "@/lib/validation/api-key-input";

export const dynamic = "force-dynamic";

export const GET = userRoute(
  "GET /api/workspace/api-keys",
  { stateChanging: false },
  async (_req, user) => jsonResponse({ keys: await listApiKeys(user.id) }),
);

export const POST = userRoute(
  "POST /api/workspace/api-keys",
  { stateChanging: true, jsonBody: true },
  async (req, user) =>
    jsonResponse(
      await createApiKey(user.id, parseOrThrow(apiKeyInputSchema, await readJson(req))),
      201,
    ),
);
