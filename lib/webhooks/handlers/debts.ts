import "server-only";
import { applyLookupResult } from "@/lib/lookups/apply-result";
import { toDebt } from "@/lib/upstream/mappers";
import type { DebtsEvent } from "../schemas";
import { findOwnLookup, NO_LOOKUP } from "./match-lookup";
import { applied, ignored, unmatched, type HandlerOutcome } from "./outcome";

// `debts`: the lookup found pending debts. Amounts arrive in reais and are stored in exact cents.
export async function handleDebts(e: DebtsEvent): Promise<HandlerOutcome> {
  const lookup = await findOwnLookup(e);
  if (!lookup) return unmatched(NO_LOOKUP);
  const resolved = await applyLookupResult(lookup.id, { kind: "debts", debts: e.debts.map(toDebt) });
  return resolved ? applied() : ignored("lookup already resolved");
}
