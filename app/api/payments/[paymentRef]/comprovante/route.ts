// GET /api/payments/{paymentRef}/comprovante – the comprovante as a PDF (paid payments only; 409 before).
import { delistingOf } from "@/lib/delisting/delisting-view";
import { clientKey } from "@/lib/http/client-ip";
import { route } from "@/lib/http/handler";
import { receiptForRef } from "@/lib/receipts/render-receipt";
import { receiptDelisting } from "@/lib/rules/receipt-model";

export const dynamic = "force-dynamic";

export const GET = route<{ paymentRef: string }>(
  "GET /api/payments/[paymentRef]/comprovante",
  { stateChanging: false },
  async (req, { paymentRef }) => {
    // The delisting verdict is read here and handed down: receipts sit below lib/delisting.
    const { pdf, filename } = await receiptForRef(paymentRef, clientKey(req), async (rowId) => ({
      delisting: receiptDelisting((await delistingOf([rowId])).get(rowId)),
    }));
    return new Response(Buffer.from(pdf), {
      headers: {
        "content-type": "application/pdf",
        "content-disposition": `attachment; filename="${filename}"`,
        "cache-control": "private, no-store",
      },
    });
  },
);
