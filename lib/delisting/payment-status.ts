import "server-only";
import { getPaymentView } from "@/lib/payments/get-payment";
import type { PaymentView } from "@/lib/payments/payment-view";
import { isSettled } from "@/lib/rules/payment-status";
import { delistingByRef, type DelistingView } from "./delisting-view";

// GET /api/payments/{paymentRef}'s answer (docs/internal-api.md, PaymentView.delisting): the
// payment's view and, once it is settled, its delisting checks. Composed here because payments
// sit below this layer; both the route in app/ and the direct route (lib/background) answer it.

export type PaymentStatusView = PaymentView & { delisting?: DelistingView };

export async function paymentStatusView(
  ref: string,
  clientKey: string,
): Promise<PaymentStatusView> {
  const view = await getPaymentView(ref, clientKey);
  // Only a settled payment has a watch: an unsettled poll (every 3 s per open page) reads no more.
  if (view.status !== "paid" || !isSettled(view.liquidationStatus)) return view;
  const delisting = await delistingByRef(view.ref);
  return delisting ? { ...view, delisting } : view;
}
