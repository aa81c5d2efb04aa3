import "server-only";
import { db } from "@/lib/db/client";
import { reclaimErasedSpace } from "@/lib/db/reclaim";
import { moduleLogger } from "@/lib/log/logger";
import { metrics } from "@/lib/metrics/registry";
import { OWNER_TOKEN, tokenHash } from "@/lib/radar/owner-links";
import { eraseOwnerWatches } from "./erase-watch";
import { clock } from "@/lib/clock";

// The one-click unsubscribe in every Radar mail (the page's button and RFC 8058's POST): the watch
// stops and what we stored for it is erased in the same transaction. It lives here, above
// lib/radar, because it is a person's erasure: it erases lookups and mails like a request does.

const log = moduleLogger("personal-data");

export type UnsubscribeState = "active" | "cancelled" | "already_cancelled" | "invalid";

async function watchOf(token: string) {
  if (!OWNER_TOKEN.test(token)) return null;
  return db.radarWatch.findUnique({
    where: { unsubscribeTokenHash: tokenHash(token) },
    select: { id: true, kind: true, plate: true, personalDataErasedAt: true },
  });
}

/** What the link would do (the GET page): "active" while there is something to cancel, with its vehicle. */
export async function unsubscribeLinkView(
  token: string,
): Promise<{ state: Exclude<UnsubscribeState, "cancelled">; plate: string | null }> {
  const watch = await watchOf(token);
  if (!watch || watch.kind !== "owner") return { state: "invalid", plate: null };
  return watch.personalDataErasedAt
    ? { state: "already_cancelled", plate: null }
    : { state: "active", plate: watch.plate || null };
}

export const unsubscribeLinkState = async (token: string) =>
  (await unsubscribeLinkView(token)).state;

export async function unsubscribeOwner(
  token: string,
  now = clock.now(),
): Promise<UnsubscribeState> {
  const watch = await watchOf(token);
  if (!watch || watch.kind !== "owner") return "invalid";
  if (watch.personalDataErasedAt) return "already_cancelled";
  const erased = await db.$transaction(
    (tx) => eraseOwnerWatches(tx, [watch.id], now, { stopReason: "unsubscribed", mails: "cancel" }),
    { timeout: 30_000, maxWait: 10_000 },
  );
  // A second click that raced the first finds nothing left to erase.
  if (erased.watches === 0) return "already_cancelled";
  // "Erased at once" holds on disk too (lib/db/reclaim.ts).
  await reclaimErasedSpace(["RadarWatch", "RadarEvent", "Lookup", "MailMessage", "ReceivedMail"]);
  metrics.personalDataErased.inc({ record: "radar_watch", reason: "unsubscribed" });
  log.info(
    { watchId: watch.id, ...erased },
    "owner unsubscribed from Radar: watch stopped and erased",
  );
  return "cancelled";
}
