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
