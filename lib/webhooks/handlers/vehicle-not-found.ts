import "server-only";
import type { LookupResult } from "@/lib/lookups/apply-result";
import type { VehicleNotFoundEvent } from "../schemas";
import { applyToOwnLookup } from "./match-lookup";
import type { HandlerOutcome } from "./outcome";

// `VehicleNotFound`: the authority has no such vehicle (or plate, RENAVAM and document disagree).
export const vehicleNotFoundResult = (): LookupResult => ({ kind: "not_found" });

/** `eventId`: the inbox row that carries `e` (a row run again after a crash is told apart by it). */
export function handleVehicleNotFound(
  e: VehicleNotFoundEvent,
  eventId: string,
): Promise<HandlerOutcome> {
  return applyToOwnLookup(e, eventId, vehicleNotFoundResult());
}
