import "server-only";
import { reactionPoint } from "@/lib/db/reactions";

// Payment facts that higher capabilities react to in the same transaction (lib/db/reactions.ts;
// registered in lib/background/reactions.ts): payments does not know who mails whom.

type StatusPair = { status: string; liquidationStatus: string | null };

/** applyPaymentUpdate changed a payment's status or liquidation (the ONLY writer of both). */
export type PaymentStatusChange = { paymentRowId: string; before: StatusPair; after: StatusPair };
export const paymentStatusChanged = reactionPoint<PaymentStatusChange>("payment.status-changed");

/** A PIX code was stored on a payment; `emailRequested`: the payer asked for it by e-mail. */
export type PixIssued = { paymentRowId: string; emailRequested: boolean; amountCents?: number };
export const pixIssued = reactionPoint<PixIssued>("payment.pix-issued");
