import "server-only";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import type { Prisma } from "@/lib/generated/prisma/client";
import { enqueueMail } from "@/lib/mail/enqueue";
import type { RadarChangeFacts } from "@/lib/mail/templates/radar-owner-facts";
import { kickOutbox } from "@/lib/mail/worker";
import { saoPauloWallClock } from "@/lib/rules/sao-paulo-time";
import { isUniqueViolation } from "@/lib/workspace/clients/errors";
import { radarLog } from "./logger";
import { freshLookupUrl, oneClickUnsubscribeUrl, unsubscribeUrl } from "./owner-links";
import { clock } from "@/lib/clock";

// The owner's e-mails, a periodic task: the events the engine wrote for owner watches (userId
// null) that no mail told yet become at most ONE mail per vehicle per São Paulo day. The mail's
// dedupe key names the watch and the day, so events found after today's mail wait for tomorrow's,
// and two instances running the task at once queue one mail (the loser's transaction is refused
// by the unique key and marks nothing). The mail is queued and the events marked in one
// transaction: SMTP down delays it (the outbox retries), never loses or doubles it.
// A watch that stopped by itself (vehicle not found, wrong CPF/CNPJ) gets its own notice instead.

/** Stop reasons the engine writes when a watch stops by itself: the owner is told. */
export const SELF_STOP_REASONS = ["vehicle_not_found", "wrong_document"] as const;

/** São Paulo's calendar day, YYYY-MM-DD. */
export function saoPauloDay(now: Date): string {
  const w = saoPauloWallClock(now);
  return `${w.year}-${String(w.month).padStart(2, "0")}-${String(w.day).padStart(2, "0")}`;
}

export const dailyMailKey = (watchId: string, day: string) => `radar-owner:${watchId}:${day}`;
export const stopNoticeKey = (watchId: string) => `radar-owner-stopped:${watchId}`;

const mailable: Prisma.RadarWatchWhereInput = {
  kind: "owner",
  personalDataErasedAt: null,
  OR: [{ status: "active" }, { status: "stopped", stopReason: { in: [...SELF_STOP_REASONS] } }],
};

const eventFields = {
  id: true,
  kind: true,
  reason: true,
  type: true,
  title: true,
  amountCents: true,
  previousAmountCents: true,
  dueDate: true,
  expirationDate: true,
} as const;

type Event = Prisma.RadarEventGetPayload<{ select: typeof eventFields }>;

const facts = (e: Event): RadarChangeFacts => ({
  kind: e.kind,
  reason: e.reason,
  type: e.type,
  title: e.title,
  amountCents: e.amountCents,
  previousAmountCents: e.previousAmountCents,
  dueDate: e.dueDate?.toISOString() ?? null,
  expirationDate: e.expirationDate?.toISOString() ?? null,
});

/** Queues one watch's mail and marks its events, or nothing (already mailed today, no longer mailable). */
async function mailWatch(watchId: string, now: Date): Promise<boolean> {
  return db.$transaction(async (tx) => {
    // Written first: on PostgreSQL it takes the row lock, so an unsubscribe (which writes the same
    // row) either finished before, and this finds it stopped, or waits for this mail to be queued
    // and then withdraws it.
    const { count } = await tx.radarWatch.updateMany({
      where: { id: watchId, ...mailable },
      data: { updatedAt: now },
    });
    if (count === 0) return false;
    const watch = await tx.radarWatch.findUniqueOrThrow({
      where: { id: watchId },
      select: { status: true, stopReason: true, plate: true, email: true },
    });
    const events = await tx.radarEvent.findMany({
      where: { watchId, userId: null, ownerMailedAt: null },
      orderBy: { createdAt: "asc" },
      select: eventFields,
    });
    if (events.length === 0 || !watch.email || !watch.plate) return false;
    const common = { to: watch.email };
    const stoppedEvent = events.find((e) => e.kind === "stopped");
    if (watch.status === "stopped") {
      // The notice replaces whatever else waited: the owner hears once that it is over.
      const queued = await enqueueMail(tx, {
        ...common,
        dedupeKey: stopNoticeKey(watchId),
        template: "radar-owner-stopped",
        props: {
          plate: watch.plate,
          reason: stoppedEvent?.reason ?? watch.stopReason,
          lookupFormUrl: `${env.publicBaseUrl}/consulta`,
          oneClickUrl: oneClickUnsubscribeUrl(watchId),
        },
      });
      await tx.radarEvent.updateMany({
        where: { id: { in: events.map((e) => e.id) }, ownerMailedAt: null },
        data: { ownerMailedAt: now },
      });
      return queued;
    }
    const changes = events.filter((e) => e.kind !== "stopped");
    if (changes.length === 0) return false;
    const day = saoPauloDay(now);
    const queued = await enqueueMail(tx, {
      ...common,
      dedupeKey: dailyMailKey(watchId, day),
      template: "radar-owner-changes",
      props: {
        day,
        plate: watch.plate,
        changes: changes.map(facts),
        lookupUrl: freshLookupUrl(watchId),
        unsubscribeUrl: unsubscribeUrl(watchId),
        oneClickUrl: oneClickUnsubscribeUrl(watchId),
      },
    });
    // Today's mail went already: these wait, unmarked, for tomorrow's.
    if (!queued) return false;
    await tx.radarEvent.updateMany({
      where: { id: { in: changes.map((e) => e.id) }, ownerMailedAt: null },
      data: { ownerMailedAt: now },
    });
    return true;
  });
}

/** The periodic task: every owner watch with events not told yet. Returns how many mails it queued. */
export async function ownerMailsTick(
  now = clock.now(),
  opts: { batch?: number } = {},
): Promise<number> {
  const pending = await db.radarEvent.findMany({
    where: { userId: null, ownerMailedAt: null, watch: mailable },
    distinct: ["watchId"],
    orderBy: { watchId: "asc" },
    take: opts.batch ?? 200,
    select: { watchId: true, watch: { select: { status: true } } },
  });
  // Watches already told today are left for tomorrow without opening a transaction for each.
  const day = saoPauloDay(now);
  const told = await db.mailMessage.findMany({
    where: { dedupeKey: { in: pending.map((p) => dailyMailKey(p.watchId, day)) } },
    select: { dedupeKey: true },
  });
  const toldKeys = new Set(told.map((m) => m.dedupeKey));
  let queued = 0;
  for (const { watchId, watch } of pending) {
    if (watch.status === "active" && toldKeys.has(dailyMailKey(watchId, day))) continue;
    try {
      if (await mailWatch(watchId, now)) queued++;
    } catch (error) {
      // Another instance queued this watch's mail at the same moment: it marked the events.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  if (queued > 0) {
    radarLog.info({ queued }, "owner e-mails queued");
    void kickOutbox();
  }
  return queued;
}
