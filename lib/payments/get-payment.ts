import "server-only";
import { AppError } from "@/lib/errors/app-error";
import { reconcileReadPayment } from "./reconcile";
import { PUBLIC_TOKEN_PATTERN } from "@/lib/security/public-token";
import { paymentRefMissed, paymentRowIdFor } from "./payment-ref";
import { loadPaymentVehicle, type PaymentVehicle } from "./payment-vehicle";
import {
  loadPaymentRecord,
  loadPaymentView,
  needsReconcile,
  toPaymentView,
  type PaymentView,
} from "./payment-view";

/**
 * The status page's read, by public reference. A payment still moving (not final, or paid and
 * not settled) is first checked against upstream: reconcilePayment takes the fleet-wide status-call
 * slot (one upstream call per payment per 31 s however many pages and instances poll) and asks
 * nothing while there is nothing to learn yet, so this is safe on every poll. It never fails the read. The view is read again only when a check ran: most
 * polls fall inside the closed window, and a second read of the payment with its timeline and
 * debts would cost as much again as the rest of the poll.
 */
export async function getPaymentView(ref: string, clientKey: string): Promise<PaymentView> {
  // The reference and the payment in one read, and that row handed to the reconcile: a poll costs
  // two statements fewer, each a round trip that wakes a PostgreSQL backend (docs/benchmarks.md).
  const record = PUBLIC_TOKEN_PATTERN.test(ref)
    ? await loadPaymentRecord({ publicRef: ref })
    : null;
  if (!record) return paymentRefMissed(ref, clientKey);
  const view = await toPaymentView(record);
  if (!needsReconcile(view)) return view;
  if (!(await reconcileReadPayment(record))) return view;
  return (await loadPaymentView(record.id)) ?? view;
}

export type PaymentPage =
  | { kind: "found"; view: PaymentView; vehicle: PaymentVehicle | null }
  | { kind: "replaced" }
  | { kind: "unknown" }
  | { kind: "limited"; message: string };

/**
 * The status page's first render: what the database knows, never upstream (its first poll
 * reconciles), and the vehicle paid for (it never changes, so polls do not carry it). Misses are
 * counted like the API's.
 */
export async function findPaymentPage(ref: string, clientKey: string): Promise<PaymentPage> {
  try {
    const rowId = await paymentRowIdFor(ref, clientKey);
    const [view, vehicle] = await Promise.all([loadPaymentView(rowId), loadPaymentVehicle(rowId)]);
    return view ? { kind: "found", view, vehicle } : { kind: "unknown" };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === "PAYMENT_LINK_REPLACED") return { kind: "replaced" };
    if (error.code === "RATE_LIMITED") return { kind: "limited", message: error.userMessage };
    return { kind: "unknown" };
  }
}
