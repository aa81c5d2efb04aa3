import "server-only";
import type { LookupResult } from "@/lib/lookups/apply-result";
import type { SearchErrorEvent } from "../schemas";
import { applyToOwnLookup } from "./match-lookup";
import type { HandlerOutcome } from "./outcome";

// `search-error-event`: the lookup failed (900 unavailable, 901 timeout, 902 inconsistent data,
// 903 maintenance). The first code is the one shown; every message is kept.
export function searchErrorResult(e: SearchErrorEvent): LookupResult {
  const errorCode = e.error[0]?.errorCode ?? "unknown";
  const message = e.error
    .map((x) => x.message)
    .filter(Boolean)
    .join("; ");
  return { kind: "error", errorCode, message };
}

/** `eventId`: the inbox row that carries `e` (a row run again after a crash is told apart by it). */
export function handleSearchErrorEvent(
  e: SearchErrorEvent,
  eventId: string,
): Promise<HandlerOutcome> {
  return applyToOwnLookup(e, eventId, searchErrorResult(e));
}
