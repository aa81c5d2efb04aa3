import "server-only";
import { env } from "@/lib/env";
import type { Reaction } from "@/lib/db/reactions";
import type { LookupsResolved } from "@/lib/lookups/reactions";
import type { PaymentStatusChange } from "@/lib/payments/reactions";
import type { DebtType } from "@/lib/rules/debt-types";
import { checkMoments, freshProgress, paidDebtKeys } from "@/lib/rules/delisting";
import { isSettled } from "@/lib/rules/payment-status";
import { clock } from "@/lib/clock";
import { DELISTING_LOOKUP, settleChecks } from "./settle-check";

/**
 * A payment settled (applyPaymentUpdate, the ONLY writer of its status): in the same transaction,
 * its delisting watch is made, with each paid debt keyed in the result it was paid from, due at the
 * first check's moment. Once per payment (paymentId is unique; the payment row is locked by the
 * update, so a second instance waits and then finds the watch).
 */
export const watchSettledPayment: Reaction<PaymentStatusChange> = async (tx, change) => {
  const settledNow =
    change.after.status === "paid" &&
    isSettled(change.after.liquidationStatus) &&
    !isSettled(change.before.liquidationStatus);
  if (!settledNow) return;
  const exists = await tx.delistingWatch.findUnique({
    where: { paymentId: change.paymentRowId },
    select: { id: true },
  });
  if (exists) return;
  const payment = await tx.payment.findUniqueOrThrow({
    where: { id: change.paymentRowId },
    select: {
      settledAt: true,
      debts: { select: { debtId: true } },
      checkout: { select: { lookupId: true, debts: { select: { debtId: true } } } },
    },
  });
  // The payment's own debts when the upstream listed them, else the checkout's (the same ones).
  const paidIds = new Set(
    (payment.debts.length ? payment.debts : payment.checkout.debts).map((d) => d.debtId),
  );
  if (paidIds.size === 0) return;
  const result = await tx.lookupDebt.findMany({
    where: { lookupId: payment.checkout.lookupId },
    select: {
      debtId: true,
      type: true,
      title: true,
      amountCents: true,
      dueDate: true,
      hasDiscount: true,
      year: true,
      ait: true,
    },
  });
  const keyed = paidDebtKeys(
    result.map((d) => ({ ...d, id: d.debtId, type: d.type as DebtType })),
    paidIds,
  );
  const settledAt = payment.settledAt ?? clock.now();
  const first = checkMoments(settledAt, env.delisting.checkDays)[0]!;
  await tx.delistingWatch.create({
    data: {
      paymentId: change.paymentRowId,
      settledAt,
      notBefore: first,
      debts: { create: keyed.map(freshProgress) },
    },
  });
  return () => void import("./worker").then(({ delistingChecks }) => delistingChecks.wakeAt(first));
};

/** Lookups resolved: each one that is a watch's current check is settled in the same transaction. */
export const settleDelistingChecks: Reaction<LookupsResolved> = async (tx, { now, lookups }) => {
  const ours = lookups.filter((l) => l.origin === DELISTING_LOOKUP);
  if (ours.length === 0) return;
  await settleChecks(tx, now, ours);
  return () => void import("./worker").then(({ delistingChecks }) => delistingChecks.kick());
};
