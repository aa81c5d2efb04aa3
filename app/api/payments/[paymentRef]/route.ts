// GET /api/payments/{paymentRef} – payment status, timeline and settlement by public reference (pending ones reconciled, coalesced).
import { clientKey } from "@/lib/http/client-ip";
import { jsonResponse } from "@/lib/http/errors";
import { route } from "@/lib/http/handler";
import { getPaymentView } from "@/lib/payments/get-payment";

export const dynamic = "force-dynamic";

export const GET = route<{ paymentRef: string }>(
  "GET /api/payments/[paymentRef]",
  { stateChanging: false },
  async (req, { paymentRef }) => jsonResponse(await getPaymentView(paymentRef, clientKey(req))),
);
