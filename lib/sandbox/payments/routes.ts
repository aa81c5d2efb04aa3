// The payment half of the sandbox: card tokens, installments, checkout, payment, payment status
// and the sandbox-only controls. createSandboxApp (../app.ts) mounts it behind auth, rate limit
// and fault injection.
import type { Env, Hono } from "hono";
import type { SandboxContext } from "../context";
import { cardTokenRoute } from "./card-token-route";
import { checkoutRoute } from "./checkout-route";
import {
  expireCheckoutRoute,
  expirePixRoute,
  findPixByCodeRoute,
  listCheckoutsRoute,
  payPixRoute,
} from "./controls-route";
import { installmentsRoute } from "./installments-route";
import { paymentRoute } from "./payment-route";
import { paymentStatusRoute } from "./payment-status-route";

export function registerPaymentRoutes<E extends Env>(app: Hono<E>, ctx: SandboxContext): void {
  app.post("/uvvi/v1/card-token", (c) => cardTokenRoute(c, ctx));
  app.post("/uvvi/v1/installments", (c) => installmentsRoute(c));
  app.post("/uvvi/v1/checkout", (c) => checkoutRoute(c, ctx));
  app.post("/uvvi/v1/payment", (c) => paymentRoute(c, ctx));
  app.post("/uvvi/v1/payment/status", (c) => paymentStatusRoute(c, ctx));

  // Registered before the :paymentId routes so "by-code" is never read as an id.
  app.get("/__sandbox/pix/by-code", (c) => findPixByCodeRoute(c, ctx));
  app.post("/__sandbox/pix/:paymentId/pay", (c) => payPixRoute(c, ctx));
  app.post("/__sandbox/pix/:paymentId/expire", (c) => expirePixRoute(c, ctx));
  app.get("/__sandbox/checkouts", (c) => listCheckoutsRoute(c, ctx));
  app.post("/__sandbox/checkouts/:checkoutId/expire", (c) => expireCheckoutRoute(c, ctx));
}
