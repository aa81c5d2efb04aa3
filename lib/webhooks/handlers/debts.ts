import "server-only";
import type { LookupResult } from "@/lib/lookups/apply-result";
import { toDebt } from "@/lib/upstream/mappers";
import type { DebtsEvent } from "../schemas";
import { applyToOwnLookup } from "./match-lookup";
import type { HandlerOutcome } from "./outcome";

// `debts`: the lookup found pending debts. Amounts arrive in reais and are stored in exact cents.
export const debtsResult = (e: DebtsEvent): LookupResult => ({
  kind: "debts",
  debts: e.debts.map(toDebt),
});

/** `eventId`: the inbox row that carries `e` (a row run again after a crash is told apart by it). */
export function handleDebts(e: DebtsEvent, eventId: string): Promise<HandlerOutcome> {
  return applyToOwnLookup(e, eventId, debtsResult(e));
}
