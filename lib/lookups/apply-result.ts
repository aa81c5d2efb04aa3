import "server-only";
import { db } from "@/lib/db/client";
import { insertRows, offIndex, orderedIds, rowsAsTable, setFromRows } from "@/lib/db/bulk-sql";
import type { Debt } from "@/lib/upstream/types";
import { moduleLogger } from "@/lib/log/logger";
import { lookupsResolved } from "./reactions";
import { clock } from "@/lib/clock";

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

const RESULT_COLUMNS = [
  "status",
  "errorCode",
  "errorMessage",
  "resultJson",
  "resolvedByEventId",
] as const;

type DebtRow = ReturnType<typeof debtRows>[number];
const DEBT_COLUMNS = [
  "id",
  "lookupId",
  "debtId",
  "type",
  "title",
  "description",
  "amountCents",
  "dueDate",
  "expirationDate",
  "hasDiscount",
  "isExpired",
  "year",
  "required",
  "dependsOn",
  "distinct",
  "ait",
] as const satisfies readonly (keyof DebtRow)[];

function debtRows(lookupRowId: string, result: LookupResult) {
  // Debts come already mapped (lib/upstream/mappers toDebt: exact cents, dates, defaults). Their
  // ids sort in the order the upstream listed them: pages list a lookup's debts by id.
  const ids = result.kind === "debts" ? orderedIds(result.debts.length) : [];
  const rows =
    result.kind === "debts"
      ? result.debts.map((d, i) => ({
          id: ids[i]!,
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
  return rows.filter((row) => !seen.has(row.debtId) && seen.add(row.debtId));
}

/** A result to store; `eventId` is the webhook inbox row that carried it (none for a synchronous answer). */
export type LookupResultItem = { lookupRowId: string; result: LookupResult; eventId?: string };

/** Returns true when this call resolved the lookup, false when it was already resolved. */
export async function applyLookupResult(
  lookupRowId: string,
  result: LookupResult,
): Promise<boolean> {
  const [resolved] = await applyLookupResults([{ lookupRowId, result }]);
  return resolved!;
}

/**
 * Many results in ONE transaction (a claim of webhook events): a handful of statements for the
 * whole group instead of a handful per result, which is what a batch of 500 lookups waited on
 * (docs/benchmarks.md). Same rules as one at a time: the first result for a lookup wins, in the
 * order given. Says, for each result, whether it resolved its lookup, or, for an inbox row run
 * again, whether its first run did (the run that stored it died before finishing the row).
 */
export async function applyLookupResults(items: readonly LookupResultItem[]): Promise<boolean[]> {
  const first = new Map<string, number>();
  items.forEach((item, i) => first.has(item.lookupRowId) || first.set(item.lookupRowId, i));
  const group = [...first.values()].map((i) => {
    const { lookupRowId, result, eventId } = items[i]!;
    const status = statusOf(result);
    const errorCode = result.kind === "error" ? result.errorCode : null;
    const errorMessage = result.kind === "error" ? result.message : null;
    return {
      lookupRowId,
      status,
      errorCode,
      errorMessage,
      resultJson: JSON.stringify(result),
      resolvedByEventId: eventId ?? null,
      debts: debtRows(lookupRowId, result),
    };
  });
  if (group.length === 0) return [];
  const now = clock.now();

  const { won: resolvedIds, afterCommit } = await db.$transaction(async (tx) => {
    // Compare-and-set on status: only the first result moves a pending lookup, and the write comes
    // first so SQLite's write lock (PostgreSQL: the rows' locks, the condition re-checked after
    // waiting for them) is held before anything else is read or written.
    const results = group.map((g) => ({
      id: g.lookupRowId,
      status: g.status,
      errorCode: g.errorCode,
      errorMessage: g.errorMessage,
      resultJson: g.resultJson,
      resolvedByEventId: g.resolvedByEventId,
    }));
    const claimed = await tx.$queryRaw<{ id: string; origin: string | null }[]>`UPDATE "Lookup"
         SET ${setFromRows(RESULT_COLUMNS)}, "resolvedAt" = ${now}, "updatedAt" = ${now}
        FROM ${rowsAsTable("Lookup", ["id", ...RESULT_COLUMNS], results)}
       WHERE "Lookup"."id" = "j"."id" AND ${offIndex("Lookup", "status")} = 'pending'
       RETURNING "Lookup"."id", "Lookup"."origin"`;
    const won = new Set(claimed.map((c) => c.id));
    const originOf = new Map(claimed.map((c) => [c.id, c.origin]));
    const moved = group
      .filter((g) => won.has(g.lookupRowId))
      .map((g) => ({ ...g, origin: originOf.get(g.lookupRowId) ?? null }));
    if (moved.length === 0) return { won, afterCommit: () => {} };
    const debts: DebtRow[] = moved.flatMap((g) => g.debts);
    if (debts.length > 0) await insertRows(tx, "LookupDebt", DEBT_COLUMNS, debts);
    // In this transaction: a despachante's batch shows the vehicle's summary as soon as its
    // result lands (lib/workspace/batches/reactions.ts).
    return { won, afterCommit: await lookupsResolved.run(tx, { now, lookups: moved }) };
  });
  afterCommit();
  for (const g of group)
    if (resolvedIds.has(g.lookupRowId))
      log.debug({ lookupId: g.lookupRowId, status: g.status }, "lookup result stored");
  const storedEarlier = await storedByTheseEvents(
    group.filter((g) => !resolvedIds.has(g.lookupRowId) && g.resolvedByEventId !== null),
  );
  return items.map(
    (item, i) =>
      first.get(item.lookupRowId) === i &&
      (resolvedIds.has(item.lookupRowId) || storedEarlier.has(item.lookupRowId)),
  );
}

/**
 * Of lookups already resolved, those whose result came from the very inbox row now given again:
 * its first run stored it and died before the row was finished. Only then is there a read; a late
 * or second event has another row id and stays "already resolved".
 */
async function storedByTheseEvents(
  lost: readonly { lookupRowId: string; resolvedByEventId: string | null }[],
): Promise<Set<string>> {
  if (lost.length === 0) return new Set();
  const rows = await db.lookup.findMany({
    where: {
      id: { in: lost.map((g) => g.lookupRowId) },
      resolvedByEventId: { in: lost.map((g) => g.resolvedByEventId!) },
    },
    select: { id: true, resolvedByEventId: true },
  });
  const byLookup = new Map(lost.map((g) => [g.lookupRowId, g.resolvedByEventId]));
  return new Set(rows.filter((r) => byLookup.get(r.id) === r.resolvedByEventId).map((r) => r.id));
}
