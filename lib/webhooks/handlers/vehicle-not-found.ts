import "server-only";
import { applyLookupResult } from "@/lib/lookups/apply-result";
import type { VehicleNotFoundEvent } from "../schemas";
import { findOwnLookup, NO_LOOKUP } from "./match-lookup";
import { applied, ignored, unmatched, type HandlerOutcome } from "./outcome";

// `VehicleNotFound`: the authority has no such vehicle (or plate, RENAVAM and document disagree).
export async function handleVehicleNotFound(e: VehicleNotFoundEvent): Promise<HandlerOutcome> {
  const lookup = await findOwnLookup(e);
  if (!lookup) return unmatched(NO_LOOKUP);
  return (await applyLookupResult(lookup.id, { kind: "not_found" })) ? applied() : ignored("lookup already resolved");
}
