// Sandbox-only controls (never in the real service): the simulated PIX payer and forced expiry,
// so the storefront's tests of these paths are deterministic. docs/sandbox-payments.md.
import type { Context } from "hono";
import type { SandboxContext } from "../context";
import { errorB } from "../http/errors";
import { apiKeyOf, iso } from "./http";
import { enterStatus, expirePixIfDue } from "./lifecycle";
import { alternativeRefusal, alternativesHeld, debtsHeldElsewhere } from "./payment-index";
import { getPayment, type SandboxPayment } from "./types";

/** When a key is sent it must own the resource; the payer simulator may also call without one. */
function owned(c: Context, apiKey: string): boolean {
  const key = apiKeyOf(c);
  return key === "" || key === apiKey;
}

function pixOf(c: Context, ctx: SandboxContext): SandboxPayment | undefined {
  const p = getPayment(ctx, c.req.param("paymentId") ?? "");
  return p && p.method === "pix" && owned(c, p.apiKey) ? p : undefined;
}

const notAwaiting = (c: Context, p: SandboxPayment) =>
  errorB(c, 422, "VALIDATION_ERROR", `PIX is ${p.status}, not awaiting_payment`, {
    rule: p.status === "expired" ? "pixExpired" : "notAwaitingPayment",
    paymentId: p.paymentId,
    status: p.status,
  });

/** POST /__sandbox/pix/:paymentId/pay – the simulated payer pays an unexpired awaiting PIX. */
export function payPixRoute(c: Context, ctx: SandboxContext) {
  const p = pixOf(c, ctx);
  if (!p)
    return errorB(c, 404, "NOT_FOUND", "PIX payment not found", {
      paymentId: c.req.param("paymentId"),
    });
  expirePixIfDue(ctx, p);
  if (p.status !== "awaiting_payment") return notAwaiting(c, p);
  const checkout = ctx.store.checkouts.get(p.checkoutId);
  const elsewhere = checkout ? debtsHeldElsewhere(ctx, checkout) : [];
  if (elsewhere.length) {
    return errorB(c, 422, "VALIDATION_ERROR", "Debts already paid by another checkout", {
      rule: "alreadyPaid",
      debts: elsewhere,
    });
  }
  const alternatives = checkout
    ? alternativesHeld(
        ctx,
        checkout.debts.map((d) => d.id),
        checkout.checkoutId,
      )
    : [];
  if (alternatives.length) {
    const refusal = alternativeRefusal(alternatives);
    return errorB(c, 422, "VALIDATION_ERROR", refusal.message, refusal.details);
  }
  enterStatus(ctx, p, "paid");
  return c.json({ success: true, paymentId: p.paymentId, status: p.status, paidAt: iso(p.paidAt) });
}

/** POST /__sandbox/pix/:paymentId/expire – an awaiting PIX expires now. */
export function expirePixRoute(c: Context, ctx: SandboxContext) {
  const p = pixOf(c, ctx);
  if (!p)
    return errorB(c, 404, "NOT_FOUND", "PIX payment not found", {
      paymentId: c.req.param("paymentId"),
    });
  expirePixIfDue(ctx, p);
  if (p.status !== "awaiting_payment") return notAwaiting(c, p);
  p.expiresAt = ctx.options.now();
  enterStatus(ctx, p, "expired");
  return c.json({
    success: true,
    paymentId: p.paymentId,
    status: p.status,
    expiresAt: iso(p.expiresAt),
  });
}

/** POST /__sandbox/checkouts/:checkoutId/expire – the checkout (and its awaiting PIX) expire now. */
export function expireCheckoutRoute(c: Context, ctx: SandboxContext) {
  const checkout = ctx.store.checkouts.get(c.req.param("checkoutId") ?? "");
  if (!checkout || !owned(c, checkout.apiKey)) {
    return errorB(c, 404, "NOT_FOUND", "Checkout not found", {
      checkoutId: c.req.param("checkoutId"),
    });
  }
  const now = ctx.options.now();
  checkout.expiresAt = now;
  for (const p of ctx.store.payments.values() as Iterable<SandboxPayment>) {
    if (
      p.checkoutId !== checkout.checkoutId ||
      p.method !== "pix" ||
      p.status !== "awaiting_payment"
    )
      continue;
    p.expiresAt = now;
    enterStatus(ctx, p, "expired");
  }
  return c.json({ success: true, checkoutId: checkout.checkoutId, expiresAt: now.toISOString() });
}

/**
 * GET /__sandbox/pix/by-code?qrCode=… – the paymentId of the PIX whose copy-and-paste code this is.
 * A real payer only ever holds the code, so browser tests read it off the page and find the
 * payment here, instead of the storefront exposing upstream ids in its DOM.
 */
export function findPixByCodeRoute(c: Context, ctx: SandboxContext) {
  const code = c.req.query("qrCode") ?? "";
  for (const p of ctx.store.payments.values() as Iterable<SandboxPayment>) {
    if (p.method === "pix" && p.qrCode === code && owned(c, p.apiKey)) {
      expirePixIfDue(ctx, p);
      return c.json({
        success: true,
        paymentId: p.paymentId,
        status: p.status,
        expiresAt: iso(p.expiresAt),
      });
    }
  }
  return errorB(c, 404, "NOT_FOUND", "No PIX payment has this code", {});
}

/**
 * GET /__sandbox/checkouts?licensePlate=… – the checkouts created for a plate, newest first. A
 * storefront keeps the checkoutId to itself (its links carry their own token), so tests that
 * expire a checkout through the control above find its id here.
 */
export function listCheckoutsRoute(c: Context, ctx: SandboxContext) {
  const plate = (c.req.query("licensePlate") ?? "").toUpperCase().replace(/[\s-]/g, "");
  if (!plate)
    return errorB(c, 400, "VALIDATION_ERROR", "licensePlate is required", {
      fields: { licensePlate: "required" },
    });
  const checkouts = [...ctx.store.checkouts.values()]
    .filter(
      (k) => owned(c, k.apiKey) && k.vehicle.licensePlate.toUpperCase().replace(/-/g, "") === plate,
    )
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .map((k) => ({
      checkoutId: k.checkoutId,
      amount: k.amountCents / 100,
      expiresAt: iso(k.expiresAt),
      createdAt: iso(k.createdAt),
      paidBy: k.paidBy ?? null,
    }));
  return c.json({ success: true, checkouts });
}
