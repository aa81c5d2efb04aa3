import "server-only";
import { applyLookupResult } from "@/lib/lookups/apply-result";
import type { VehicleWithoutDebtsEvent } from "../schemas";
import { findOwnLookup, NO_LOOKUP } from "./match-lookup";
import { applied, ignored, unmatched, type HandlerOutcome } from "./outcome";

// `VehicleWithoutDebts`: the lookup found nothing to pay.
export async function handleVehicleWithoutDebts(e: VehicleWithoutDebtsEvent): Promise<HandlerOutcome> {
  const lookup = await findOwnLookup(e);
  if (!lookup) return unmatched(NO_LOOKUP);
  return (await applyLookupResult(lookup.id, { kind: "no_debts" })) ? applied() : ignored("lookup already resolved");
}
