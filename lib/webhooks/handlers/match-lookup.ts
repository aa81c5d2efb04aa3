import "server-only";
import { db } from "@/lib/db/client";
import { applyLookupResults, type LookupResult } from "@/lib/lookups/apply-result";
import { applied, ignored, unmatched, type HandlerOutcome } from "./outcome";

// Events carry no signature: a lookup event counts only for a lookup WE started, matched on our
// externalId AND, once the upstream gave us one, its transactionId. A guessed or replayed
// externalId from someone else's transaction matches nothing.

type LookupEvent = { externalId: string; transactionId: string };
type OwnLookup = { id: string; externalId: string; transactionId: string | null };

const isOwn = (lookup: OwnLookup | undefined, e: LookupEvent): lookup is OwnLookup =>
  !!lookup && (lookup.transactionId === null || lookup.transactionId === e.transactionId);

export const NO_LOOKUP = "no lookup of ours with this externalId/transactionId";
const ALREADY_RESOLVED = "lookup already resolved";

/** One lookup event: its result stored on our lookup, if it is ours and still pending (the group path, for one). */
export async function applyToOwnLookup(
  e: LookupEvent,
  eventId: string,
  result: LookupResult,
): Promise<HandlerOutcome> {
  const [outcome] = await applyToOwnLookups([{ id: eventId, event: e, result }]);
  return outcome!;
}

/**
 * Many lookup events (a claim of the inbox): one read to match them, one transaction to store
 * every result (lib/lookups/apply-result.ts). Each event ends exactly as it would alone. `id` is
 * the event's inbox row: a row run again because the instance that stored its result died before
 * finishing the row is "applied" (by its first run), not "already resolved".
 */
export async function applyToOwnLookups(
  events: readonly { id: string; event: LookupEvent; result: LookupResult }[],
): Promise<HandlerOutcome[]> {
  const externalIds = [...new Set(events.map((x) => x.event.externalId))];
  const lookups = await db.lookup.findMany({
    where: { externalId: { in: externalIds } },
    select: { id: true, externalId: true, transactionId: true },
  });
  const byExternalId = new Map(lookups.map((l) => [l.externalId, l]));
  const matched = events.map((x) => {
    const lookup = byExternalId.get(x.event.externalId);
    return isOwn(lookup, x.event)
      ? { lookupRowId: lookup.id, result: x.result, eventId: x.id }
      : null;
  });
  const stored = await applyLookupResults(matched.filter((m) => m !== null));
  let k = 0;
  return matched.map((m) =>
    m === null ? unmatched(NO_LOOKUP) : stored[k++] ? applied() : ignored(ALREADY_RESOLVED),
  );
}
