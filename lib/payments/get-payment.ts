import "server-only";
import { AppError } from "@/lib/errors/app-error";
import { reconcilePayment } from "./reconcile";
import { paymentRowIdFor } from "./payment-ref";
import { loadPaymentView, needsReconcile, type PaymentView } from "./payment-view";

/**
 * The status page's read, by public reference. A payment still moving (not final, or paid and
 * not settled) is first checked against upstream: reconcilePayment takes the fleet-wide status-call
 * slot (one upstream call per payment per 31 s however many pages and instances poll) and asks
 * nothing while there is nothing to learn yet, so this is safe on every poll. It never fails the read. The view is read again only when a check ran: most
 * polls fall inside the closed window, and a second read of the payment with its timeline and
 * debts would cost as much again as the rest of the poll.
 */
export async function getPaymentView(ref: string, clientKey: string): Promise<PaymentView> {
  const rowId = await paymentRowIdFor(ref, clientKey);
  const view = await loadPaymentView(rowId);
  if (!view) throw new AppError({ code: "PAYMENT_NOT_FOUND" });
  if (!needsReconcile(view)) return view;
  if (!(await reconcilePayment(rowId))) return view;
  return (await loadPaymentView(rowId)) ?? view;
}

export type PaymentPage =
  | { kind: "found"; view: PaymentView }
  | { kind: "replaced" }
  | { kind: "unknown" }
  | { kind: "limited"; message: string };

/**
 * The status page's first render: what the database knows, never upstream (its first poll
 * reconciles). Misses are counted like the API's.
 */
export async function findPaymentPage(ref: string, clientKey: string): Promise<PaymentPage> {
  try {
    const view = await loadPaymentView(await paymentRowIdFor(ref, clientKey));
    return view ? { kind: "found", view } : { kind: "unknown" };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === "PAYMENT_LINK_REPLACED") return { kind: "replaced" };
    if (error.code === "RATE_LIMITED") return { kind: "limited", message: error.userMessage };
    return { kind: "unknown" };
  }
}
