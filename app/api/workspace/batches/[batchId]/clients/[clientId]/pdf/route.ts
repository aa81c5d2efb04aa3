// GET /api/workspace/batches/{batchId}/clients/{clientId}/pdf – one client's report of the batch (CPF/CNPJ masked).
import { userRoute } from "@/lib/auth/user-route";
import { clientReportPdf } from "@/lib/workspace/batches/client-report";

export const dynamic = "force-dynamic";

export const GET = userRoute<{ batchId: string; clientId: string }>(
  "GET /api/workspace/batches/[batchId]/clients/[clientId]/pdf",
  { stateChanging: false },
  async (_req, user, { batchId, clientId }) => {
    const { pdf, filename } = await clientReportPdf(user.id, batchId, clientId);
    return new Response(Buffer.from(pdf), {
      headers: {
        "content-type": "application/pdf",
        "content-disposition": `attachment; filename="${filename}"`,
        "cache-control": "private, no-store",
      },
    });
  },
);
