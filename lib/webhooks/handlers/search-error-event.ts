import "server-only";
import { applyLookupResult } from "@/lib/lookups/apply-result";
import type { SearchErrorEvent } from "../schemas";
import { findOwnLookup, NO_LOOKUP } from "./match-lookup";
import { applied, ignored, unmatched, type HandlerOutcome } from "./outcome";

// `search-error-event`: the lookup failed (900 unavailable, 901 timeout, 902 inconsistent data,
// 903 maintenance). The first code is the one shown; every message is kept.
export async function handleSearchErrorEvent(e: SearchErrorEvent): Promise<HandlerOutcome> {
  const lookup = await findOwnLookup(e);
  if (!lookup) return unmatched(NO_LOOKUP);
  const errorCode = e.error[0]?.errorCode ?? "unknown";
  const message = e.error.map((x) => x.message).filter(Boolean).join("; ");
  const resolved = await applyLookupResult(lookup.id, { kind: "error", errorCode, message });
  return resolved ? applied() : ignored("lookup already resolved");
}
