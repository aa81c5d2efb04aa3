import { mkdirSync } from "node:fs";
import path from "node:path";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "@/lib/generated/prisma/client";

export type Db = PrismaClient;

function sqliteFilePath(url: string): string | null {
  const file = url.replace(/^file:/, "");
  return file === ":memory:" ? null : file;
}

/**
 * WAL lets readers run while a writer commits, and several instances on one host share the file.
 * synchronous stays FULL: a webhook we acknowledged must survive a power cut (toolchain.md).
 * busy_timeout makes concurrent writers wait for the lock instead of failing at once.
 */
export function createPrismaClient(databaseUrl: string): Db {
  const file = sqliteFilePath(databaseUrl);
  if (file) mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const adapter = new PrismaBetterSQLite3({ url: databaseUrl, timeout: 5000 });
  const client = new PrismaClient({ adapter });
  return client;
}

/** Run once per process before serving (scripts/start.ts, test setup); journal_mode persists in the file. */
export async function configureSqlite(client: Db): Promise<void> {
  await client.$queryRawUnsafe("PRAGMA journal_mode = WAL");
  await client.$queryRawUnsafe("PRAGMA synchronous = FULL");
  await client.$queryRawUnsafe("PRAGMA busy_timeout = 5000");
}
