// Payment status progression and settlement. Every state a payment enters (its first one
// included) emits exactly one `payment-status-update` to the key that created the payment, with
// the spec's fields. Delays come from timings.ts and are multiplied by ctx.options.timeScale.
import type { SandboxContext } from "../context";
import { iso } from "./http";
import { toReais } from "./money";
import { scaled } from "./timings";
import type { LiquidationStatus, PaymentStatus, SandboxPayment } from "./types";

export function emitStatusUpdate(ctx: SandboxContext, p: SandboxPayment): void {
  ctx.webhooks.emit(p.apiKey, {
    type: "payment-status-update",
    transactionId: p.transactionId,
    externalId: p.externalId,
    paymentId: p.paymentId,
    status: p.status,
    amount: toReais(p.amountCents),
    paidAt: iso(p.paidAt),
    liquidationStatus: p.liquidationStatus,
  });
}

/** Records a status (history + webhook) and starts what follows from it. */
export function enterStatus(ctx: SandboxContext, p: SandboxPayment, status: PaymentStatus): void {
  const now = ctx.options.now();
  p.status = status;
  p.history.push({ status, at: now });
  if (status === "paid") {
    p.paidAt = now;
    p.liquidationStatus = "pending";
    const checkout = ctx.store.checkouts.get(p.checkoutId);
    if (checkout) checkout.paidBy = p.paymentId;
    // The lookup's index of paid debts; the first payment wins (a second is refused anyway).
    for (const d of checkout?.debts ?? [])
      if (!ctx.store.paidAtByDebtId.has(d.id)) ctx.store.paidAtByDebtId.set(d.id, now);
    scheduleSettlement(ctx, p);
  } else if (status === "refused" || status === "expired") {
    // Nothing was charged, so there is nothing to settle.
    setLiquidation(p, "not_applicable");
    for (const d of p.debts) d.status = "not_applicable";
  }
  emitStatusUpdate(ctx, p);
}

function setLiquidation(p: SandboxPayment, value: LiquidationStatus): void {
  p.liquidationStatus = value;
}

/**
 * Settlement after paid: liquidationStatus pending -> processing (after settlementStart), then
 * each debt pending -> settled one per debtSettlementStep, then liquidationStatus settled with
 * settledAt = the last debt's. Only the two liquidationStatus changes emit webhooks (the per-debt
 * progress is visible through the status endpoint).
 */
function scheduleSettlement(ctx: SandboxContext, p: SandboxPayment): void {
  const start = scaled(ctx, "settlementStart");
  ctx.schedule(() => {
    setLiquidation(p, "processing");
    emitStatusUpdate(ctx, p);
  }, start);
  p.debts.forEach((debt, index) => {
    ctx.schedule(
      () => {
        debt.status = "settled";
        debt.settledAt = ctx.options.now();
        if (p.debts.every((d) => d.status === "settled")) {
          p.settledAt = debt.settledAt;
          setLiquidation(p, "settled");
          emitStatusUpdate(ctx, p);
        }
      },
      start + scaled(ctx, "debtSettlementStep", index + 1),
    );
  });
}

/** Schedules a later transition that only happens if the payment is still in `from`. */
export function transitionLater(
  ctx: SandboxContext,
  p: SandboxPayment,
  from: PaymentStatus,
  to: PaymentStatus,
  delayMs: number,
  before?: () => void,
): void {
  ctx.schedule(() => {
    if (p.status !== from) return;
    before?.();
    enterStatus(ctx, p, to);
  }, delayMs);
}

/** An awaiting PIX whose expiresAt passed (by the injectable clock) becomes expired. */
export function expirePixIfDue(ctx: SandboxContext, p: SandboxPayment): void {
  if (p.method !== "pix" || p.status !== "awaiting_payment" || !p.expiresAt) return;
  if (ctx.options.now().getTime() >= p.expiresAt.getTime()) enterStatus(ctx, p, "expired");
}

export function schedulePixExpiry(ctx: SandboxContext, p: SandboxPayment): void {
  if (!p.expiresAt) return;
  // +5 ms: a timer may fire a hair before the wall clock reaches expiresAt.
  const delay = Math.max(0, p.expiresAt.getTime() - ctx.options.now().getTime()) + 5;
  // The clock decides (it may be frozen in tests); reads re-check lazily as well.
  ctx.schedule(() => expirePixIfDue(ctx, p), delay);
}
