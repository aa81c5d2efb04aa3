import "server-only";
import { db } from "@/lib/db/client";
import { checkoutRefusal, type DebtRefusalCode } from "@/lib/checkouts/debt-holds";
import type { Checkout } from "@/lib/generated/prisma/client";
import { loadPaymentView, type PaymentView } from "./payment-view";
import { maskCpfCnpjForSharing, maskEmail, maskPhone } from "@/lib/rules/cpf-cnpj";
import {
  checkoutStatus,
  findCheckoutByToken,
  findCheckoutOrNull,
} from "@/lib/checkouts/find-checkout";
import { liveSuccessor } from "@/lib/checkouts/successor";

// The pay page (also the dispatcher's share link): whoever has the link sees the amount and the
// debts, and the payer's data only masked.

export type CheckoutView = {
  token: string;
  status: "open" | "paid" | "expired";
  /** "share": a dispatcher's link, drawn with the recipient's details and the cost table. */
  kind: "owner" | "share";
  amountCents: number;
  expiresAt: string;
  plate: string;
  uf: string;
  customer: { name: string; emailMasked: string; phoneMasked: string; cpfCnpjMasked: string };
  debts: { id: string; title: string; type: string; amountCents: number }[];
  latestPayment?: PaymentView;
  /**
   * An open checkout that can no longer be paid: one of its debts (or a distinct alternative of one)
   * was paid or went into a payment through another checkout since it was made.
   */
  unavailable?: { code: DebtRefusalCode; message: string };
  /**
   * A share link replaced while open (its PIX ended `abandoned`): the replacement's pay page, while
   * it is open or paid through it, so the old link's page points there instead of offering another.
   */
  successor?: { token: string; status: "open" | "paid" };
};

/** The API's read: an unknown token is a 404 error. */
export async function getCheckoutView(token: string): Promise<CheckoutView> {
  return toCheckoutView(await findCheckoutByToken(token));
}

/** Null for an unknown or malformed token; the pay page answers it with its 404. */
export async function findCheckoutView(token: string): Promise<CheckoutView | null> {
  const checkout = await findCheckoutOrNull(token);
  return checkout ? toCheckoutView(checkout) : null;
}

async function toCheckoutView(checkout: Checkout): Promise<CheckoutView> {
  const [debts, latest, status, successor] = await Promise.all([
    db.checkoutDebt.findMany({ where: { checkoutId: checkout.id }, orderBy: { id: "asc" } }),
    db.payment.findFirst({ where: { checkoutId: checkout.id }, orderBy: { createdAt: "desc" } }),
    checkoutStatus(checkout),
    checkout.kind === "share" ? liveSuccessor(checkout.id) : null,
  ]);
  const latestPayment = latest ? await loadPaymentView(latest.id) : null;
  const refusal = status === "open" ? await checkoutRefusal(checkout) : null;
  return {
    token: checkout.publicToken,
    status,
    kind: checkout.kind === "share" ? "share" : "owner",
    amountCents: checkout.amountCents,
    expiresAt: checkout.expiresAt.toISOString(),
    plate: checkout.plate,
    uf: checkout.uf,
    customer: {
      name: checkout.customerName,
      emailMasked: maskEmail(checkout.customerEmail),
      phoneMasked: maskPhone(checkout.customerPhone),
      cpfCnpjMasked: maskCpfCnpjForSharing(checkout.customerCpfCnpj),
    },
    debts: debts.map((d) => ({
      id: d.debtId,
      title: d.title,
      type: d.type,
      amountCents: d.amountCents,
    })),
    ...(latestPayment ? { latestPayment } : {}),
    ...(refusal ? { unavailable: { code: refusal.code, message: refusal.message } } : {}),
    ...(successor
      ? { successor: { token: successor.checkout.publicToken, status: successor.status } }
      : {}),
  };
}
