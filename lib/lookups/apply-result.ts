import "server-only";
import { db } from "@/lib/db/client";
import { reaisToCents } from "@/lib/rules/money";

// The ONLY writer of a lookup's result (docs/internal-api.md). Called by the webhook handlers and
// by the lookup service when the upstream answers synchronously. Idempotent: the first result
// wins and a resolved lookup stays resolved, so a duplicate or late event changes nothing.

/** A debt as the upstream client returns it (cents). `amount` in reais is accepted as well. */
export type LookupDebtInput = {
  id: string;
  type: string;
  title: string;
  description?: string | null;
  amountCents?: number;
  /** Reais, when the caller still holds the wire value; converted exactly by reaisToCents. */
  amount?: number;
  dueDate?: Date | string | null;
  expirationDate?: Date | string | null;
  hasDiscount?: boolean;
  isExpired?: boolean;
  year?: number | null;
  required?: boolean;
  dependsOn?: string[];
  distinct?: string[];
  ait?: string | null;
};

export type LookupResult =
  | { kind: "debts"; debts: LookupDebtInput[] }
  | { kind: "no_debts" }
  | { kind: "not_found" }
  | { kind: "error"; errorCode: string; message: string };

function toDate(value: Date | string | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function centsOf(debt: LookupDebtInput): number {
  if (typeof debt.amountCents === "number" && Number.isSafeInteger(debt.amountCents)) return debt.amountCents;
  if (typeof debt.amount === "number") return reaisToCents(debt.amount);
  throw new RangeError(`Debt ${debt.id} has no amount`);
}

function statusOf(result: LookupResult): string {
  if (result.kind === "debts") return result.debts.length > 0 ? "debts" : "no_debts";
  return result.kind;
}

/** Returns true when this call resolved the lookup, false when it was already resolved. */
export async function applyLookupResult(lookupRowId: string, result: LookupResult): Promise<boolean> {
  // Convert before the transaction: a bad amount throws without leaving a half-written result.
  const rows =
    result.kind === "debts"
      ? result.debts.map((d) => ({
          lookupId: lookupRowId,
          debtId: d.id,
          type: d.type,
          title: d.title,
          description: d.description ?? "",
          amountCents: centsOf(d),
          dueDate: toDate(d.dueDate),
          expirationDate: toDate(d.expirationDate),
          hasDiscount: d.hasDiscount ?? false,
          isExpired: d.isExpired ?? false,
          year: d.year ?? null,
          required: d.required ?? false,
          dependsOn: JSON.stringify(d.dependsOn ?? []),
          distinct: JSON.stringify(d.distinct ?? []),
          ait: d.ait ?? null,
        }))
      : [];

  return db.$transaction(async (tx) => {
    // Compare-and-set on status: only the first result moves a pending lookup, and the write comes
    // first so SQLite's write lock is held before anything else is read or written.
    const claimed = await tx.lookup.updateMany({
      where: { id: lookupRowId, status: "pending" },
      data: {
        status: statusOf(result),
        errorCode: result.kind === "error" ? result.errorCode : null,
        errorMessage: result.kind === "error" ? result.message : null,
        resultJson: JSON.stringify(result),
        resolvedAt: new Date(),
      },
    });
    if (claimed.count === 0) return false;
    // One row per upstream debt id: a debt listed twice in one event is stored once.
    const seen = new Set<string>();
    for (const row of rows) {
      if (seen.has(row.debtId)) continue;
      seen.add(row.debtId);
      await tx.lookupDebt.create({ data: row });
    }
    return true;
  });
}
