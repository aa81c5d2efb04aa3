// A queue's pending condition, declared once and read as Prisma or as SQL (lib/jobs/queue.ts).
// Pure: no database, so the two readings are unit-tested side by side.

/**
 * Which rows are not finished yet, declared once per queue: each named column holds this value,
 * one of these values, or (null) nothing, e.g. `{ outcome: null }` or `{ status: ["queued",
 * "running"] }`. The claim (Prisma or SQL) and the release both derive their condition from it, so
 * they cannot drift apart. Column names and values are fixed strings from code, never input.
 */
export type Pending = Readonly<Record<string, string | null | readonly string[]>>;

/** The pending condition as a Prisma `where`. */
export function pendingWhere(pending: Pending): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(pending).map(([column, value]) => [
      column,
      typeof value === "string" || value === null ? value : { in: [...value] },
    ]),
  );
}

const sqlText = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** The pending condition in SQL, on the quoted column names Prisma created (either provider). */
export function pendingSql(pending: Pending): string {
  const terms = Object.entries(pending).map(([column, value]) => {
    const name = `"${column.replace(/"/g, '""')}"`;
    if (value === null) return `${name} IS NULL`;
    if (typeof value === "string") return `${name} = ${sqlText(value)}`;
    return `${name} IN (${value.map(sqlText).join(", ")})`;
  });
  if (terms.length === 0) throw new Error("a queue's pending condition names at least one column");
  return terms.join(" AND ");
}
