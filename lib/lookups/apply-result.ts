import "server-only";
import { db } from "@/lib/db/client";
import type { Debt } from "@/lib/upstream/types";
import { moduleLogger } from "@/lib/log/logger";
import { itemDataFromDebts, OPEN_ITEM } from "@/lib/workspace/batches/settle-item";
import { itemOutcomeOf } from "@/lib/workspace/batches/summary";

const log = moduleLogger("lookups");

// The ONLY writer of a lookup's result (docs/internal-api.md). Called by the webhook handlers and
// by the lookup service when the upstream answers synchronously. Idempotent: the first result
// wins and a resolved lookup stays resolved, so a duplicate or late event changes nothing.

export type LookupResult =
  | { kind: "debts"; debts: Debt[] }
  | { kind: "no_debts" }
  | { kind: "not_found" }
  | { kind: "error"; errorCode: string; message: string };

function statusOf(result: LookupResult): string {
  if (result.kind === "debts") return result.debts.length > 0 ? "debts" : "no_debts";
  return result.kind;
}

/** Returns true when this call resolved the lookup, false when it was already resolved. */
export async function applyLookupResult(lookupRowId: string, result: LookupResult): Promise<boolean> {
  // Debts come already mapped (lib/upstream/mappers toDebt: exact cents, dates, defaults).
  const rows =
    result.kind === "debts"
      ? result.debts.map((d) => ({
          lookupId: lookupRowId,
          debtId: d.id,
          type: d.type,
          title: d.title,
          description: d.description,
          amountCents: d.amountCents,
          dueDate: d.dueDate,
          expirationDate: d.expirationDate,
          hasDiscount: d.hasDiscount,
          isExpired: d.isExpired,
          year: d.year,
          required: d.required,
          dependsOn: JSON.stringify(d.dependsOn),
          distinct: JSON.stringify(d.distinct),
          ait: d.ait ?? null,
        }))
      : [];
  // One row per upstream debt id: a debt listed twice in one event is stored once.
  const seen = new Set<string>();
  const unique = rows.filter((row) => !seen.has(row.debtId) && seen.add(row.debtId));
  const status = statusOf(result);
  const errorCode = result.kind === "error" ? result.errorCode : null;
  const errorMessage = result.kind === "error" ? result.message : null;

  const resolved = await db.$transaction(async (tx) => {
    // Compare-and-set on status: only the first result moves a pending lookup, and the write comes
    // first so SQLite's write lock (PostgreSQL: the row's lock, the condition re-checked after
    // waiting for it) is held before anything else is read or written.
    const claimed = await tx.lookup.updateMany({
      where: { id: lookupRowId, status: "pending" },
      data: {
        status,
        errorCode,
        errorMessage,
        resultJson: JSON.stringify(result),
        resolvedAt: new Date(),
      },
    });
    if (claimed.count === 0) return false;
    if (unique.length > 0) await tx.lookupDebt.createMany({ data: unique });
    // A despachante's batch shows the vehicle's summary as soon as its result lands: its item
    // ends in the same transaction, from the debts in hand (only an open item moves, so the
    // item's own job, coming back to check, changes nothing). No item: nothing matches.
    const outcome = itemOutcomeOf(status, errorCode)!;
    await tx.lookupBatchItem.updateMany({
      where: { lookupId: lookupRowId, status: { in: OPEN_ITEM } },
      data: itemDataFromDebts({ id: lookupRowId, status, errorCode, errorMessage }, outcome, unique),
    });
    return true;
  });
  if (resolved) log.debug({ lookupId: lookupRowId, status }, "lookup result stored");
  return resolved;
}
