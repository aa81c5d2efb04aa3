// Questions about existing payments that checkout and payment creation both ask.
import type { CheckoutRecord, SandboxContext } from "../context";
import { expirePixIfDue } from "./lifecycle";
import { allPayments, type SandboxPayment } from "./types";

/** Statuses that hold the checkout's debts: paid, or a charge that may still become paid. */
const HOLDING = new Set(["paid", "in_analysis", "processing"]);

/**
 * Debts held by another payment: paid, or being charged (in_analysis / processing). An
 * awaiting_payment PIX does not hold its debts (it may never be paid); the PIX payer control
 * refuses to pay one whose debts were paid meanwhile.
 */
export function heldDebts(
  ctx: SandboxContext,
): Map<string, { paymentId: string; checkoutId: string; status: string }> {
  const held = new Map<string, { paymentId: string; checkoutId: string; status: string }>();
  for (const p of allPayments(ctx)) {
    if (!HOLDING.has(p.status)) continue;
    for (const d of p.debts)
      held.set(d.id, { paymentId: p.paymentId, checkoutId: p.checkoutId, status: p.status });
  }
  return held;
}

/** The payment currently open on a checkout (being charged or an unexpired awaiting PIX). */
export function openPaymentFor(
  ctx: SandboxContext,
  checkoutId: string,
): SandboxPayment | undefined {
  for (const p of allPayments(ctx)) {
    if (p.checkoutId !== checkoutId) continue;
    expirePixIfDue(ctx, p);
    if (HOLDING.has(p.status) || p.status === "awaiting_payment") return p;
  }
  return undefined;
}

/** Debts of the checkout already held by a payment of some other checkout. */
export function debtsHeldElsewhere(
  ctx: SandboxContext,
  checkout: CheckoutRecord,
): { id: string; paymentId: string; status: string }[] {
  const held = heldDebts(ctx);
  return checkout.debts.flatMap((d) => {
    const h = held.get(d.id);
    return h && h.checkoutId !== checkout.checkoutId
      ? [{ id: d.id, paymentId: h.paymentId, status: h.status }]
      : [];
  });
}

export type AlternativeHeld = {
  debtId: string;
  alternativeId: string;
  paymentId: string;
  status: string;
};

/**
 * Debts among `ids` whose `distinct` alternative (read both ways, as the authority does: cota única
 * vs parcelas of one IPVA) is held by a payment of another checkout. Parcelas are not alternatives
 * of each other, so the next parcela of a plan already started is never refused here.
 */
export function alternativesHeld(
  ctx: SandboxContext,
  ids: readonly string[],
  exceptCheckoutId?: string,
): AlternativeHeld[] {
  const held = heldDebts(ctx);
  const found: AlternativeHeld[] = [];
  for (const id of ids) {
    const own = ctx.store.debtsById.get(id)?.debt.distinct ?? [];
    for (const [heldId, h] of held) {
      if (heldId === id || ids.includes(heldId) || h.checkoutId === exceptCheckoutId) continue;
      const theirs = ctx.store.debtsById.get(heldId)?.debt.distinct ?? [];
      if (own.includes(heldId) || theirs.includes(id))
        found.push({ debtId: id, alternativeId: heldId, paymentId: h.paymentId, status: h.status });
    }
  }
  return found;
}

/** The shape-B details of a refusal for alternatives held: paid wins over being charged. */
export function alternativeRefusal(found: readonly AlternativeHeld[]) {
  const paid = found.filter((f) => f.status === "paid");
  const shown = paid.length ? paid : found;
  const rule = paid.length ? "alternativePaid" : "alternativeInProgress";
  const message = `Debts whose distinct alternative is already ${paid.length ? "paid" : "being paid"}: ${[...new Set(shown.map((f) => f.debtId))].join(", ")}`;
  return {
    message,
    details: {
      rule,
      debtIds: [...new Set(shown.map((f) => f.debtId))],
      alternatives: shown.map((f) => ({
        debtId: f.debtId,
        alternativeId: f.alternativeId,
        paymentId: f.paymentId,
        status: f.status,
      })),
      paymentIds: [...new Set(shown.map((f) => f.paymentId))],
    },
  };
}
