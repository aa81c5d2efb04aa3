import "server-only";
import { db } from "@/lib/db/client";
import { lookupMessage } from "@/lib/lookups/lookup-messages";
import type { DebtForSelection } from "@/lib/rules/debt-types";
import { summarizeDebts, type ItemOutcome } from "./summary";
import { clock } from "@/lib/clock";

// Ends a batch item from its lookup's result: in the transaction that stores the result
// (lib/lookups/apply-result.ts, from the debts in hand) so the summary appears as it arrives, and
// by the item's own job when it comes back to check (reading the stored debts).

export const OPEN_ITEM = ["queued", "running"];

/** The origin a batch item's lookup is started with (lookupRowData): its result comes back to this capability. */
export const BATCH_LOOKUP = "batch";

type ResolvedLookup = {
  id: string;
  status: string;
  errorCode: string | null;
  errorMessage: string | null;
};

type StoredDebt = {
  debtId: string;
  title: string;
  amountCents: number;
  type: string;
  year: number | null;
  required: boolean;
  dependsOn: string;
  distinct: string;
};

/** The text columns that end an item, from its lookup's result and the debt rows stored with it. */
export function itemColumnsFromDebts(
  lookup: ResolvedLookup,
  outcome: ItemOutcome,
  debts: readonly StoredDebt[],
) {
  if (outcome.status === "failed") {
    return {
      status: "failed",
      errorCode: outcome.errorCode,
      errorMessage:
        lookupMessage(lookup.status, lookup.errorCode) ??
        lookup.errorMessage ??
        "Não foi possível concluir a consulta.",
      summary: null,
    };
  }
  const summary = summarizeDebts(
    debts.map((d): DebtForSelection => ({
      id: d.debtId,
      title: d.title,
      amountCents: d.amountCents,
      type: d.type as "ticket",
      year: d.year,
      required: d.required,
      dependsOn: JSON.parse(d.dependsOn) as string[],
      distinct: JSON.parse(d.distinct) as string[],
    })),
  );
  return { status: "done", errorCode: null, errorMessage: null, summary: JSON.stringify(summary) };
}

/** The columns that end an item, for a lookup that is no longer pending (its debts read here). */
export async function finishedItemData(
  lookup: ResolvedLookup,
  outcome: ItemOutcome,
): Promise<Record<string, unknown>> {
  const debts =
    outcome.status === "done"
      ? await db.lookupDebt.findMany({ where: { lookupId: lookup.id }, orderBy: { id: "asc" } })
      : [];
  return { ...itemColumnsFromDebts(lookup, outcome, debts), finishedAt: clock.now() };
}
