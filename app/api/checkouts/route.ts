// POST /api/checkouts – checks the debt selection again and creates the checkout; 201 { token, amountCents, expiresAt }.
import { createCheckout } from "@/lib/checkouts/create-checkout";
import { jsonResponse } from "@/lib/http/errors";
import { route } from "@/lib/http/handler";
import { readJson } from "@/lib/http/json-body";
import { parseOrThrow } from "@/lib/http/validation";
import { ensureCreator } from "@/lib/links/creator-cookie";
import { checkoutInputSchema } from "@/lib/validation/checkout-input";

export const dynamic = "force-dynamic";

export const POST = route("POST /api/checkouts", { stateChanging: true }, async (req) => {
  const input = parseOrThrow(checkoutInputSchema, await readJson(req));
  if (input.kind === "owner") return jsonResponse(await createCheckout(input), 201);
  // A share link belongs to the browser that made it ("Meus links"): signed creator cookie.
  const creator = ensureCreator(req);
  const created = await createCheckout(input, { creatorKey: creator.id });
  return jsonResponse(created, 201, creator.setCookie ? { "set-cookie": creator.setCookie } : {});
});
