import "server-only";
import { randomBytes } from "node:crypto";
import { Prisma } from "@/lib/generated/prisma/client";
import { env } from "@/lib/env";
import { SEALED_FIELDS, sealData } from "./sealed-fields";
import { sqliteDate } from "./sqlite-date";

// Many rows written by ONE statement: an INSERT of rows carried as one JSON value (insertRows),
// or an UPDATE that sets each row to its own values, read from that JSON as a table
// (rowsAsTable), or for a few rows from a CASE (caseOf). Raw SQL that SQLite and PostgreSQL both
// run (identifiers quoted, values bound; dates and booleans written the way Prisma stores them).
// Per-query and per-bound-value work in Prisma, not the database, is what these cost
// (docs/benchmarks.md). Identifiers come from code, never from input.
//
// In a CASE only text values (or NULL) vary by row: PostgreSQL types a CASE of bound parameters
// as text, so a date or number column takes one value for all the rows instead.

export type TextValue = string | null;

/** `CASE "key" WHEN k1 THEN v1 ... END` over [key, value] pairs. */
export function caseOf(key: string, pairs: readonly (readonly [string, TextValue])[]): Prisma.Sql {
  return Prisma.sql`CASE ${Prisma.raw(`"${key}"`)} ${Prisma.join(
    pairs.map(([k, v]) => Prisma.sql`WHEN ${k} THEN ${v}`),
    " ",
  )} END`;
}

type Value = string | number | boolean | Date | null;

/** Rows per statement: bounds the one JSON text each statement carries. */
const ROWS_PER_STATEMENT = 2_000;

/**
 * INSERT of many rows (every row has the given columns) with ONE bound value per statement: the
 * rows as JSON text, spread into columns by the database (SQLite `json_each`, PostgreSQL
 * `json_populate_recordset` on the table's own row type, which also casts each value). Prisma's
 * cost is per bound value; a multi-row VALUES list of 300 debts bound 4,800 of them
 * (docs/benchmarks.md, batch lookups). Values are written as Prisma writes them: dates in
 * SQLite as the adapter's ISO text, booleans as 0/1; a table with personal columns
 * (lib/db/sealed-fields.ts) has them sealed here, as the client extension seals Prisma's writes.
 */
export async function insertRows<C extends string>(
  tx: { $executeRaw(query: Prisma.Sql): Promise<number> },
  table: string,
  columns: readonly C[],
  rows: readonly Record<C, Value>[],
  /** A unique column: a row whose value is already there is skipped, not an error (both providers). */
  options: { skipDuplicatesOf?: C } = {},
): Promise<void> {
  const sealed = SEALED_FIELDS[table]
    ? rows.map((row) => sealData(table, row) as Record<C, Value>)
    : rows;
  const names = Prisma.raw(columns.map((c) => `"${c}"`).join(", "));
  const skip = options.skipDuplicatesOf
    ? Prisma.raw(` ON CONFLICT ("${options.skipDuplicatesOf}") DO NOTHING`)
    : Prisma.empty;
  const postgres = env.databaseProvider === "postgresql";
  for (let i = 0; i < sealed.length; i += ROWS_PER_STATEMENT) {
    const chunk = sealed.slice(i, i + ROWS_PER_STATEMENT);
    if (postgres) {
      const json = JSON.stringify(
        chunk.map((row) => Object.fromEntries(columns.map((c) => [c, row[c]]))),
      );
      await tx.$executeRaw(
        Prisma.sql`INSERT INTO ${Prisma.raw(`"${table}"`)} (${names}) SELECT ${names} FROM json_populate_recordset(NULL::${Prisma.raw(`"${table}"`)}, ${json}::json)${skip}`,
      );
    } else {
      const json = JSON.stringify(chunk.map((row) => columns.map((c) => sqliteJson(row[c]))));
      // `WHERE true`: SQLite needs a WHERE before an upsert clause on INSERT … SELECT.
      await tx.$executeRaw(
        Prisma.sql`INSERT INTO ${Prisma.raw(`"${table}"`)} (${names}) SELECT ${spread(columns.length)} FROM json_each(${json}) WHERE true${skip}`,
      );
    }
  }
}

/**
 * The rows as a derived table `"j"` for `UPDATE "T" SET … FROM ${rowsAsTable(…)} WHERE "T"."key" = "j"."key"`:
 * each row's own values with ONE bound value (the JSON), where a CASE per column bound two values
 * per row and column. `columns` are columns of `table` (PostgreSQL reads them through its row
 * type, which casts each value). In the statement, qualify the table's own columns ("T"."c"):
 * "j" has columns of the same names. Compare the table's other columns through offIndex: SQLite's
 * planner cannot tell how few rows "j" holds, and given an index on such a column it walks the
 * table by it and reads the whole JSON again for each row (a batch's 100 links took 13 ms).
 */
export function rowsAsTable<C extends string>(
  table: string,
  columns: readonly C[],
  rows: readonly Record<C, Value>[],
): Prisma.Sql {
  if (env.databaseProvider === "postgresql") {
    const json = JSON.stringify(
      rows.map((row) => Object.fromEntries(columns.map((c) => [c, row[c]]))),
    );
    return Prisma.sql`json_populate_recordset(NULL::${Prisma.raw(`"${table}"`)}, ${json}::json) AS "j"`;
  }
  const json = JSON.stringify(rows.map((row) => columns.map((c) => sqliteJson(row[c]))));
  const named = Prisma.raw(
    columns.map((c, i) => `json_extract("value", '$[${i}]') AS "${c}"`).join(", "),
  );
  return Prisma.sql`(SELECT ${named} FROM json_each(${json})) AS "j"`;
}

/**
 * `("T"."c" || '')`: the column's value, which no index can answer, so an UPDATE from rowsAsTable
 * loops over the JSON rows and finds each by its key. Text columns only (NULL stays NULL).
 */
export function offIndex(table: string, column: string): Prisma.Sql {
  return Prisma.raw(`("${table}"."${column}" || '')`);
}

/** `"a" = "j"."a", "b" = "j"."b"`: the SET list that takes each column from rowsAsTable's row. */
export function setFromRows(columns: readonly string[]): Prisma.Sql {
  return Prisma.raw(columns.map((c) => `"${c}" = "j"."${c}"`).join(", "));
}

/** A value as adapter-better-sqlite3 binds it: a date as its text (sqliteDate), a boolean as 0/1. */
const sqliteJson = (v: Value) =>
  v instanceof Date ? sqliteDate(v) : typeof v === "boolean" ? Number(v) : v;

const spreads = new Map<number, Prisma.Sql>();
function spread(count: number): Prisma.Sql {
  let sql = spreads.get(count);
  if (!sql) {
    sql = Prisma.raw(
      Array.from({ length: count }, (_, i) => `json_extract("value", '$[${i}]')`).join(", "),
    );
    spreads.set(count, sql);
  }
  return sql;
}

/**
 * Ids for rows written by insertRows that sort (as text) in the order given, as Prisma's default
 * cuid() ids sort in the order they were made: readers that list rows `orderBy: { id: "asc" }`
 * (a lookup's debts, in the order the authority listed them) keep working. Made of the time, the
 * position and a random part, so ids of different statements never collide. Letters between the
 * parts and a base-36 random part keep long runs of digits out (the e2e secret scan reads any
 * Luhn-valid run of 13-19 digits in the database as a card number, as it should).
 */
export function orderedIds(count: number, now = Date.now()): string[] {
  const time = now.toString(36).padStart(9, "0");
  // One read of the random source for all of them: a call per id cost more than the rest of the id.
  const random = randomBytes(RANDOM_CHARS * count);
  return Array.from(
    { length: count },
    (_, i) =>
      `c${time}x${i.toString(36).padStart(4, "0")}x${base36(random.subarray(i * RANDOM_CHARS, (i + 1) * RANDOM_CHARS))}`,
  );
}

const RANDOM_CHARS = 12;
const DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz";

function base36(bytes: Uint8Array): string {
  let out = "";
  for (const byte of bytes) out += DIGITS[byte % 36];
  return out;
}
