// GET /api/workspace/clients/import/template – the CSV template (UTF-8 with BOM, `;`) that Excel pt-BR opens in columns.
import { userRoute } from "@/lib/auth/user-route";
import { TEMPLATE_FILENAME, templateCsv } from "@/lib/workspace/import/template";

export const dynamic = "force-dynamic";

export const GET = userRoute(
  "GET /api/workspace/clients/import/template",
  { stateChanging: false },
  async () =>
    new Response(templateCsv(), {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${TEMPLATE_FILENAME}"`,
        "cache-control": "no-store",
      },
    }),
);
