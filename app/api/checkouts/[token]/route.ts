// GET /api/checkouts/{token} – the pay page's checkout (CheckoutView, payer data masked).
import { getCheckoutView } from "@/lib/payments/checkout-view";
import { jsonResponse } from "@/lib/http/errors";
import { route } from "@/lib/http/handler";

export const dynamic = "force-dynamic";

export const GET = route<{ token: string }>(
  "GET /api/checkouts/[token]",
  { stateChanging: false },
  async (_req, { token }) => jsonResponse(await getCheckoutView(token)),
);
