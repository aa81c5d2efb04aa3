import "server-only";
import { randomBytes } from "node:crypto";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { ApiEventBody } from "@/lib/rules/api-events";
import { clock } from "@/lib/clock";
import { currentTraceparent } from "@/lib/tracing/trace";

// Writes one API event and its deliveries inside the transaction that commits the fact (a
// reaction's tx), so the event exists exactly when the fact does. The dedupe key names the fact: a
// reaction that runs again (a replayed webhook, a second instance after the first committed) finds
// the event and adds nothing. Delivery is the queue's (./delivery-job.ts), woken after the commit.

type Tx = Prisma.TransactionClient;

/** evt_ + 128 random bits: unguessable, and the Standard Webhooks `webhook-id`. */
export const newEventId = (): string => `evt_${randomBytes(16).toString("base64url")}`;

const subscribed = (events: string, type: string) => {
  try {
    return (JSON.parse(events) as unknown[]).includes(type);
  } catch {
    return false;
  }
};

/** True when a new event was written with at least one delivery (the caller wakes the queue). */
export async function emitApiEvent(
  tx: Tx,
  input: { userId: string; dedupeKey: string; body: ApiEventBody },
): Promise<boolean> {
  const existing = await tx.apiEvent.findUnique({
    where: { dedupeKey: input.dedupeKey },
    select: { id: true },
  });
  if (existing) return false;
  const now = clock.now();
  const id = newEventId();
  // ON CONFLICT DO NOTHING: two transactions that both missed the find above make one row, and
  // the loser's transaction is not aborted (PostgreSQL) by a unique violation.
  const inserted =
    await tx.$executeRaw`INSERT INTO "ApiEvent" ("id", "userId", "type", "payload", "dedupeKey", "createdAt")
    VALUES (${id}, ${input.userId}, ${input.body.type}, ${JSON.stringify(input.body)}, ${input.dedupeKey}, ${now})
    ON CONFLICT ("dedupeKey") DO NOTHING`;
  if (inserted === 0) return false;
  const endpoints = (
    await tx.apiEndpoint.findMany({
      where: { userId: input.userId, enabled: true },
      select: { id: true, events: true },
    })
  ).filter((e) => subscribed(e.events, input.body.type));
  if (endpoints.length === 0) return false;
  // Each delivery's job span links to the work that emitted the event (a webhook's apply, a request).
  const traceparent = currentTraceparent();
  await tx.apiDelivery.createMany({
    data: endpoints.map((e) => ({ eventId: id, endpointId: e.id, createdAt: now, traceparent })),
  });
  return true;
}
