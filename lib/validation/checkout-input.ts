// Creating a checkout from a lookup: the debt selection (rules re-checked on the server), the
// payer and who the link is for ("owner" pays now, "share" is a dispatcher's link).

import * as z from "zod/mini";
import { customerInputSchema } from "./customer-input";
import { debtSelectionInputSchema } from "./debt-selection-input";

export const CHECKOUT_MESSAGES = {
  kind: "Escolha se você vai pagar agora ou gerar um link para o cliente.",
};

export const checkoutInputSchema = z.extend(debtSelectionInputSchema, {
  customer: customerInputSchema,
  kind: z._default(z.enum(["owner", "share"], { error: CHECKOUT_MESSAGES.kind }), "owner"),
});

export type CheckoutInputValues = z.input<typeof checkoutInputSchema>;
export type CheckoutInput = z.output<typeof checkoutInputSchema>;
