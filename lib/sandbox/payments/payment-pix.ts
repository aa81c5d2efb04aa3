// PIX payments: awaiting_payment with a BR Code and its PNG, until the (simulated) payer pays
// or the code expires.
import QRCode from "qrcode";
import type { CheckoutRecord, SandboxContext } from "../context";
import { buildBrCode } from "./br-code";
import { enterStatus, schedulePixExpiry } from "./lifecycle";
import { fromNow } from "./timings";
import type { SandboxPayment } from "./types";

/** Receiver of every sandbox PIX: a fixed random-type (EVP) key, not a real account. */
export const SANDBOX_PIX_KEY = "7d9f0335-8dcc-4054-9bf9-0dbd61d36906";
export const SANDBOX_PIX_MERCHANT = { name: "UVVI SANDBOX", city: "SAO PAULO" } as const;

/** Starts the PIX; resolves once the QR image exists. */
export function startPixPayment(
  ctx: SandboxContext,
  p: SandboxPayment,
  checkout: CheckoutRecord,
): Promise<void> {
  // A PIX never outlives the checkout it pays.
  const ttl = fromNow(ctx, "pixTtl");
  p.expiresAt = ttl.getTime() < checkout.expiresAt.getTime() ? ttl : checkout.expiresAt;
  p.qrCode = buildBrCode({
    pixKey: SANDBOX_PIX_KEY,
    amountCents: p.amountCents,
    merchantName: SANDBOX_PIX_MERCHANT.name,
    merchantCity: SANDBOX_PIX_MERCHANT.city,
    txid: p.paymentId.replace(/[^A-Za-z0-9]/g, "").slice(0, 25),
  });
  // PIX has no card data to score; the analysis approves it (recorded like every payment's).
  p.antifraud = { decision: "approved", at: ctx.options.now(), finalDecision: "approved" };
  enterStatus(ctx, p, "awaiting_payment");
  schedulePixExpiry(ctx, p);
  return QRCode.toDataURL(p.qrCode, { errorCorrectionLevel: "M", margin: 2, width: 256 }).then(
    (url) => {
      p.qrCodeImage = url;
    },
  );
}
