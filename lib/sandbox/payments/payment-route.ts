// POST /uvvi/v1/payment – pays a checkout by card or PIX; externalId makes it idempotent.
import { randomUUID } from "node:crypto";
import type { Context } from "hono";
import { z } from "zod";
import type { SandboxContext } from "../context";
import { errorB } from "../http/errors";
import { defaultShape, shapedError } from "../http/shaped-error";
import { apiKeyOf, parseBody } from "./http";
import { installmentOption, maxInstallments, oneTimeTotalCents } from "./interest";
import {
  alternativeRefusal,
  alternativesHeld,
  debtsHeldElsewhere,
  openPaymentFor,
} from "./payment-index";
import { paymentAnswer, setReady, whenReady } from "./payment-answer";
import { startCardPayment } from "./payment-card";
import { startPixPayment } from "./payment-pix";
import { getPayment, getToken, type SandboxPayment } from "./types";

const PaymentBody = z
  .object({
    checkoutId: z.string().min(1),
    paymentMethod: z.enum(["credit_card", "pix"], { error: "must be credit_card or pix" }),
    cardToken: z.string().min(1).optional(),
    installments: z.number().int().min(1).max(12).optional(),
    // Decision: payment accepts externalId (UUID) for idempotency and webhook correlation.
    externalId: z.uuid().optional(),
  })
  .superRefine((b, issue) => {
    if (b.paymentMethod !== "credit_card") return;
    if (!b.cardToken)
      issue.addIssue({
        code: "custom",
        path: ["cardToken"],
        message: "is required for credit_card",
      });
    if (b.installments === undefined)
      issue.addIssue({
        code: "custom",
        path: ["installments"],
        message: "is required for credit_card",
      });
  });

type Body = z.output<typeof PaymentBody>;

const unprocessable = (c: Context, message: string, details: Record<string, unknown>) =>
  errorB(c, 422, "VALIDATION_ERROR", message, details);

async function answer(c: Context, p: SandboxPayment, status: 200 | 201) {
  await whenReady(p);
  return c.json(paymentAnswer(p), status);
}

/** Same externalId: the same payment, never a second charge (unless the request differs). */
function sameRequest(p: SandboxPayment, body: Body, apiKey: string): boolean {
  return (
    p.apiKey === apiKey &&
    p.checkoutId === body.checkoutId &&
    p.method === body.paymentMethod &&
    (p.method === "pix" || p.installments === body.installments)
  );
}

export async function paymentRoute(c: Context, ctx: SandboxContext) {
  const parsed = await parseBody(c, PaymentBody);
  if (!parsed.ok) return parsed.response;
  const body = parsed.data;
  const apiKey = apiKeyOf(c);
  // From here to the registration of the record nothing awaits, so concurrent requests with one
  // externalId cannot both get past this check (Node runs one handler step at a time).
  const existingId = body.externalId
    ? ctx.store.paymentsByExternalId.get(body.externalId)
    : undefined;
  const existing = existingId ? getPayment(ctx, existingId) : undefined;
  if (existing) {
    if (!sameRequest(existing, body, apiKey)) {
      return unprocessable(c, "externalId already used by a different payment request", {
        rule: "idempotencyConflict",
        externalId: body.externalId,
      });
    }
    return answer(c, existing, 200);
  }

  const checkout = ctx.store.checkouts.get(body.checkoutId);
  if (!checkout || checkout.apiKey !== apiKey) {
    return errorB(c, 404, "NOT_FOUND", "Checkout not found", { checkoutId: body.checkoutId });
  }
  if (checkout.paidBy) {
    return unprocessable(c, "Checkout already paid", {
      rule: "alreadyPaid",
      checkoutId: checkout.checkoutId,
      paymentId: checkout.paidBy,
    });
  }
  const open = openPaymentFor(ctx, checkout.checkoutId);
  if (open) {
    return unprocessable(c, `Checkout has a payment in progress (${open.status})`, {
      rule: "paymentInProgress",
      checkoutId: checkout.checkoutId,
      paymentId: open.paymentId,
      status: open.status,
    });
  }
  if (ctx.options.now().getTime() >= checkout.expiresAt.getTime()) {
    return unprocessable(c, "Checkout expired", {
      rule: "checkoutExpired",
      checkoutId: checkout.checkoutId,
      expiresAt: checkout.expiresAt.toISOString(),
    });
  }
  const elsewhere = debtsHeldElsewhere(ctx, checkout);
  if (elsewhere.length) {
    return unprocessable(c, "Debts already paid or being paid by another checkout", {
      rule: "alreadyPaid",
      debts: elsewhere,
    });
  }
  const alternatives = alternativesHeld(
    ctx,
    checkout.debts.map((d) => d.id),
    checkout.checkoutId,
  );
  if (alternatives.length) {
    const refusal = alternativeRefusal(alternatives);
    return unprocessable(c, refusal.message, refusal.details);
  }

  let amountCents = oneTimeTotalCents(checkout.amountCents); // PIX = the 1x total (decision)
  let token: ReturnType<typeof getToken>;
  if (body.paymentMethod === "credit_card") {
    const tokenId = body.cardToken ?? "";
    token = getToken(ctx, tokenId);
    if (!token || token.apiKey !== apiKey)
      return unprocessable(c, "Unknown card token", { rule: "invalidToken", field: "cardToken" });
    if (token.usedBy)
      return unprocessable(c, "Card token already used", {
        rule: "tokenAlreadyUsed",
        field: "cardToken",
      });
    if (ctx.options.now().getTime() >= token.expiresAt.getTime()) {
      return unprocessable(c, "Card token expired", { rule: "tokenExpired", field: "cardToken" });
    }
    const option = installmentOption(checkout.amountCents, body.installments ?? 0);
    if (!option) {
      return unprocessable(c, "Installment count not offered for this amount", {
        rule: "installments",
        field: "installments",
        requested: body.installments,
        max: maxInstallments(checkout.amountCents),
      });
    }
    amountCents = option.totalCents;
    // The "lost" test card: the upstream fails before recording anything (no payment, token unused),
    // so the client's call has an unknown outcome and the status endpoint answers 404 for good.
    if (token.scenario === "lost") {
      return shapedError(
        c,
        500,
        defaultShape(c.req.path, 500),
        "INTERNAL_ERROR",
        "Internal server error (lost test card: no payment was created)",
      );
    }
  }

  const p: SandboxPayment = {
    apiKey,
    paymentId: `pay_${randomUUID().replace(/-/g, "")}`,
    transactionId: ctx.nextTransactionId(),
    externalId: body.externalId ?? randomUUID(),
    checkoutId: checkout.checkoutId,
    method: body.paymentMethod,
    status: "processing",
    liquidationStatus: "pending",
    amountCents,
    installments: token ? body.installments : undefined,
    scenario: token?.scenario,
    brand: token?.brand,
    lastFourDigits: token?.lastFourDigits,
    debts: checkout.debts.map((d) => ({ id: d.id, status: "pending" })),
    history: [],
    antifraud: { decision: "approved", at: ctx.options.now() },
  };
  if (token) token.usedBy = p.paymentId;
  ctx.store.payments.set(p.paymentId, p);
  ctx.store.paymentsByExternalId.set(p.externalId, p.paymentId);
  ctx.store.paymentsByTransactionId.set(p.transactionId, p.paymentId);
  setReady(p, token ? startCardPayment(ctx, p) : startPixPayment(ctx, p, checkout));
  return answer(c, p, 201);
}
