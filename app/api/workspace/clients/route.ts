// GET /api/workspace/clients?q= – the account's clients (search by name or plate), CPF/CNPJ masked; POST – a new client.
import { userRoute } from "@/lib/auth/user-route";
import { jsonResponse } from "@/lib/http/errors";
import { readJson } from "@/lib/http/json-body";
import { parseOrThrow } from "@/lib/http/validation";
import { createClient, listClients } from "@/lib/workspace/clients/clients";
import { clientInputSchema } from "@/lib/validation/workspace-input";

export const dynamic = "force-dynamic";

export const GET = userRoute(
  "GET /api/workspace/clients",
  { stateChanging: false },
  async (req, user) =>
    jsonResponse(
      await listClients(user.id, new URL(req.url).searchParams.get("q")?.slice(0, 100) ?? ""),
    ),
);

export const POST = userRoute(
  "POST /api/workspace/clients",
  { stateChanging: true, jsonBody: true },
  async (req, user) =>
    jsonResponse(
      { client: await createClient(user.id, parseOrThrow(clientInputSchema, await readJson(req))) },
      201,
    ),
);
