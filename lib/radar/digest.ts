import "server-only";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { enqueueMail } from "@/lib/mail/enqueue";
import type { DigestEvent } from "@/lib/mail/templates/radar-digest";
import { kickOutbox } from "@/lib/mail/worker";
import { formatPlate } from "@/lib/rules/plate";
import { saoPauloWallClock } from "@/lib/rules/sao-paulo-time";
import { radarLog } from "./logger";
import { EVENT_FACTS_SELECT } from "./radar-view";
import { clock } from "@/lib/clock";

// The despachante's daily digest: a periodic task (lib/background/queues.ts) that, from the digest
// hour on São Paulo's clock, queues ONE e-mail per account per São Paulo day telling every event
// not yet digested, and marks them in the same transaction as the outbox row. The outbox retries
// while SMTP is down (delayed, never lost); the dedupe key and the account's lastDigestDay, written
// under the account row's lock, keep a second instance or a second tick from queueing it twice.
// Events found after today's digest wait for tomorrow's: one e-mail a day, never one per debt.

/** Events listed in the e-mail itself; the rest are counted and left for the Radar page. */
export const DIGEST_MAX_LISTED = 50;

export const saoPauloDayOf = (now: Date): string => {
  const w = saoPauloWallClock(now);
  return `${w.year}-${String(w.month).padStart(2, "0")}-${String(w.day).padStart(2, "0")}`;
};

export const digestDedupeKey = (userId: string, day: string) => `radar-digest:${userId}:${day}`;

/** Queues the day's digests that are due; returns how many were queued. */
export async function radarDigestTick(now = clock.now()): Promise<number> {
  if (saoPauloWallClock(now).hour < env.radar.digestHour) return 0;
  const day = saoPauloDayOf(now);
  const pending = await db.radarEvent.findMany({
    where: { userId: { not: null }, digestedAt: null },
    distinct: ["userId"],
    select: { userId: true },
  });
  // Accounts whose digest went today are left alone without a write (events found since wait for tomorrow).
  const done = new Set(
    (
      await db.radarAccount.findMany({
        where: {
          userId: { in: pending.flatMap((p) => (p.userId ? [p.userId] : [])) },
          lastDigestDay: day,
        },
        select: { userId: true },
      })
    ).map((a) => a.userId),
  );
  let queued = 0;
  for (const { userId } of pending.filter((p) => p.userId && !done.has(p.userId))) {
    if (userId && (await queueDigest(userId, day, now))) queued += 1;
  }
  if (queued > 0) {
    radarLog.info({ queued, day }, "radar digests queued");
    void kickOutbox();
  }
  return queued;
}

async function queueDigest(userId: string, day: string, now: Date): Promise<boolean> {
  return db.$transaction(async (tx) => {
    // The write takes the account row's lock (PostgreSQL): a second instance waits here, then sees the day.
    const account = await tx.radarAccount.upsert({
      where: { userId },
      create: { userId, monthlyCap: env.radar.defaultMonthlyCap },
      update: { updatedAt: now },
    });
    if (account.lastDigestDay === day) return false;
    const user = await tx.user.findUnique({ where: { id: userId }, select: { email: true } });
    const events = await tx.radarEvent.findMany({
      where: { userId, digestedAt: null },
      orderBy: { createdAt: "asc" },
      select: EVENT_FACTS_SELECT,
    });
    if (!user || events.length === 0) return false;
    const listed: DigestEvent[] = events.slice(0, DIGEST_MAX_LISTED).map((e) => ({
      kind: e.kind,
      reason: e.reason,
      title: e.title,
      amountCents: e.amountCents,
      previousAmountCents: e.previousAmountCents,
      dueDate: e.dueDate?.toISOString() ?? null,
      clientName: e.watch.vehicle?.client.name ?? "Veículo removido",
      plate: e.watch.vehicle ? formatPlate(e.watch.vehicle.plate) : "",
    }));
    const fresh = await enqueueMail(tx, {
      dedupeKey: digestDedupeKey(userId, day),
      to: user.email,
      template: "radar-digest",
      props: {
        day,
        events: listed,
        more: events.length - listed.length,
        radarUrl: `${env.publicBaseUrl}/painel/radar`,
        // No digest went before: it must not say "since the last one".
        first: account.lastDigestDay === null,
      },
    });
    await tx.radarEvent.updateMany({
      where: { id: { in: events.map((e) => e.id) } },
      data: { digestedAt: now },
    });
    await tx.radarAccount.update({ where: { userId }, data: { lastDigestDay: day } });
    return fresh;
  });
}
