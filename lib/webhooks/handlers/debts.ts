import "server-only";
import { applyLookupResult } from "@/lib/lookups/apply-result";
import { reaisToCents } from "@/lib/rules/money";
import type { DebtsEvent } from "../schemas";
import { findOwnLookup, NO_LOOKUP } from "./match-lookup";
import { applied, ignored, unmatched, type HandlerOutcome } from "./outcome";

// `debts`: the lookup found pending debts. Amounts arrive in reais and are stored in exact cents.
export async function handleDebts(e: DebtsEvent): Promise<HandlerOutcome> {
  const lookup = await findOwnLookup(e);
  if (!lookup) return unmatched(NO_LOOKUP);
  const debts = e.debts.map((d) => ({ ...d, amount: undefined, amountCents: reaisToCents(d.amount) }));
  const resolved = await applyLookupResult(lookup.id, { kind: "debts", debts });
  return resolved ? applied() : ignored("lookup already resolved");
}
