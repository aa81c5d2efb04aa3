import "server-only";
import { AppError } from "@/lib/errors/app-error";
import { reconcilePayment } from "./reconcile";
import { loadPaymentView, needsReconcile, type PaymentView } from "./payment-view";
import { SWEEP_MIN_AGE_MS } from "./sweep";

const notFound = () => new AppError({ code: "PAYMENT_NOT_FOUND", httpStatus: 404, message: "Pagamento não encontrado." });

/**
 * The status page's read. A payment still moving (not final, or paid and not settled) is first
 * checked against upstream: reconcilePayment takes the fleet-wide status lease (one upstream call
 * per payment per 31 s however many pages and instances poll), so this is safe on every poll. It never fails the read. The
 * view is read again only when a check ran: most polls fall inside the closed window, and a
 * second read of the payment with its timeline and debts was half of what a poll cost.
 *
 * A payment younger than SWEEP_MIN_AGE_MS is not checked by polls (as the sweep does not check it):
 * its news comes by webhook, and a `paid` hint must be confirmed by a status call that the lease
 * allows once per 31 s. A poll that took the lease at the first second would make the person who
 * just paid a PIX wait up to 31 s for "aprovado"; leaving the lease free while the webhook is
 * expected lets the hint's call go at once.
 */
export async function getPaymentView(ref: string, now = Date.now()): Promise<PaymentView> {
  const view = await findPaymentView(ref);
  if (!view) throw notFound();
  if (!needsReconcile(view)) return view;
  const createdAt = Date.parse(view.timeline[0]?.at ?? "");
  if (now - createdAt < SWEEP_MIN_AGE_MS) return view;
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
