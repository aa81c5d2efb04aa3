import "server-only";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { storedPaymentMethod, type PaymentMethod } from "@/lib/rules/payment-method";
import { isFinal, isSettled } from "@/lib/rules/payment-status";
import { newPublicToken } from "@/lib/security/public-token";

// What GET /api/payments/{ref} and the payment POST answer (docs/internal-api.md, PaymentView).

export type PaymentView = {
  /** The public reference (capability): the only way to address the payment from outside. */
  ref: string;
  method: PaymentMethod;
  status: string;
  liquidationStatus?: string;
  amountCents?: number;
  installments?: number;
  cardBrand?: string;
  cardLastFour?: string;
  pix?: { qrCode: string; expiresAt: string };
  paidAt?: string;
  settledAt?: string;
  failureMessage?: string;
  timeline: { status: string; liquidationStatus?: string; at: string }[];
  debts: {
    id: string;
    title: string;
    type: string;
    amountCents: number;
    status: string;
    settledAt?: string;
  }[];
  /** The vehicle's UF: which Detran registers the payment and issues the CRLV-e. */
  uf: string;
  checkoutToken: string;
  isFinal: boolean;
  /**
   * Only while we never heard back from the upstream (our call failed or timed out): when this
   * attempt is concluded not created if the upstream still does not know it (docs/payment-states.md).
   */
  answerBy?: string;
  /** The PIX that replaced this expired one (lib/payments/renew-pix.ts): pages follow it. */
  renewedTo?: string;
};

const REFUSED_MESSAGE =
  "Pagamento recusado pela operadora do cartão ou pela análise antifraude. Nenhum valor foi cobrado. Tente outro cartão ou pague com PIX.";
const EXPIRED_MESSAGE = "O código PIX expirou sem pagamento. Gere um novo para pagar.";
const NOT_CREATED_MESSAGE =
  "A operadora não registrou este pagamento: nenhum valor foi cobrado. Você pode pagar de novo.";

const ABANDONED_MESSAGE =
  "O código PIX desta tentativa não chegou até nós, então ninguém pode pagá-lo: nenhum valor foi cobrado. Os débitos estão livres para um novo pagamento.";

const iso = (d: Date | null | undefined) => (d ? { value: d.toISOString() } : undefined);

const VIEW_INCLUDE = {
  events: { orderBy: { at: "asc" } },
  debts: true,
  checkout: { include: { debts: true } },
} as const;

/** The payment row with what its view shows (timeline, debts, checkout): one read for a poll. */
export type PaymentRecord = NonNullable<Awaited<ReturnType<typeof loadPaymentRecord>>>;

/** By row id, or by public reference (a status poll: the reference and the payment in one read). */
export function loadPaymentRecord(where: { id: string } | { publicRef: string }) {
  return db.payment.findUnique({ where, include: VIEW_INCLUDE });
}

export async function loadPaymentView(paymentRowId: string): Promise<PaymentView | null> {
  const p = await loadPaymentRecord({ id: paymentRowId });
  return p ? toPaymentView(p) : null;
}

export async function toPaymentView(p: PaymentRecord): Promise<PaymentView> {
  const ref = await ensurePublicRef(p);
  const successor =
    p.method === "pix"
      ? await db.payment.findUnique({ where: { renewedFromId: p.id }, select: { publicRef: true } })
      : null;
  const debtStatus = new Map(p.debts.map((d) => [d.debtId, d]));
  const timeline = p.events.map((e) => ({
    status: e.status,
    ...(e.liquidationStatus ? { liquidationStatus: e.liquidationStatus } : {}),
    at: e.at.toISOString(),
  }));
  // The attempt itself is the first step, whether or not an event was recorded for it.
  if (timeline[0]?.status !== "pending")
    timeline.unshift({ status: "pending", at: p.createdAt.toISOString() });
  const failureMessage =
    p.failureMessage ??
    (p.status === "refused"
      ? REFUSED_MESSAGE
      : p.status === "expired"
        ? EXPIRED_MESSAGE
        : p.status === "not_created"
          ? NOT_CREATED_MESSAGE
          : p.status === "abandoned"
            ? ABANDONED_MESSAGE
            : undefined);
  const answerBy =
    p.status === "pending" && p.paymentId === null
      ? new Date(p.createdAt.getTime() + env.paymentNotFoundGraceMs).toISOString()
      : undefined;
  return {
    ref,
    method: storedPaymentMethod(p.method),
    status: p.status,
    ...(p.liquidationStatus ? { liquidationStatus: p.liquidationStatus } : {}),
    ...(p.amountCents !== null ? { amountCents: p.amountCents } : {}),
    ...(p.installments !== null ? { installments: p.installments } : {}),
    ...(p.cardBrand ? { cardBrand: p.cardBrand } : {}),
    ...(p.cardLastFour ? { cardLastFour: p.cardLastFour } : {}),
    ...(p.pixCode && p.pixExpiresAt
      ? { pix: { qrCode: p.pixCode, expiresAt: p.pixExpiresAt.toISOString() } }
      : {}),
    ...(iso(p.paidAt) ? { paidAt: iso(p.paidAt)!.value } : {}),
    ...(iso(p.settledAt) ? { settledAt: iso(p.settledAt)!.value } : {}),
    ...(failureMessage ? { failureMessage } : {}),
    timeline,
    debts: p.checkout.debts.map((d) => {
      const s = debtStatus.get(d.debtId);
      return {
        id: d.debtId,
        title: d.title,
        type: d.type,
        amountCents: d.amountCents,
        status: s?.status ?? "pending",
        ...(s?.settledAt ? { settledAt: s.settledAt.toISOString() } : {}),
      };
    }),
    uf: p.checkout.uf,
    checkoutToken: p.checkout.publicToken,
    isFinal: isFinal(p.status),
    ...(answerBy ? { answerBy } : {}),
    ...(successor?.publicRef ? { renewedTo: successor.publicRef } : {}),
  };
}

/**
 * Rows made before publicRef existed get one the first time they are read through an address that
 * is itself a capability (the checkout's token). Conditional so two first reads agree on one.
 */
export async function ensurePublicRef(p: {
  id: string;
  publicRef: string | null;
}): Promise<string> {
  if (p.publicRef) return p.publicRef;
  const rowId = p.id;
  await db.payment.updateMany({
    where: { id: rowId, publicRef: null },
    data: { publicRef: newPublicToken() },
  });
  const row = await db.payment.findUniqueOrThrow({
    where: { id: rowId },
    select: { publicRef: true },
  });
  return row.publicRef!;
}

/** Whether the status page still has something to learn from upstream. */
export function needsReconcile(p: { status: string; liquidationStatus?: string | null }): boolean {
  return !isFinal(p.status) || (p.status === "paid" && !isSettled(p.liquidationStatus));
}
