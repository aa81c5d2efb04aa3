// The synchronous answers of POST /uvvi/v1/payment, built from the record so an idempotent
// replay answers exactly what the first request answered (with the current status).
import { iso } from "./http";
import { toReais } from "./money";
import type { SandboxPayment } from "./types";

// A payment's answer may wait on work that finishes after the record exists (the QR image, the
// withheld card answer). Replays with the same externalId wait on the same promise.
const ready = new WeakMap<SandboxPayment, Promise<void>>();

export function setReady(p: SandboxPayment, promise: Promise<void>): void {
  ready.set(p, promise);
}

export function whenReady(p: SandboxPayment): Promise<void> {
  return ready.get(p) ?? Promise.resolve();
}

export function paymentAnswer(p: SandboxPayment): Record<string, unknown> {
  if (p.method === "pix") {
    return {
      success: true,
      paymentId: p.paymentId,
      status: p.status,
      qrCode: p.qrCode,
      qrCodeImage: p.qrCodeImage,
      expiresAt: iso(p.expiresAt),
    };
  }
  const answer: Record<string, unknown> = {
    success: true,
    paymentId: p.paymentId,
    status: p.status,
    transactionId: p.transactionId,
    amount: toReais(p.amountCents),
    installments: p.installments,
    paidAt: iso(p.paidAt),
  };
  if (p.scenario === "timeout") {
    // Spec: "synchronous answer times out: no status in the response; final status arrives by
    // webhook". The late answer still names the payment so a client can query its status.
    delete answer.status;
    delete answer.paidAt;
  }
  return answer;
}
