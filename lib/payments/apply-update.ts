import "server-only";
import { db } from "@/lib/db/client";
import { queuePaymentMails } from "@/lib/mail/payment-mails";
import { kickOutbox } from "@/lib/mail/worker";
import { queueOwnerPaidMail } from "@/lib/mail/workspace-mails";
import { canTransition, canTransitionLiquidation } from "@/lib/rules/payment-status";

// The ONLY writer of Payment.status / liquidationStatus / PaymentDebt (docs/internal-api.md).
// Webhooks arrive late, twice and out of order, and the status endpoint answers in between, so
// every field moves forward only (lib/rules/payment-status.ts) and a PaymentEvent is appended only
// for a real change: replaying any update is a no-op.

export type PaymentUpdate = {
  status?: string;
  liquidationStatus?: string | null;
  amountCents?: number;
  paidAt?: Date | null;
  settledAt?: Date | null;
  paymentId?: string;
  transactionId?: string;
  debts?: { id: string; status: string; settledAt?: Date | null }[];
};

export type PaymentUpdateSource = "sync" | "webhook" | "reconcile";

export async function applyPaymentUpdate(
  paymentRowId: string,
  update: PaymentUpdate,
  source: PaymentUpdateSource,
): Promise<void> {
  const mailed = await db.$transaction(async (tx) => {
    // Write first: takes SQLite's write lock (PostgreSQL: this row's lock) at once, so the read
    // below cannot go stale before our write (a deferred SQLite transaction that reads, then
    // writes after another connection committed, fails with SQLITE_BUSY_SNAPSHOT).
    const touched = await tx.$executeRaw`UPDATE "Payment" SET "id" = "id" WHERE "id" = ${paymentRowId}`;
    if (touched === 0) throw new Error(`applyPaymentUpdate: no payment ${paymentRowId}`);
    const current = await tx.payment.findUniqueOrThrow({ where: { id: paymentRowId }, include: { debts: true } });

    const status = update.status && canTransition(current.status, update.status) ? update.status : current.status;
    const liquidationStatus =
      update.liquidationStatus && canTransitionLiquidation(current.liquidationStatus, update.liquidationStatus)
        ? update.liquidationStatus
        : current.liquidationStatus;
    const changed = status !== current.status || liquidationStatus !== current.liquidationStatus;

    await tx.payment.update({
      where: { id: paymentRowId },
      data: {
        status,
        liquidationStatus,
        // Identifiers and facts are filled once, never rewritten by a later (maybe stale) message.
        paymentId: current.paymentId ?? update.paymentId ?? undefined,
        transactionId: current.transactionId ?? update.transactionId ?? undefined,
        amountCents: update.amountCents ?? undefined,
        paidAt: current.paidAt ?? update.paidAt ?? undefined,
        settledAt: current.settledAt ?? (liquidationStatus === "settled" ? update.settledAt ?? undefined : undefined),
        lastCheckedAt: source === "reconcile" ? new Date() : undefined,
      },
    });

    for (const debt of update.debts ?? []) {
      const existing = current.debts.find((d) => d.debtId === debt.id);
      if (!existing) {
        await tx.paymentDebt.create({
          data: { paymentId: paymentRowId, debtId: debt.id, status: debt.status, settledAt: debt.settledAt ?? null },
        });
      } else if (canTransitionLiquidation(existing.status, debt.status)) {
        await tx.paymentDebt.update({
          where: { id: existing.id },
          data: { status: debt.status, settledAt: existing.settledAt ?? debt.settledAt ?? null },
        });
      }
    }

    if (changed) {
      await tx.paymentEvent.create({ data: { paymentId: paymentRowId, status, liquidationStatus, source } });
    }
    // In this transaction: the e-mail exists exactly when the status it announces was committed.
    if (!changed) return false;
    const payerMailed = await queuePaymentMails(tx, paymentRowId, current, { status, liquidationStatus });
    // A workspace link's owner hears "your client paid" in the same commit as the status.
    const ownerMailed = status === "paid" && current.status !== "paid" && (await queueOwnerPaidMail(tx, paymentRowId));
    return payerMailed || ownerMailed;
  });
  if (mailed) void kickOutbox();
}
