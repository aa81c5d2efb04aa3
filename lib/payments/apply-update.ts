import "server-only";
import { db } from "@/lib/db/client";
import { debtSettlementMoves, mergeAnswer } from "@/lib/rules/payment-states";
import { settlementMoves } from "@/lib/rules/payment-status";
import { paymentStatusChanged } from "./reactions";
import { clock } from "@/lib/clock";

// The ONLY writer of Payment.status / liquidationStatus / PaymentDebt (docs/internal-api.md).
// Webhooks arrive late, twice and out of order, and the status endpoint answers in between, so
// every field moves forward only, settlement only with `paid` (lib/rules/payment-states.ts), and a
// PaymentEvent is appended only for a real change: replaying any update is a no-op. Every update
// here is an answer of the upstream (our call's, or the status endpoint's): an event's own report
// is never written (lib/webhooks/handlers/payment-status-update.ts confirms it first).

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

/** sync: our payment call's answer; reconcile: a poll's; confirmation: a status call made because an event came. */
export type PaymentUpdateSource = "sync" | "reconcile" | "confirmation";

export async function applyPaymentUpdate(
  paymentRowId: string,
  update: PaymentUpdate,
  source: PaymentUpdateSource,
): Promise<void> {
  const afterCommit = await db.$transaction(async (tx) => {
    // Write first: takes SQLite's write lock (PostgreSQL: this row's lock) at once, so the read
    // below cannot go stale before our write (a deferred SQLite transaction that reads, then
    // writes after another connection committed, fails with SQLITE_BUSY_SNAPSHOT).
    const touched =
      await tx.$executeRaw`UPDATE "Payment" SET "id" = "id" WHERE "id" = ${paymentRowId}`;
    if (touched === 0) throw new Error(`applyPaymentUpdate: no payment ${paymentRowId}`);
    const current = await tx.payment.findUniqueOrThrow({
      where: { id: paymentRowId },
      include: { debts: true },
    });

    const { status, liquidationStatus } = mergeAnswer(current, update);
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
        settledAt:
          current.settledAt ??
          (liquidationStatus === "settled" ? (update.settledAt ?? undefined) : undefined),
        lastCheckedAt: source === "sync" ? undefined : clock.now(),
        // The upstream knows the payment: the 404s counted before were "not yet".
        ...(update.status ? { notFoundSince: null, notFoundCount: null } : {}),
      },
    });

    for (const debt of update.debts ?? []) {
      const existing = current.debts.find((d) => d.debtId === debt.id);
      if (!settlementMoves(status)) break;
      if (!existing) {
        await tx.paymentDebt.create({
          data: {
            paymentId: paymentRowId,
            debtId: debt.id,
            status: debt.status,
            settledAt: debt.settledAt ?? null,
          },
        });
      } else if (debtSettlementMoves(status, existing.status, debt.status)) {
        await tx.paymentDebt.update({
          where: { id: existing.id },
          data: { status: debt.status, settledAt: existing.settledAt ?? debt.settledAt ?? null },
        });
      }
    }

    if (changed) {
      await tx.paymentEvent.create({
        data: { paymentId: paymentRowId, status, liquidationStatus, source },
      });
    }
    // In this transaction: the e-mails a change calls for (lib/mail/payment-reactions.ts) exist
    // exactly when the status they announce was committed.
    if (!changed) return () => {};
    const before = { status: current.status, liquidationStatus: current.liquidationStatus };
    return paymentStatusChanged.run(tx, {
      paymentRowId,
      before,
      after: { status, liquidationStatus },
    });
  });
  afterCommit();
}

/**
 * Our own verdict on an attempt the upstream never knew (lib/rules/payment-states.ts,
 * mayConcludeNotCreated): written only over a `pending` row with no paymentId, in one conditional
 * update, with the evidence on its timeline entry. A later upstream answer reopens it
 * (applyPaymentUpdate: `not_created` gives way to any upstream status).
 */
export async function concludeNotCreated(paymentRowId: string, detail: string): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.payment.updateMany({
      where: { id: paymentRowId, status: "pending", paymentId: null },
      data: { status: "not_created", lastCheckedAt: clock.now() },
    });
    if (count === 0) return false;
    await tx.paymentEvent.create({
      data: { paymentId: paymentRowId, status: "not_created", source: "conclusion", detail },
    });
    return true;
  });
}

/**
 * Our end of a PIX the upstream says awaits payment but whose code we never got (neither our call's
 * answer nor its replay brought it, lib/payments/recover-pix.ts): nobody can pay it, so it is not
 * shown as waiting. Written only over such a row, in one conditional update, with the evidence on
 * its timeline entry; a later upstream answer other than `awaiting_payment` replaces it.
 */
export async function concludeAbandoned(paymentRowId: string, detail: string): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.payment.updateMany({
      where: { id: paymentRowId, method: "pix", status: "awaiting_payment", pixCode: null },
      data: { status: "abandoned", lastCheckedAt: clock.now() },
    });
    if (count === 0) return false;
    await tx.paymentEvent.create({
      data: { paymentId: paymentRowId, status: "abandoned", source: "conclusion", detail },
    });
    return true;
  });
}
