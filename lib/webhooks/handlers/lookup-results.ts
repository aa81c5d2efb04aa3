import "server-only";
import type { LookupResult } from "@/lib/lookups/apply-result";
import type { WebhookEventBody } from "../schemas";
import { debtsResult } from "./debts";
import { searchErrorResult } from "./search-error-event";
import { vehicleNotFoundResult } from "./vehicle-not-found";
import { vehicleWithoutDebtsResult } from "./vehicle-without-debts";

/** The lookup result an event carries, by its own handler's mapping; null for any other event. */
export function lookupResultOf(event: WebhookEventBody): LookupResult | null {
  switch (event.type) {
    case "debts":
      return debtsResult(event);
    case "VehicleWithoutDebts":
      return vehicleWithoutDebtsResult();
    case "VehicleNotFound":
      return vehicleNotFoundResult();
    case "search-error-event":
      return searchErrorResult(event);
    case "payment-status-update":
      return null;
  }
}
