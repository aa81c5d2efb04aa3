import "server-only";
import type { LookupResult } from "@/lib/lookups/apply-result";
import type { VehicleNotFoundEvent } from "../schemas";
import { applyToOwnLookup } from "./match-lookup";
import type { HandlerOutcome } from "./outcome";

// `VehicleNotFound`: the authority has no such vehicle (or plate, RENAVAM and document disagree).
export const vehicleNotFoundResult = (): LookupResult => ({ kind: "not_found" });

export function handleVehicleNotFound(e: VehicleNotFoundEvent): Promise<HandlerOutcome> {
  return applyToOwnLookup(e, vehicleNotFoundResult());
}
