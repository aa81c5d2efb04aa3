import "server-only";
import type { LookupResult } from "@/lib/lookups/apply-result";
import type { VehicleWithoutDebtsEvent } from "../schemas";
import { applyToOwnLookup } from "./match-lookup";
import type { HandlerOutcome } from "./outcome";

// `VehicleWithoutDebts`: the lookup found nothing to pay.
export const vehicleWithoutDebtsResult = (): LookupResult => ({ kind: "no_debts" });

export function handleVehicleWithoutDebts(e: VehicleWithoutDebtsEvent): Promise<HandlerOutcome> {
  return applyToOwnLookup(e, vehicleWithoutDebtsResult());
}
