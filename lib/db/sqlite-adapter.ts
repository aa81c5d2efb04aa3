import { PrismaBetterSqlite3 as StockPrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import type BetterSqlite3 from "better-sqlite3";

// The app's SQLite adapter: @prisma/adapter-better-sqlite3 whose transactions begin IMMEDIATE,
// taking the write lock at BEGIN and waiting for it up to busy_timeout. The stock adapter (7.10)
// begins DEFERRED ("BEGIN"), and a deferred transaction that reads, then writes, cannot wait at
// its first write: SQLite answers SQLITE_BUSY at once there (waiting could deadlock), which Prisma
// reports as "Operation has timed out". So every read-first write transaction failed beside
// another connection's writer (a second instance, `ops:rotate-data-key`). The cost: a transaction
// that only reads waits for a writer too (docs/architecture.md, lib/db).

type Adapter = Awaited<ReturnType<StockPrismaBetterSqlite3["connect"]>>;
type Transaction = Awaited<ReturnType<Adapter["startTransaction"]>>;
/** What the adapter keeps past its types: its connection, and its mapping of driver errors. */
type AdapterInternals = { client?: BetterSqlite3.Database; onError?: (error: unknown) => never };

/** Stands in for the adapter's own deferred BEGIN, which beginImmediate replaces. */
const SKIPPED_BEGIN = { run: () => ({ changes: 0, lastInsertRowid: 0 }) };

export class PrismaBetterSqlite3 extends StockPrismaBetterSqlite3 {
  override async connect(): Promise<Adapter> {
    return beginImmediate(await super.connect());
  }
}

function beginImmediate(adapter: Adapter): Adapter {
  const { client, onError } = adapter as unknown as AdapterInternals;
  if (!client || typeof client.prepare !== "function" || typeof onError !== "function")
    throw new Error(
      "@prisma/adapter-better-sqlite3 changed: no connection to begin IMMEDIATE on (lib/db/sqlite-adapter.ts)",
    );
  // The adapter's startTransaction takes its mutex, then runs prepare("BEGIN"): were that BEGIN
  // IMMEDIATE and busy, it would throw with the mutex still held, and every later transaction of
  // the process would wait forever. So its BEGIN does nothing, and the real one runs below, where a
  // failure gives the mutex back. Only the adapter prepares a bare "BEGIN" (Prisma's queries never
  // do; no raw SQL of the app begins a transaction).
  const prepare = client.prepare.bind(client);
  client.prepare = ((source: string) =>
    source === "BEGIN" ? SKIPPED_BEGIN : prepare(source)) as typeof client.prepare;
  const start = adapter.startTransaction.bind(adapter);
  adapter.startTransaction = async (...args): Promise<Transaction> => {
    const tx = await start(...args);
    try {
      client.prepare("BEGIN IMMEDIATE").run();
    } catch (error) {
      await tx.rollback(); // the adapter's rollback only releases its mutex: nothing began
      onError.call(adapter, error); // throws the adapter's own error (SQLITE_BUSY: a timeout)
    }
    return tx;
  };
  return adapter;
}
