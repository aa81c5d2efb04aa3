import "server-only";
import { AppError } from "@/lib/errors/app-error";
import { reconcilePayment } from "./reconcile";
import { loadPaymentView, needsReconcile, type PaymentView } from "./payment-view";

const notFound = () => new AppError({ code: "PAYMENT_NOT_FOUND", httpStatus: 404, message: "Pagamento não encontrado." });

/**
 * The status page's read. A payment still moving (not final, or paid and not settled) is first
 * checked against upstream: reconcilePayment takes the fleet-wide status lease (one upstream call
 * per payment per 31 s however many pages and instances poll), so this is safe on every poll. It never fails the read. The
 * view is read again only when a check ran: most polls fall inside the closed window, and a
 * second read of the payment with its timeline and debts was half of what a poll cost.
 */
export async function getPaymentView(ref: string): Promise<PaymentView> {
  const view = await findPaymentView(ref);
  if (!view) throw notFound();
  if (!needsReconcile(view)) return view;
  if (!(await reconcilePayment(ref))) return view;
  return (await loadPaymentView(ref)) ?? view;
}

/**
 * Null for an unknown or malformed ref. What the database knows, never upstream: the status page
 * renders it at once and its first poll (getPaymentView) reconciles.
 */
export async function findPaymentView(ref: string): Promise<PaymentView | null> {
  // The ref format is checked first so junk never reaches the database.
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(ref)) return null;
  return loadPaymentView(ref);
}
