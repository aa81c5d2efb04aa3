// GET /api/payments/{paymentRef}/comprovante – the comprovante as a PDF (paid payments only; 409 before).
import { clientKey } from "@/lib/http/client-ip";
import { route } from "@/lib/http/handler";
import { receiptForRef } from "@/lib/receipts/render-receipt";

export const dynamic = "force-dynamic";

export const GET = route<{ paymentRef: string }>(
  "GET /api/payments/[paymentRef]/comprovante",
  { stateChanging: false },
  async (req, { paymentRef }) => {
    const { pdf, filename } = await receiptForRef(paymentRef, clientKey(req));
    return new Response(Buffer.from(pdf), {
      headers: {
        "content-type": "application/pdf",
        "content-disposition": `attachment; filename="${filename}"`,
        "cache-control": "private, no-store",
      },
    });
  },
);
