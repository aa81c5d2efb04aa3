// POST /api/checkouts – checks the debt selection again and creates the checkout; 201 { token, amountCents, expiresAt }.
import { createCheckout } from "@/lib/checkouts/create-checkout";
import { clientKey } from "@/lib/http/client-ip";
import { jsonResponse } from "@/lib/http/errors";
import { route } from "@/lib/http/handler";
import { readJson } from "@/lib/http/json-body";
import { parseOrThrow } from "@/lib/http/validation";
import { ensureCreator } from "@/lib/links/creator-cookie";
import { consume } from "@/lib/rate-limit/limits";
import { checkoutInputSchema } from "@/lib/validation/checkout-input";

export const dynamic = "force-dynamic";

export const POST = route(
  "POST /api/checkouts",
  { stateChanging: true, jsonBody: true },
  async (req) => {
    const input = parseOrThrow(checkoutInputSchema, await readJson(req));
    // Creating a checkout calls upstream: a per-client limit keeps the key's budget for customers.
    await consume("checkout", clientKey(req));
    if (input.kind === "owner") return jsonResponse(await createCheckout(input), 201);
    // A share link belongs to the browser that made it ("Meus links"): signed creator cookie.
    const creator = ensureCreator(req);
    const created = await createCheckout(input, { creatorKey: creator.id });
    return jsonResponse(created, 201, creator.setCookie ? { "set-cookie": creator.setCookie } : {});
  },
);
