import "server-only";
import type { LookupResult } from "@/lib/lookups/apply-result";
import type { VehicleWithoutDebtsEvent } from "../schemas";
import { applyToOwnLookup } from "./match-lookup";
import type { HandlerOutcome } from "./outcome";

// `VehicleWithoutDebts`: the lookup found nothing to pay.
export const vehicleWithoutDebtsResult = (): LookupResult => ({ kind: "no_debts" });

/** `eventId`: the inbox row that carries `e` (a row run again after a crash is told apart by it). */
export function handleVehicleWithoutDebts(
  e: VehicleWithoutDebtsEvent,
  eventId: string,
): Promise<HandlerOutcome> {
  return applyToOwnLookup(e, eventId, vehicleWithoutDebtsResult());
}
