// GET /api/workspace/clients/{clientId} – a client with its vehicles (and the edit form's values); PATCH – edit; DELETE – the client, its vehicles, lookups and unpaid links, and the mails and webhook payloads that named them.
import { userRoute } from "@/lib/auth/user-route";
import { jsonResponse } from "@/lib/http/errors";
import { readJson } from "@/lib/http/json-body";
import { parseOrThrow } from "@/lib/http/validation";
import { eraseClient } from "@/lib/personal-data/erase-client";
import { getClient, updateClient } from "@/lib/workspace/clients/clients";
import { clientInputSchema } from "@/lib/validation/workspace-input";

export const dynamic = "force-dynamic";

type P = { clientId: string };

export const GET = userRoute<P>(
  "GET /api/workspace/clients/[clientId]",
  { stateChanging: false },
  async (_req, user, { clientId }) => jsonResponse(await getClient(user.id, clientId)),
);

export const PATCH = userRoute<P>(
  "PATCH /api/workspace/clients/[clientId]",
  { stateChanging: true, jsonBody: true },
  async (req, user, { clientId }) =>
    jsonResponse({
      client: await updateClient(
        user.id,
        clientId,
        parseOrThrow(clientInputSchema, await readJson(req)),
      ),
    }),
);

export const DELETE = userRoute<P>(
  "DELETE /api/workspace/clients/[clientId]",
  { stateChanging: true },
  async (_req, user, { clientId }) =>
    jsonResponse({ deleted: (await eraseClient(user.id, clientId)).deleted }),
);
