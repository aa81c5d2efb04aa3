import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import Database from "better-sqlite3";
import pg from "pg";

/**
 * Another process holding the database's write lock on the webhook inbox, as a long migration or
 * a stuck writer would; returns the release. SQLite: an EXCLUSIVE transaction on the file.
 * PostgreSQL: an ACCESS EXCLUSIVE lock on "WebhookEvent" from another connection.
 */
export async function holdWriteLock(databaseUrl: string): Promise<() => Promise<void>> {
  if (databaseUrl.startsWith("file:")) {
    const locker = new Database(databaseUrl.replace(/^file:/, ""));
    locker.exec("BEGIN EXCLUSIVE");
    return async () => {
      locker.exec("ROLLBACK");
      locker.close();
    };
  }
  const locker = new pg.Client({ connectionString: databaseUrl });
  await locker.connect();
  await locker.query(`BEGIN; LOCK TABLE "WebhookEvent" IN ACCESS EXCLUSIVE MODE`);
  return async () => {
    await locker.query("ROLLBACK");
    await locker.end();
  };
}

// The holder's thread: on each message, takes the lock, says so, sleeps (Atomics.wait), lets go.
const HOLDER = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const conn = new Database(workerData.file);
parentPort.on("message", (ms) => {
  conn.exec("BEGIN EXCLUSIVE");
  parentPort.postMessage("held");
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
  conn.exec("ROLLBACK");
  parentPort.postMessage("released");
});
`;

export type SqliteLockHolder = {
  /** Holds the write lock for `ms`; resolves once it is held, with a promise of its release. */
  hold(ms: number): Promise<{ released: Promise<void> }>;
  close(): Promise<void>;
};

/**
 * Another thread that holds SQLite's write lock for a while and lets go on its own: a writer in
 * this process that waits for the lock (busy_timeout) blocks the event loop, since better-sqlite3
 * waits synchronously, so a release scheduled here could only run once that wait had given up.
 */
export function sqliteLockHolder(databaseUrl: string): SqliteLockHolder {
  const worker = new Worker(HOLDER, {
    eval: true,
    workerData: {
      file: databaseUrl.replace(/^file:/, ""),
      driver: createRequire(import.meta.url).resolve("better-sqlite3"),
    },
  });
  const failed = new Promise<never>((_, reject) => worker.once("error", reject));
  failed.catch(() => {});
  const next = (word: string) =>
    Promise.race([
      new Promise<void>((resolve) =>
        worker.on("message", function seen(m) {
          if (m !== word) return;
          worker.off("message", seen);
          resolve();
        }),
      ),
      failed,
    ]);
  return {
    async hold(ms) {
      const held = next("held");
      const released = next("released");
      released.catch(() => {});
      worker.postMessage(ms);
      await held;
      return { released };
    },
    close: async () => void (await worker.terminate()),
  };
}
