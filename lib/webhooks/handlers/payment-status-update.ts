import "server-only";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { RetryLater } from "@/lib/jobs";
import { moduleLogger } from "@/lib/log/logger";
import { metrics } from "@/lib/metrics/registry";
import { confirmForEvent, isDone } from "@/lib/payments/reconcile";
import { recordEventJudged } from "@/lib/payments/status-call-spacing";
import { eventReflected, isKnownEventStatus } from "@/lib/rules/payment-states";
import { KNOWN_LIQUIDATION_STATUSES } from "@/lib/rules/payment-status";
import { inSpan, linksTo } from "@/lib/tracing/trace";
import type { PaymentStatusUpdateEvent } from "../schemas";
import { applied, ignored, unmatched, type HandlerOutcome } from "./outcome";

// `payment-status-update`. Events carry no signature, so an event writes nothing itself: it makes
// us ask the status endpoint (a confirmation, within its own short per-payment spacing,
// status-call-spacing.ts), and what we store is that answer. An event the answer contradicts stays in the
// inbox as evidence (outcome `ignored`, with what the upstream said); a value we do not know is
// never written, only kept, logged and counted. A call answered after the event arrived (a poll's,
// the sweep's, another event's confirmation) settles it without another call. Ids in the event are
// never written from here: a forged paymentId must not redirect later status queries.

const log = moduleLogger("webhooks");

async function findOwnPayment(e: PaymentStatusUpdateEvent) {
  const select = {
    id: true,
    paymentId: true,
    transactionId: true,
    externalId: true,
    traceparent: true,
  } as const;
  const payment =
    (await db.payment.findUnique({ where: { externalId: e.externalId }, select })) ??
    (await db.payment.findUnique({ where: { paymentId: e.paymentId }, select }));
  if (!payment) return null;
  // Whatever we already know must agree with the event.
  if (payment.paymentId !== null && payment.paymentId !== e.paymentId) return null;
  if (payment.transactionId !== null && payment.transactionId !== e.transactionId) return null;
  return payment;
}

/** While another instance's status call started after the event is still unanswered. */
const IN_FLIGHT_RECHECK_MS = 2_000;

type Seen = {
  status: string;
  liquidationStatus: string | null;
  statusCheckAt: Date | null;
  lastCheckedAt: Date | null;
};
const readSeen = (id: string): Promise<Seen> =>
  db.payment.findUniqueOrThrow({
    where: { id },
    select: { status: true, liquidationStatus: true, statusCheckAt: true, lastCheckedAt: true },
  });

const knownLiquidation = (v: string | null | undefined) =>
  !v || (KNOWN_LIQUIDATION_STATUSES as readonly string[]).includes(v);

function unknownValue(
  e: PaymentStatusUpdateEvent,
): { field: "status" | "liquidationStatus"; text: string } | null {
  if (!isKnownEventStatus(e.status)) return { field: "status", text: `status "${e.status}"` };
  if (!knownLiquidation(e.liquidationStatus))
    return { field: "liquidationStatus", text: `liquidationStatus "${e.liquidationStatus}"` };
  return null;
}

export async function handlePaymentStatusUpdate(
  e: PaymentStatusUpdateEvent,
  ctx: { receivedAt: Date },
): Promise<HandlerOutcome> {
  const payment = await findOwnPayment(e);
  if (!payment) return unmatched("no payment of ours with this externalId/paymentId");
  // The payment's id on the span, and a link to the request that created it: one query on
  // payment.id finds its whole story, the request, the upstream call and this apply.
  return inSpan(
    "payment apply-status-event",
    {
      attributes: { "payment.id": payment.id },
      links: linksTo(payment.traceparent),
      notAFailure: (error) => error instanceof RetryLater,
    },
    () => applyToPayment(e, payment, ctx),
  );
}

async function applyToPayment(
  e: PaymentStatusUpdateEvent,
  payment: { id: string },
  ctx: { receivedAt: Date },
): Promise<HandlerOutcome> {
  const unknown = unknownValue(e);
  const report = { status: e.status, liquidationStatus: e.liquidationStatus ?? null };

  const seen = await readSeen(payment.id);
  if (!unknown && eventReflected(seen, report)) return applied("confirmed by the status endpoint");
  const startedSince = seen.statusCheckAt !== null && seen.statusCheckAt >= ctx.receivedAt;
  const answeredSince =
    startedSince && seen.lastCheckedAt !== null && seen.lastCheckedAt >= seen.statusCheckAt!;
  if (!answeredSince) {
    // Joins a call started here after the event arrived, takes a confirmation slot, or learns
    // when it reopens.
    const r = await confirmForEvent(payment.id, ctx.receivedAt);
    if ("retryAt" in r) {
      // A call started after the event on another instance is answered within the upstream timeout:
      // look again soon rather than a whole spacing later (past that timeout it failed: wait).
      const inFlightElsewhere =
        startedSince && Date.now() - seen.statusCheckAt!.getTime() < env.upstreamTimeoutMs + 1_000;
      const at = inFlightElsewhere
        ? new Date(Math.min(r.retryAt.getTime(), Date.now() + IN_FLIGHT_RECHECK_MS))
        : r.retryAt;
      throw new RetryLater(at, "confirmation spacing not over");
    }
  }
  const now = await readSeen(payment.id);
  const upstreamSays = `upstream: ${now.status}/${now.liquidationStatus ?? "-"}`;
  const confirmed = !unknown && eventReflected(now, report);
  if (!confirmed) {
    // The call failed (no answer applied since it started): retry the event with backoff rather
    // than record a real `paid` as not confirmed. A payment with nothing left to learn is never asked.
    const answered =
      now.statusCheckAt !== null &&
      now.lastCheckedAt !== null &&
      now.lastCheckedAt >= now.statusCheckAt;
    if (!answered && !isDone(now))
      throw new Error("the status endpoint did not answer; the event is retried");
  }
  // Each event the upstream contradicts doubles the next confirmation's spacing (status-call-spacing.ts).
  await recordEventJudged(payment.id, confirmed);
  if (unknown) {
    // Counted once the event is judged (a deferred event runs this handler again).
    metrics.paymentUnknownValues.inc({ source: "event", field: unknown.field });
    log.warn(
      { paymentRowId: payment.id, value: unknown.text },
      "payment event with a value we do not know: kept, not written",
    );
    return ignored(`unknown ${unknown.text} not written (${upstreamSays})`);
  }
  if (confirmed) return applied("confirmed by the status endpoint");
  return ignored(`not confirmed by the status endpoint (${upstreamSays})`);
}
