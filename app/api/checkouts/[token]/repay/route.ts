// POST /api/checkouts/{token}/repay – the payer's "Gerar novo pagamento" on a shared link whose PIX ended abandoned; 201 { token, amountCents, expiresAt } new, 200 the one already made.
import * as z from "zod/mini";
import { clientKey } from "@/lib/http/client-ip";
import { jsonResponse } from "@/lib/http/errors";
import { route } from "@/lib/http/handler";
import { parseOrThrow } from "@/lib/http/validation";
import { repayLink } from "@/lib/links/renew-link";
import { checkoutToken } from "@/lib/validation/payment-input";

export const dynamic = "force-dynamic";

const paramsSchema = z.object({ token: checkoutToken });

export const POST = route<{ token: string }>(
  "POST /api/checkouts/[token]/repay",
  { stateChanging: true },
  async (req, params) => {
    const { token } = parseOrThrow(paramsSchema, params);
    const { created, ...link } = await repayLink(token, clientKey(req));
    return jsonResponse(link, created ? 201 : 200);
  },
);
