import "server-only";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { radarLog } from "./logger";
import { OWNER_TOKEN, tokenHash } from "./owner-links";
import { activationData } from "./watch-schedule";
import { clock } from "@/lib/clock";

// The double opt-in link. GET only reads (mail scanners open links); the button's POST turns the
// watch on through activationData, the one way every watch is turned on. A token we never made,
// or one already used, changes nothing and says so.

export type ConfirmState =
  "pending" | "confirmed" | "already_confirmed" | "cancelled" | "expired" | "invalid";

const HOUR_MS = 3_600_000;

async function watchOf(token: string) {
  if (!OWNER_TOKEN.test(token)) return null;
  return db.radarWatch.findUnique({
    where: { confirmTokenHash: tokenHash(token) },
    select: {
      id: true,
      kind: true,
      status: true,
      uf: true,
      plate: true,
      recurrence: true,
      confirmRequestedAt: true,
      personalDataErasedAt: true,
    },
  });
}

type Watch = NonNullable<Awaited<ReturnType<typeof watchOf>>>;

function stateOf(watch: Watch | null, now: Date): Exclude<ConfirmState, "confirmed"> {
  if (!watch || watch.kind !== "owner") return "invalid";
  if (watch.status === "active") return "already_confirmed";
  if (watch.status === "stopped" || watch.personalDataErasedAt) return "cancelled";
  // Asked again, a pending watch's clock restarts (the request sends a new link); nothing else moves it.
  if (
    !watch.confirmRequestedAt ||
    watch.confirmRequestedAt.getTime() + env.radar.confirmTtlHours * HOUR_MS < now.getTime()
  )
    return "expired";
  return "pending";
}

/** What the link would do, without doing it (the GET page), and the vehicle it is about while it still holds one. */
export async function confirmLinkView(
  token: string,
  now = clock.now(),
): Promise<{ state: Exclude<ConfirmState, "confirmed">; plate: string | null }> {
  const watch = await watchOf(token);
  const state = stateOf(watch, now);
  return { state, plate: state === "invalid" ? null : watch?.plate || null };
}

export const confirmLinkState = async (token: string, now = clock.now()) =>
  (await confirmLinkView(token, now)).state;

/** Turns the watch on when the token is its live confirmation token; otherwise says why not. */
export async function confirmOwnerWatch(token: string, now = clock.now()): Promise<ConfirmState> {
  const watch = await watchOf(token);
  const state = stateOf(watch, now);
  if (state !== "pending" || !watch) return state;
  const { count } = await db.radarWatch.updateMany({
    // The conditions again in the write: a click that raced an unsubscribe or a second click loses.
    where: {
      id: watch.id,
      status: "pending_confirmation",
      confirmTokenHash: tokenHash(token),
      personalDataErasedAt: null,
    },
    data: { ...activationData(watch, watch.uf ?? "", now), confirmedAt: now },
  });
  if (count === 0) return confirmLinkState(token, now);
  radarLog.info({ watchId: watch.id }, "owner watch confirmed");
  return "confirmed";
}
