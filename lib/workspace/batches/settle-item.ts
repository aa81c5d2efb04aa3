import "server-only";
import { db } from "@/lib/db/client";
import { lookupMessage } from "@/lib/lookups/lookup-messages";
import { itemOutcomeOf, summarizeDebts, type ItemOutcome } from "./summary";

// Ends a batch item from its lookup's result. Called right after the result is stored
// (lib/lookups/apply-result.ts) so the summary appears as it arrives; the item's own job calls it
// too when it comes back to check (a crash between the two writes leaves nothing behind).

export const OPEN_ITEM = ["queued", "running"];

type ResolvedLookup = { id: string; status: string; errorCode: string | null; errorMessage: string | null };

/** The columns that end an item, for a lookup that is no longer pending. */
export async function finishedItemData(lookup: ResolvedLookup, outcome: ItemOutcome): Promise<Record<string, unknown>> {
  if (outcome.status === "failed") {
    return {
      status: "failed",
      errorCode: outcome.errorCode,
      errorMessage: lookupMessage(lookup.status, lookup.errorCode) ?? lookup.errorMessage ?? "Não foi possível concluir a consulta.",
      summary: null,
      finishedAt: new Date(),
    };
  }
  const debts = await db.lookupDebt.findMany({ where: { lookupId: lookup.id }, orderBy: { id: "asc" } });
  const summary = summarizeDebts(
    debts.map((d) => ({
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
  return { status: "done", errorCode: null, errorMessage: null, summary: JSON.stringify(summary), finishedAt: new Date() };
}

/** Marks the open batch item of this lookup done or failed; nothing when there is none. */
export async function settleBatchItemOf(lookupId: string): Promise<void> {
  const item = await db.lookupBatchItem.findUnique({ where: { lookupId }, select: { id: true, status: true } });
  if (!item || !OPEN_ITEM.includes(item.status)) return;
  const lookup = await db.lookup.findUnique({ where: { id: lookupId } });
  const outcome = lookup && itemOutcomeOf(lookup.status, lookup.errorCode);
  if (!lookup || !outcome) return;
  // Only an open item moves: a second settle (the job's check-back) changes nothing.
  await db.lookupBatchItem.updateMany({ where: { id: item.id, status: { in: OPEN_ITEM } }, data: await finishedItemData(lookup, outcome) });
}
