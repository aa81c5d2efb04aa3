import "server-only";
import { purgeExpiredCardTokens } from "@/lib/checkouts/card-tokens";
import { db } from "@/lib/db/client";
import { reclaimErasedSpace, type PersonalTable } from "@/lib/db/reclaim";
import { env } from "@/lib/env";
import type { Prisma } from "@/lib/generated/prisma/client";
import { moduleLogger } from "@/lib/log/logger";
import { metrics } from "@/lib/metrics/registry";
import {
  expiredIdempotencyAnswers,
  expiredSessions,
  receivedMails,
  retentionCutoffs,
  unconfirmedWatchBefore,
  type RetentionCutoffs,
} from "@/lib/rules/retention";
import { processSingleton } from "@/lib/server/singleton";
import * as erasable from "./erasable";
import { eraseOwnerWatches } from "./erase-watch";
import { clock } from "@/lib/clock";

// The retention task (a periodic task of lib/background): erases the personal fields of what is
// kept longer than needed (lib/rules/retention.ts; docs/privacy.md). It works in bounded steps, each
// one transaction: read up to `batch` ids that the rule selects, then one statement that erases
// those ids WHERE the rule still holds (the database re-checks it on the rows it writes). A step
// is whole or absent, an erased row is never selected again, so a purge killed part way resumes on
// the next tick where it stopped and never erases what the rule keeps.

const log = moduleLogger("personal-data");

type Tx = Prisma.TransactionClient;

/** One kind of record the task erases: which rows, and the one statement that erases them. */
type Rule = {
  record: string;
  reason: string;
  pick(tx: Tx, c: RetentionCutoffs, take: number, now: Date): Promise<{ id: string }[]>;
  erase(tx: Tx, c: RetentionCutoffs, ids: string[], now: Date): Promise<number>;
};

const byId = (ids: string[]) => ({ id: { in: ids } });
const oldest = { createdAt: "asc" } as const;

const checkoutRule = (
  reason: string,
  where: (c: RetentionCutoffs) => Prisma.CheckoutWhereInput,
): Rule => ({
  record: "checkout",
  reason,
  pick: (tx, c, take) =>
    tx.checkout.findMany({ where: where(c), orderBy: oldest, take, select: { id: true } }),
  erase: async (tx, c, ids, now) =>
    (
      await tx.checkout.updateMany({
        where: { AND: [where(c), byId(ids)] },
        data: erasable.erasedCheckout(now),
      })
    ).count,
});

const lookupRule = (
  reason: string,
  where: (c: RetentionCutoffs) => Prisma.LookupWhereInput,
): Rule => ({
  record: "lookup",
  reason,
  pick: (tx, c, take) =>
    tx.lookup.findMany({ where: where(c), orderBy: oldest, take, select: { id: true } }),
  erase: async (tx, c, ids, now) =>
    (
      await tx.lookup.updateMany({
        where: { AND: [where(c), byId(ids)] },
        data: erasable.erasedLookup(now),
      })
    ).count,
});

/** An owner's watch: the rule re-read on the picked rows inside the step, then the whole erasure. */
const watchRule = (
  reason: string,
  where: (now: Date) => Prisma.RadarWatchWhereInput,
  stopReason: string,
): Rule => ({
  record: "radar_watch",
  reason,
  pick: (tx, _c, take, now) =>
    tx.radarWatch.findMany({ where: where(now), orderBy: oldest, take, select: { id: true } }),
  erase: async (tx, _c, ids, now) => {
    const still = await tx.radarWatch.findMany({
      where: { AND: [where(now), byId(ids)] },
      select: { id: true },
    });
    return (
      await eraseOwnerWatches(
        tx,
        still.map((w) => w.id),
        now,
        { stopReason, mails: "keep" },
      )
    ).watches;
  },
});

const RULES: readonly Rule[] = [
  checkoutRule("unpaid", erasable.unpaidCheckouts),
  checkoutRule("paid_expired", erasable.paidExpiredCheckouts),
  lookupRule("unpaid", erasable.unpaidLookups),
  lookupRule("paid_expired", erasable.paidExpiredLookups),
  {
    record: "webhook_payload",
    reason: "period",
    pick: (tx, c, take) =>
      tx.webhookEvent.findMany({
        where: erasable.appliedWebhookPayloads(c),
        orderBy: { appliedAt: "asc" },
        take,
        select: { id: true },
      }),
    erase: async (tx, c, ids, now) =>
      (
        await tx.webhookEvent.updateMany({
          where: { AND: [erasable.appliedWebhookPayloads(c), byId(ids)] },
          data: erasable.erasedWebhookPayload(now),
        })
      ).count,
  },
  {
    record: "mail",
    reason: "period",
    pick: (tx, c, take) =>
      tx.mailMessage.findMany({
        where: erasable.doneMails(c),
        orderBy: oldest,
        take,
        select: { id: true },
      }),
    erase: async (tx, c, ids, now) =>
      (
        await tx.mailMessage.updateMany({
          where: { AND: [erasable.doneMails(c), byId(ids)] },
          data: erasable.erasedMail(now),
        })
      ).count,
  },
  watchRule(
    "unconfirmed",
    (now) => erasable.unconfirmedWatches(unconfirmedWatchBefore(now, env.radar.confirmTtlHours)),
    "unconfirmed",
  ),
  watchRule("stopped", () => erasable.stoppedWatches(), "removed"),
  {
    // The test mailbox (embedded SMTP server): whole messages go, it keeps nothing else.
    record: "received_mail",
    reason: "period",
    pick: (tx, c, take) =>
      tx.receivedMail.findMany({
        where: receivedMails(c),
        orderBy: { receivedAt: "asc" },
        take,
        select: { id: true },
      }),
    erase: async (tx, c, ids) =>
      (
        await tx.receivedMail.deleteMany({
          where: { ...receivedMails(c), ...byId(ids) },
        })
      ).count,
  },
];

/** The tables a record's erasure writes (a watch's takes its events, its scans' lookups, its mails). */
const TABLES_OF: Record<string, PersonalTable[]> = {
  checkout: ["Checkout"],
  lookup: ["Lookup"],
  webhook_payload: ["WebhookEvent"],
  mail: ["MailMessage"],
  radar_watch: ["RadarWatch", "RadarEvent", "Lookup"],
  received_mail: ["ReceivedMail"],
  session: ["Session"],
  verification: ["Verification"],
  card_token: ["CardToken"],
};

export type PurgeOptions = {
  now?: Date;
  /** Rows per step (one transaction). */
  batch?: number;
  /** Steps per rule in one run: a backlog is worked off over several ticks, never in one long run. */
  maxStepsPerRule?: number;
  /** Called inside each step's transaction between reading the ids and erasing them (tests change a row there). */
  onPicked?: (tx: Tx, step: { record: string; reason: string; ids: string[] }) => Promise<void>;
  /** Called inside each step's transaction after its erase (tests interrupt a purge here). */
  onStep?: (step: { record: string; reason: string; erased: number }) => void | Promise<void>;
};

export type PurgeResult = Record<string, number>;

/** One run of the retention task: erases what the rule allows, in bounded steps; returns counts by "record:reason". */
export async function purgePersonalData(options: PurgeOptions = {}): Promise<PurgeResult> {
  const now = options.now ?? clock.now();
  const batch = options.batch ?? 200;
  const maxSteps = options.maxStepsPerRule ?? 25;
  const cutoffs = retentionCutoffs(env.retention, now);
  const result: PurgeResult = {};
  for (const rule of RULES) {
    const key = `${rule.record}:${rule.reason}`;
    for (let step = 0; step < maxSteps; step++) {
      const { picked, erased } = await db.$transaction(
        async (tx) => {
          const ids = (await rule.pick(tx, cutoffs, batch, now)).map((r) => r.id);
          if (ids.length > 0)
            await options.onPicked?.(tx, { record: rule.record, reason: rule.reason, ids });
          const erased = ids.length === 0 ? 0 : await rule.erase(tx, cutoffs, ids, now);
          if (ids.length > 0)
            await options.onStep?.({ record: rule.record, reason: rule.reason, erased });
          return { picked: ids.length, erased };
        },
        { timeout: 30_000, maxWait: 10_000 },
      );
      if (erased > 0) {
        metrics.personalDataErased.inc({ record: rule.record, reason: rule.reason }, erased);
        result[key] = (result[key] ?? 0) + erased;
      }
      if (picked < batch) break;
    }
  }
  const expired = await deleteExpired(now);
  for (const [key, count] of Object.entries(expired)) if (count > 0) result[key] = count;
  // Erased on disk too, in the tables this run wrote (lib/db/reclaim.ts).
  await reclaimErasedSpace([
    ...new Set(Object.keys(result).flatMap((key) => TABLES_OF[key.split(":")[0]!] ?? [])),
  ]);
  if (Object.keys(result).length > 0)
    log.info({ erased: result }, "retention: personal data erased");
  return result;
}

/**
 * What is of no use to anyone once expired: sessions (IP address, user agent), sign-in tokens (the
 * e-mail address), card-token bindings (brand and last four; a token lives 15 minutes) and the
 * API's answers kept for Idempotency-Key replays (24 hours; they can name a client).
 */
async function deleteExpired(now: Date): Promise<PurgeResult> {
  const counts = {
    session: (await db.session.deleteMany({ where: expiredSessions(now) })).count,
    verification: (await db.verification.deleteMany({ where: { expiresAt: { lt: now } } })).count,
    card_token: await purgeExpiredCardTokens(now),
    api_idempotency: (await db.apiIdempotency.deleteMany({ where: expiredIdempotencyAnswers(now) }))
      .count,
  };
  for (const [record, n] of Object.entries(counts))
    if (n > 0) metrics.personalDataErased.inc({ record, reason: "expired" }, n);
  return Object.fromEntries(Object.entries(counts).map(([record, n]) => [`${record}:expired`, n]));
}

/** How often each instance runs the task: the tick comes every 30 s, retention counts in days. */
const RUN_EVERY_MS = 15 * 60_000;
const schedule = processSingleton<{ lastRunAt?: number }>("personal-data.retention", () => ({}));

/** The periodic task's entry (lib/background): runs at most every RUN_EVERY_MS on this instance. */
export async function retentionTick(now = clock.now()): Promise<PurgeResult | null> {
  if (schedule.lastRunAt !== undefined && now.getTime() - schedule.lastRunAt < RUN_EVERY_MS)
    return null;
  schedule.lastRunAt = now.getTime();
  return purgePersonalData({ now });
}
