// GET /api/v1/openapi.json – the API's OpenAPI 3.1 document (public: it describes, it holds nothing).
import { openApiDocument } from "@/lib/api/openapi";
import { env } from "@/lib/env";
import { jsonResponse } from "@/lib/http/errors";

export const dynamic = "force-dynamic";

export function GET(): Response {
  return jsonResponse(openApiDocument(env.publicBaseUrl), 200, {
    "cache-control": "public, max-age=300",
  });
}
