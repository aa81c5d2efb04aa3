// POST /api/workspace/clients/import – { text } of a CSV file or a spreadsheet paste; every row checked, accepted rows written in one transaction; the report lists every rejected row.
import { userRoute } from "@/lib/auth/user-route";
import { jsonResponse } from "@/lib/http/errors";
import { importTextOf } from "@/lib/workspace/import/import-request";
import { runImport } from "@/lib/workspace/import/run-import";

export const dynamic = "force-dynamic";

export const POST = userRoute(
  "POST /api/workspace/clients/import",
  { stateChanging: true, jsonBody: true },
  async (req, user) => jsonResponse(await runImport(user.id, await importTextOf(req))),
);
