// GET /api/payments/{paymentRef} – payment status, timeline, settlement and, once settled, the delisting checks, by public reference (pending ones reconciled, coalesced).
import { paymentStatusView } from "@/lib/delisting/payment-status";
import { clientKey } from "@/lib/http/client-ip";
import { jsonResponse } from "@/lib/http/errors";
import { route } from "@/lib/http/handler";

export const dynamic = "force-dynamic";

export const GET = route<{ paymentRef: string }>(
  "GET /api/payments/[paymentRef]",
  { stateChanging: false },
  async (req, { paymentRef }) => jsonResponse(await paymentStatusView(paymentRef, clientKey(req))),
);
