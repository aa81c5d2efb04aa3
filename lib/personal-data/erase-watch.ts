import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { erasedLookup, erasedMail, openOrPaidSince } from "./erasable";
import { legalCutoff } from "./person";
import { mailboxCopies, watchMailKeys } from "./traces";

// An owner's Radar watch losing its person: on unsubscribe (at once), when never confirmed in
// time, when it stopped, and on a person's erasure request. The row stays (stopped, its turn
// gone, its unsubscribe hash kept so a replayed link says "already cancelled"); its sealed copy of
// plate, RENAVAM, CPF/CNPJ and e-mail and every keyed hash of them go; its events go (they name the
// vehicle's debts); the lookups its scans made are erased like a person's lookups.

type Tx = Prisma.TransactionClient;

export const erasedWatch = (at: Date) =>
  ({
    plate: "",
    renavam: "",
    cpfCnpj: "",
    email: "",
    emailIndex: null,
    cpfCnpjIndex: null,
    ownerKey: null,
    confirmTokenHash: null,
    notBefore: null,
    nextScanAt: null,
    personalDataErasedAt: at,
  }) satisfies Prisma.RadarWatchUpdateManyMutationInput;

export type WatchErasure = {
  watches: number;
  events: number;
  lookups: number;
  mails: number;
  /** The test mailbox's copies of the watch's mails, deleted with them. */
  testMailbox: number;
};

const NOTHING: WatchErasure = { watches: 0, events: 0, lookups: 0, mails: 0, testMailbox: 0 };

/**
 * Erases the given owner watches (still not erased). `stopReason` stops those still running.
 * `mails: "cancel"` also withdraws their unsent mails, erases the sent ones and deletes the test
 * mailbox's copies (unsubscribe, a request); "keep" leaves the outbox and the mailbox to their own
 * retention (a stop notice still has to go out).
 */
export async function eraseOwnerWatches(
  tx: Tx,
  ids: string[],
  now: Date,
  opts: { stopReason: string; mails: "cancel" | "keep" },
): Promise<WatchErasure> {
  if (ids.length === 0) return NOTHING;
  const mine = { id: { in: ids }, kind: "owner", personalDataErasedAt: null };
  const live = await tx.radarWatch.findMany({ where: mine, select: { id: true } });
  const liveIds = live.map((w) => w.id);
  if (liveIds.length === 0) return NOTHING;
  await tx.radarWatch.updateMany({
    where: { id: { in: liveIds }, status: { not: "stopped" } },
    data: { status: "stopped", stopReason: opts.stopReason, stoppedAt: now },
  });
  const watches = (
    await tx.radarWatch.updateMany({
      where: { id: { in: liveIds }, personalDataErasedAt: null },
      data: erasedWatch(now),
    })
  ).count;
  await tx.radarScan.updateMany({
    where: { watchId: { in: liveIds }, status: "queued" },
    data: { status: "skipped", notBefore: null, finishedAt: now },
  });
  const events = (await tx.radarEvent.deleteMany({ where: { watchId: { in: liveIds } } })).count;
  const scans = await tx.radarScan.findMany({
    where: { watchId: { in: liveIds }, lookupId: { not: null } },
    select: { lookupId: true },
  });
  const lookupIds = scans.flatMap((s) => (s.lookupId ? [s.lookupId] : []));
  // A scan's lookup someone went on to pay from keeps its person like any paid lookup.
  const lookups =
    lookupIds.length === 0
      ? 0
      : (
          await tx.lookup.updateMany({
            where: {
              id: { in: lookupIds },
              personalDataErasedAt: null,
              checkouts: { none: { payments: { some: openOrPaidSince(legalCutoff(now)) } } },
            },
            data: erasedLookup(now),
          })
        ).count;
  let mails = 0;
  let testMailbox = 0;
  if (opts.mails === "cancel") {
    const keys = { OR: liveIds.flatMap(watchMailKeys) };
    await tx.mailMessage.updateMany({
      where: { ...keys, status: "pending" },
      data: { status: "failed", lastError: "radar watch cancelled before sending" },
    });
    mails = (
      await tx.mailMessage.updateMany({
        where: { ...keys, personalDataErasedAt: null },
        data: erasedMail(now),
      })
    ).count;
    const sent = await tx.mailMessage.findMany({ where: keys, select: { messageId: true } });
    const copies = await mailboxCopies(
      tx,
      sent.map((m) => m.messageId),
    );
    testMailbox = (
      await tx.receivedMail.deleteMany({ where: { id: { in: copies.map((c) => c.id) } } })
    ).count;
  }
  return { watches, events, lookups, mails, testMailbox };
}
