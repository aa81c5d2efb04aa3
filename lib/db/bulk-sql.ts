import "server-only";
import { randomBytes } from "node:crypto";
import { Prisma } from "@/lib/generated/prisma/client";

// Many rows written by ONE statement: a multi-row INSERT, or an UPDATE that sets each row to its
// own values (`SET "col" = CASE "key" WHEN k THEN v ... END`). Raw SQL that SQLite and PostgreSQL
// both run (identifiers quoted, values bound; each driver adapter converts dates and booleans the
// way Prisma stores them). Per-query work in Prisma, not the database, is what many small queries
// cost (docs/benchmarks.md). Identifiers come from code, never from input.
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

/** `"a" = CASE ..., "b" = CASE ...` for each column of the rows (every row has the same columns). */
export function caseSet<C extends string>(key: string, rows: readonly (readonly [string, Record<C, TextValue>])[], columns: readonly C[]): Prisma.Sql {
  return Prisma.join(
    columns.map((c) => Prisma.sql`${Prisma.raw(`"${c}"`)} = ${caseOf(key, rows.map(([k, values]) => [k, values[c]] as const))}`),
    ", ",
  );
}

type Value = string | number | boolean | Date | null;

// Well under SQLite's 32,766 bound values and PostgreSQL's 65,535 per statement.
const MAX_VALUES = 10_000;

/** INSERT of many rows (every row has the given columns), in as few statements as the limits allow. */
export async function insertRows<C extends string>(
  tx: { $executeRaw(query: Prisma.Sql): Promise<number> },
  table: string,
  columns: readonly C[],
  rows: readonly Record<C, Value>[],
  /** A unique column: a row whose value is already there is skipped, not an error (both providers). */
  options: { skipDuplicatesOf?: C } = {},
): Promise<void> {
  const perStatement = Math.max(1, Math.floor(MAX_VALUES / columns.length));
  const names = Prisma.raw(columns.map((c) => `"${c}"`).join(", "));
  for (let i = 0; i < rows.length; i += perStatement) {
    const values = rows.slice(i, i + perStatement).map((row) => Prisma.sql`(${Prisma.join(columns.map((c) => row[c]))})`);
    const skip = options.skipDuplicatesOf ? Prisma.raw(` ON CONFLICT ("${options.skipDuplicatesOf}") DO NOTHING`) : Prisma.empty;
    await tx.$executeRaw(Prisma.sql`INSERT INTO ${Prisma.raw(`"${table}"`)} (${names}) VALUES ${Prisma.join(values)}${skip}`);
  }
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
  return Array.from({ length: count }, (_, i) => `c${time}x${i.toString(36).padStart(4, "0")}x${base36(random.subarray(i * RANDOM_CHARS, (i + 1) * RANDOM_CHARS))}`);
}

const RANDOM_CHARS = 12;
const DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz";

function base36(bytes: Uint8Array): string {
  let out = "";
  for (const byte of bytes) out += DIGITS[byte % 36];
  return out;
}
