// POST /uvvi/v1/payment/status – status and settlement of a payment, found by exactly one of
// paymentId, transactionId or externalId.
import type { Context } from "hono";
import { z } from "zod";
import type { SandboxContext } from "../context";
import { errorB } from "../http/errors";
import { apiKeyOf, iso, parseBody } from "./http";
import { expirePixIfDue } from "./lifecycle";
import { toReais } from "./money";
import { getPayment, type SandboxPayment } from "./types";

const StatusBody = z
  .object({
    paymentId: z.string().min(1).optional(),
    // The spec shows an integer; a digit string is tolerated (same value).
    transactionId: z
      .union([z.number().int().positive(), z.string().regex(/^\d+$/).transform(Number)])
      .optional(),
    externalId: z.string().min(1).optional(),
  })
  .refine(
    (b) => [b.paymentId, b.transactionId, b.externalId].filter((v) => v !== undefined).length === 1,
    {
      message: "send exactly one of paymentId, transactionId, externalId",
    },
  );

export function statusAnswer(p: SandboxPayment) {
  return {
    success: true,
    paymentId: p.paymentId,
    status: p.status,
    liquidationStatus: p.liquidationStatus,
    amount: toReais(p.amountCents),
    paidAt: iso(p.paidAt),
    settledAt: iso(p.settledAt),
    debts: p.debts.map((d) => ({ id: d.id, status: d.status, settledAt: iso(d.settledAt) })),
  };
}

export async function paymentStatusRoute(c: Context, ctx: SandboxContext) {
  const parsed = await parseBody(c, StatusBody);
  if (!parsed.ok) return parsed.response;
  const { paymentId, transactionId, externalId } = parsed.data;
  const id =
    paymentId ??
    (transactionId !== undefined
      ? ctx.store.paymentsByTransactionId.get(transactionId)
      : undefined) ??
    (externalId !== undefined ? ctx.store.paymentsByExternalId.get(externalId) : undefined);
  const p = id ? getPayment(ctx, id) : undefined;
  // Another partner's payment is as unknown as a missing one.
  if (!p || p.apiKey !== apiKeyOf(c)) {
    return errorB(c, 404, "NOT_FOUND", "Payment not found", {
      paymentId,
      transactionId,
      externalId,
    });
  }
  expirePixIfDue(ctx, p);
  return c.json(statusAnswer(p));
}
