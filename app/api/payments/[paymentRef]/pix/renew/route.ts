// POST /api/payments/{paymentRef}/pix/renew – a fresh PIX code for the same checkout once this one expired; 201 new, 200 the renewal already made.
import { clientKey } from "@/lib/http/client-ip";
import { jsonResponse } from "@/lib/http/errors";
import { route } from "@/lib/http/handler";
import { renewPix } from "@/lib/payments/renew-pix";

export const dynamic = "force-dynamic";

export const POST = route<{ paymentRef: string }>(
  "POST /api/payments/[paymentRef]/pix/renew",
  { stateChanging: true },
  async (req, { paymentRef }) => {
    const { view, created } = await renewPix(paymentRef, clientKey(req));
    return jsonResponse(view, created ? 201 : 200);
  },
);
