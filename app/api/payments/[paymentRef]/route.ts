// GET /api/payments/{paymentRef} – payment status, timeline and settlement (pending ones reconciled, coalesced).
import { jsonResponse } from "@/lib/http/errors";
import { route } from "@/lib/http/handler";
import { getPaymentView } from "@/lib/payments/get-payment";

export const dynamic = "force-dynamic";

export const GET = route<{ paymentRef: string }>("GET /api/payments/[paymentRef]", { stateChanging: false }, async (_req, { paymentRef }) =>
  jsonResponse(await getPaymentView(paymentRef)),
);
