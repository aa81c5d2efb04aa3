// POST /api/checkouts/{token}/payments – pays by card or PIX; the same attemptId always gives the same payment.
import { clientKey } from "@/lib/http/client-ip";
import { jsonResponse } from "@/lib/http/errors";
import { route } from "@/lib/http/handler";
import { readJson } from "@/lib/http/json-body";
import { createPayment } from "@/lib/payments/create-payment";

export const dynamic = "force-dynamic";

export const POST = route<{ token: string }>(
  "POST /api/checkouts/[token]/payments",
  { stateChanging: true, jsonBody: true },
  async (req, { token }) => {
    const { view, created } = await createPayment(token, await readJson(req), clientKey(req));
    return jsonResponse(view, created ? 201 : 200);
  },
);
