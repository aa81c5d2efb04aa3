import "server-only";
import { db } from "@/lib/db/client";
import { pixAmountCents } from "@/lib/rules/pix-br-code";
import type { PaymentAnswer } from "@/lib/upstream/types";
import { applyPaymentUpdate } from "./apply-update";
import { pixIssued } from "./reactions";

// Stores the answer to our own POST /payment (a first attempt, a PIX renewal, or a replay of either
// that recovers a lost PIX code: recover-pix.ts).

export async function recordAnswer(
  rowId: string,
  answer: PaymentAnswer,
  emailPix = false,
): Promise<void> {
  if (answer.kind === "answered" && answer.pix) {
    const pix = answer.pix;
    // Not a status field: written here, the status itself goes through applyPaymentUpdate. The
    // e-mail the payer asked for is queued in the same transaction as the code it carries.
    const afterCommit = await db.$transaction(async (tx) => {
      await tx.payment.update({
        where: { id: rowId },
        data: { pixCode: pix.qrCode, pixExpiresAt: pix.expiresAt },
      });
      return pixIssued.run(tx, {
        paymentRowId: rowId,
        emailRequested: emailPix,
        amountCents: pixAmountCents(pix.qrCode) ?? undefined,
      });
    });
    afterCommit();
  }
  const ids = {
    ...(answer.paymentId ? { paymentId: answer.paymentId } : {}),
    ...(answer.transactionId ? { transactionId: answer.transactionId } : {}),
  };
  if (answer.kind === "timed_out") {
    // Not an error (spec): pending until the webhook or the status query says more.
    await applyPaymentUpdate(rowId, ids, "sync");
    await db.payment.update({
      where: { id: rowId },
      data: { callError: "UPSTREAM_TIMEOUT (sem resposta no prazo)" },
    });
    return;
  }
  // The PIX answer has no amount; the code itself carries the total with interest (field 54).
  const amountCents =
    answer.amountCents ??
    (answer.pix ? (pixAmountCents(answer.pix.qrCode) ?? undefined) : undefined);
  await applyPaymentUpdate(
    rowId,
    { ...ids, status: answer.status, amountCents, paidAt: answer.paidAt ?? null },
    "sync",
  );
}
