import "server-only";
import type { Reaction } from "@/lib/db/reactions";
import type { PaymentStatusChange, PixIssued } from "@/lib/payments/reactions";
import { queuePaymentMails, queuePixInstructions } from "./payment-mails";
import { kickOutbox } from "./worker";
import { queueOwnerPaidMail } from "./workspace-mails";

// What a payment's facts queue (lib/payments/reactions.ts), in the transaction that commits them:
// the e-mail exists exactly when the status it announces was committed. The outbox is woken after.

const wake = () => void kickOutbox();

export const mailOnPaymentStatus: Reaction<PaymentStatusChange> = async (
  tx,
  { paymentRowId, before, after },
) => {
  const payerMailed = await queuePaymentMails(tx, paymentRowId, before, after);
  // A workspace link's owner hears "your client paid" in the same commit as the status.
  const ownerMailed =
    after.status === "paid" &&
    before.status !== "paid" &&
    (await queueOwnerPaidMail(tx, paymentRowId));
  return payerMailed || ownerMailed ? wake : undefined;
};

export const mailPixCode: Reaction<PixIssued> = async (
  tx,
  { paymentRowId, emailRequested, amountCents },
) =>
  emailRequested && (await queuePixInstructions(tx, paymentRowId, amountCents)) ? wake : undefined;
