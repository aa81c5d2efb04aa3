import { contactHash, isSealed, keyIdOf, open, seal } from "@/lib/privacy/cipher";
import { keyring } from "@/lib/privacy/keyring";
import type { Db } from "./create-client";
import { KEYED_HASHES, SEALED_FIELDS } from "./sealed-fields";

// Brings every personal value to "sealed under the current key", with its keyed hash beside it:
// the migration's data step (rows written before encryption) and the key rotation (rows under a
// previous key) are the same walk. It reads and writes stored text, so it runs on a client WITHOUT
// the sealing extension (plainPrismaClient).
//
// Safe to interrupt and to run again: each row is rewritten by one conditional update that only
// matches the stored text it read, so a value a request changed meanwhile (already sealed under the
// current key) is left alone, and a value is always readable: plain (opened as is), under the old
// key (still in the keyring) or under the new one.

const PAGE = 200;

export type ResealCounts = Record<string, { rows: number; values: number }>;

type Row = Record<string, string | null>;
type Delegate = {
  findMany(args: unknown): Promise<Row[]>;
  updateMany(args: unknown): Promise<{ count: number }>;
};

const delegateName = (model: string) => model[0]!.toLowerCase() + model.slice(1);

/** What a row needs: the fields to rewrite (plain, or under another key) and a missing keyed hash. */
function rowChanges(model: string, row: Row): Row | null {
  const ring = keyring();
  const changes: Row = {};
  for (const f of SEALED_FIELDS[model]!) {
    const stored = row[f];
    if (typeof stored !== "string" || stored === "") continue;
    if (keyIdOf(stored) === ring.current.id) continue;
    changes[f] = seal(ring, open(ring, stored));
  }
  const keyed = KEYED_HASHES[model];
  const plain = keyed && row[keyed.field];
  if (keyed && typeof plain === "string" && plain !== "" && row[keyed.index] === null) {
    changes[keyed.index] = keyed.hash(ring, isSealed(plain) ? open(ring, plain) : plain);
  }
  return Object.keys(changes).length > 0 ? changes : null;
}

/** One pass over every table with personal data; returns what it rewrote, per table. */
export async function resealAll(
  db: Db,
  onProgress?: (model: string, rows: number) => void,
): Promise<ResealCounts> {
  const counts: ResealCounts = {};
  for (const model of Object.keys(SEALED_FIELDS)) {
    const table = (db as unknown as Record<string, Delegate>)[delegateName(model)]!;
    const keyed = KEYED_HASHES[model];
    const fields = [...SEALED_FIELDS[model]!, ...(keyed ? [keyed.index] : [])];
    const select = Object.fromEntries(["id", ...fields].map((f) => [f, true]));
    const done = { rows: 0, values: 0 };
    let cursor: string | undefined;
    for (;;) {
      const rows = await table.findMany({
        select,
        orderBy: { id: "asc" },
        take: PAGE,
        ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
      });
      if (rows.length === 0) break;
      cursor = rows.at(-1)!.id!;
      const updates = rows.flatMap((row) => {
        const changes = rowChanges(model, row);
        if (!changes) return [];
        // Only the text read: a row changed since keeps its newer (already sealed) value.
        const where = {
          id: row.id,
          ...Object.fromEntries(Object.keys(changes).map((f) => [f, row[f]])),
        };
        done.values += Object.keys(changes).length;
        return [table.updateMany({ where, data: changes })];
      });
      if (updates.length > 0) {
        const results = (await db.$transaction(updates as never)) as { count: number }[];
        done.rows += results.reduce((n, r) => n + r.count, 0);
      }
      onProgress?.(model, done.rows);
    }
    counts[model] = done;
  }
  return counts;
}

/** Values still not sealed under the current key, per table (all 0 once a rotation has finished). */
export async function staleValues(db: Db): Promise<Record<string, number>> {
  const current = keyring().current.id;
  const out: Record<string, number> = {};
  for (const model of Object.keys(SEALED_FIELDS)) {
    const table = (db as unknown as Record<string, Delegate>)[delegateName(model)]!;
    const fields = SEALED_FIELDS[model]!;
    const select = Object.fromEntries(["id", ...fields].map((f) => [f, true]));
    let n = 0;
    let cursor: string | undefined;
    for (;;) {
      const rows = await table.findMany({
        select,
        orderBy: { id: "asc" },
        take: 1000,
        ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
      });
      if (rows.length === 0) break;
      cursor = rows.at(-1)!.id!;
      for (const row of rows)
        for (const f of fields) if (row[f] && keyIdOf(row[f]) !== current) n++;
    }
    out[model] = n;
  }
  return out;
}

/**
 * Start-up check that the configured keys open what is stored: the newest row of each table with
 * personal data is opened. A value under a key id the keyring lacks, or one that fails
 * authentication under its id (another key given the same id), names the variable to fix.
 */
export async function checkDataKeys(db: Db): Promise<string | null> {
  const ring = keyring();
  for (const model of Object.keys(SEALED_FIELDS)) {
    const table = (db as unknown as Record<string, Delegate>)[delegateName(model)]!;
    const fields = SEALED_FIELDS[model]!;
    const [row] = await table.findMany({
      select: Object.fromEntries(fields.map((f) => [f, true])),
      orderBy: { id: "desc" },
      take: 1,
    });
    for (const f of fields) {
      const stored = row?.[f];
      if (typeof stored !== "string" || !isSealed(stored)) continue;
      const id = keyIdOf(stored);
      if (!ring.byId.has(id ?? "")) {
        return `DATA_ENCRYPTION_KEY: stored personal data (${model}.${f}) is sealed under key id "${id}", which neither DATA_ENCRYPTION_KEY (key id "${ring.current.id}") nor DATA_ENCRYPTION_PREVIOUS_KEYS holds`;
      }
      try {
        open(ring, stored);
      } catch {
        return `DATA_ENCRYPTION_KEY: the key given for key id "${id}" does not open stored personal data (${model}.${f}): a different key under the same id?`;
      }
    }
  }
  return null;
}

/**
 * Outbox keys written before encryption named a payment link's recipient in clear
 * ("payment-link:<checkout>:<address>"); the key now holds the address's keyed hash, as
 * lib/mail writes it. Rewritten one row at a time, only while it still reads the old text.
 */
export async function rekeyLegacyMailKeys(db: Db): Promise<number> {
  const ring = keyring();
  const rows = await db.mailMessage.findMany({
    where: { dedupeKey: { startsWith: "payment-link:", contains: "@" } },
    select: { id: true, dedupeKey: true },
  });
  let done = 0;
  for (const row of rows) {
    const cut = row.dedupeKey.indexOf(":", "payment-link:".length);
    const key = `${row.dedupeKey.slice(0, cut)}:${contactHash(ring, row.dedupeKey.slice(cut + 1))}`;
    done += (
      await db.mailMessage.updateMany({
        where: { id: row.id, dedupeKey: row.dedupeKey },
        data: { dedupeKey: key },
      })
    ).count;
  }
  return done;
}
