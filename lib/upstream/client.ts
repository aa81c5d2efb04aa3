import "server-only";
import type { z } from "zod";
import { centsToReais, reaisToCents } from "@/lib/rules/money";
import { isUpstreamError, UpstreamError } from "./errors";
import { timeouts, upstreamRequest, type UpstreamRequest } from "./http";
import {
  toDate,
  toDebt,
  toInstallments,
  toPaymentAnswer,
  toPaymentStatus,
  toVehicle,
} from "./mappers";
import { withRetry, type RetryPolicy } from "./retry";
import * as s from "./schemas";
import type {
  CardToken,
  DebtLookupStart,
  InstallmentOption,
  PaymentAnswer,
  PaymentMethod,
  PaymentRef,
  UpstreamCheckout,
  UpstreamPaymentStatus,
  Uf,
  Vehicle,
  WebhookRegistration,
} from "./types";

/** The budget's operation name of a debt lookup (Radar, delisting and the API take shares of it). */
export const DEBT_LOOKUP = "debt-lookup";

// The typed upstream client (docs/internal-api.md). The only module that knows upstream paths.
// Every answer goes through a zod schema; what comes out is ours: cents, Dates, English names.

function parse<S extends z.ZodType>(schema: S, value: unknown, operation: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  // Paths and messages only: the values may be personal data.
  const issues = result.error.issues
    .slice(0, 5)
    .map((i) => `${i.path.join(".") || "body"}: ${i.message}`);
  throw new UpstreamError({
    code: "UPSTREAM_BAD_RESPONSE",
    shape: "unknown-json",
    upstreamMessage: `${operation}: ${issues.join("; ")}`,
  });
}

async function call<S extends z.ZodType>(
  policy: RetryPolicy,
  schema: S,
  req: UpstreamRequest,
): Promise<z.output<S>> {
  return withRetry(req.operation, policy, async () =>
    parse(schema, await upstreamRequest(req), req.operation),
  );
}

const post = (
  operation: string,
  path: string,
  body: unknown,
  timeoutMs = timeouts.standard,
  logFields?: Record<string, unknown>,
) => ({ operation, method: "POST", path, body, timeoutMs, logFields }) as const;

export const upstream = {
  async enrichVehicle(plate: string, uf?: Uf): Promise<Vehicle> {
    const answer = await call("idempotent", s.enrichmentAnswerSchema, {
      operation: "enrichment",
      method: "GET",
      path: `/api/v1/vehicle/enrichment/${encodeURIComponent(plate)}`,
      query: { uf },
      timeoutMs: timeouts.standard,
    });
    return toVehicle(answer.data);
  },

  /** Accepts both the acknowledgment and the synchronous variant {success, transactionId, debts, totalAmount}. */
  async startDebtLookup(i: {
    state: string;
    licensePlate: string;
    renavam: string;
    cpfCnpj: string;
    externalId: string;
  }): Promise<DebtLookupStart> {
    const answer = await call(
      "same-external-id",
      s.lookupSyncSchema.or(s.lookupAckSchema),
      post(DEBT_LOOKUP, "/uvvi/v1/debts", i, timeouts.standard, { externalId: i.externalId }),
    );
    if ("debts" in answer) {
      const debts = answer.debts.map(toDebt);
      const totalCents =
        answer.totalAmount != null
          ? reaisToCents(answer.totalAmount)
          : debts.reduce((sum, d) => sum + d.amountCents, 0);
      return { kind: "sync", transactionId: answer.transactionId, debts, totalCents };
    }
    return { kind: "ack", transactionId: answer.transactionId, externalId: answer.externalId };
  },

  /** Card data goes to upstream and nowhere else; no retry (no idempotency key) except on 429. */
  async tokenizeCard(i: {
    cardNumber: string;
    cardholderName: string;
    expirationDate: string;
    cvv: string;
  }): Promise<CardToken> {
    const answer = await call(
      "none",
      s.cardTokenAnswerSchema,
      post("card-token", "/uvvi/v1/card-token", i),
    );
    const expiresAt = toDate(answer.data.expiresAt);
    if (!expiresAt)
      throw new UpstreamError({
        code: "UPSTREAM_BAD_RESPONSE",
        upstreamMessage: "card-token: expiresAt is not a date",
      });
    return {
      token: answer.data.token,
      brand: answer.data.brand,
      lastFourDigits: answer.data.lastFourDigits,
      expiresAt,
    };
  },

  async simulateInstallments(amountCents: number): Promise<InstallmentOption[]> {
    const body = { amount: centsToReais(amountCents), paymentMethod: "credit_card" };
    return toInstallments(
      await call(
        "idempotent",
        s.installmentsAnswerSchema,
        post("installments", "/uvvi/v1/installments", body),
      ),
    );
  },

  async createCheckout(i: {
    debtIds: string[];
    customer: { name: string; email: string; cpfCnpj: string; phone: string };
    vehicle: { licensePlate: string; renavam: string; uf: string };
  }): Promise<UpstreamCheckout> {
    const body = { debts: i.debtIds, customer: i.customer, vehicle: i.vehicle };
    const a = await call(
      "none",
      s.checkoutAnswerSchema,
      post("checkout", "/uvvi/v1/checkout", body),
    );
    const expiresAt = toDate(a.expiresAt);
    if (!expiresAt)
      throw new UpstreamError({
        code: "UPSTREAM_BAD_RESPONSE",
        upstreamMessage: "checkout: expiresAt is not a date",
      });
    return {
      checkoutId: a.checkoutId,
      amountCents: reaisToCents(a.amount),
      debts: a.debts.map((d) => ({ id: d.id, amountCents: reaisToCents(d.amount) })),
      expiresAt,
    };
  },

  /**
   * A timeout (env.paymentTimeoutMs) or an answer without status is `timed_out`, not an error:
   * the final status comes by webhook or status query. Retried (same externalId) once after a
   * network error or 503.
   */
  async createPayment(i: {
    checkoutId: string;
    method: PaymentMethod;
    cardToken?: string;
    installments?: number;
    externalId: string;
  }): Promise<PaymentAnswer> {
    const body = {
      checkoutId: i.checkoutId,
      paymentMethod: i.method,
      ...(i.method === "credit_card"
        ? { cardToken: i.cardToken, installments: i.installments }
        : {}),
      externalId: i.externalId,
    };
    try {
      const answer = await call(
        "same-external-id",
        s.paymentAnswerSchema,
        post("payment", "/uvvi/v1/payment", body, timeouts.payment, { externalId: i.externalId }),
      );
      return toPaymentAnswer(answer);
    } catch (error) {
      if (isUpstreamError(error) && error.code === "UPSTREAM_TIMEOUT") return { kind: "timed_out" };
      throw error;
    }
  },

  async getPaymentStatus(ref: PaymentRef): Promise<UpstreamPaymentStatus> {
    // The spec shows transactionId as an integer in this query.
    const body =
      "transactionId" in ref && /^\d+$/.test(ref.transactionId)
        ? { transactionId: Number(ref.transactionId) }
        : ref;
    return toPaymentStatus(
      await call(
        "idempotent",
        s.paymentStatusAnswerSchema,
        post("payment-status", "/uvvi/v1/payment/status", body),
      ),
    );
  },

  async registerWebhook(url: string): Promise<WebhookRegistration> {
    const a = await call(
      "idempotent",
      s.webhookRegisterAnswerSchema,
      post("webhook-register", "/uvvi/v1/webhook-register", { url }),
    );
    return { requestId: a.request_id, status: a.status, message: a.message };
  },

  /** Resolves when upstream accepts our key; throws UpstreamError otherwise. */
  async health(): Promise<void> {
    await call("idempotent", s.healthAnswerSchema, {
      operation: "health",
      method: "GET",
      path: "/api/v1/health",
      timeoutMs: timeouts.health,
    });
  },
};

export type UpstreamClient = typeof upstream;
