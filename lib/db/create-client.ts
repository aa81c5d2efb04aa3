import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PrismaBetterSqlite3 } from "./sqlite-adapter"; // transactions begin IMMEDIATE
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { PrismaClient as PgPrismaClient } from "@/lib/generated/prisma-pg/client";
import { databaseProviderOf } from "@/lib/env/schema";
import { sealedQuery } from "./sealed-fields";
import { traced } from "./traced";

/**
 * One type for both providers. The two generated clients come from the same models
 * (prisma/postgresql/schema.prisma is generated from prisma/schema.prisma), so their APIs match;
 * the PostgreSQL one only adds options (case-insensitive filters) that the app does not use.
 */
export type Db = PrismaClient;

function sqliteFilePath(url: string): string | null {
  const file = url.replace(/^file:/, "");
  return file === ":memory:" ? null : file;
}

/**
 * SQLite: WAL lets readers run while a writer commits, and several instances on one host share
 * the file. synchronous stays FULL: a webhook we acknowledged must survive a power cut
 * (toolchain.md). busy_timeout makes concurrent writers wait for the lock instead of failing.
 * PostgreSQL: adapter-pg (a pg Pool).
 */
export function createPrismaClient(databaseUrl: string): Db {
  const provider = databaseProviderOf(databaseUrl) ?? "sqlite";
  return traced(sealed(plainPrismaClient(databaseUrl)), provider);
}

/**
 * Without the sealing of personal columns: only for the migration's data step and the key
 * rotation (lib/db/reseal.ts), which read and write the stored text itself.
 */
export function plainPrismaClient(databaseUrl: string): Db {
  if (databaseProviderOf(databaseUrl) === "postgresql") {
    const statementNameGenerator = behindPgBouncer(databaseUrl)
      ? undefined
      : (statementNames() as (q: { sql: string }) => string);
    const db = new PgPrismaClient({
      adapter: new PrismaPg({ connectionString: databaseUrl }, { statementNameGenerator }),
    });
    return db as unknown as Db;
  }
  const file = sqliteFilePath(databaseUrl);
  if (file) mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const adapter = new PrismaBetterSqlite3({ url: databaseUrl, timeout: 5000 });
  return new PrismaClient({ adapter: secureDelete(adapter) });
}

/**
 * secure_delete on every connection (a per-connection setting, off by default): space freed in a
 * page (a deleted row, or the old place of a row an update moved or shrank) is zeroed, so an
 * erased value leaves no copy in the file once the WAL is checkpointed (lib/db/reclaim.ts).
 */
function secureDelete(factory: PrismaBetterSqlite3): PrismaBetterSqlite3 {
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const adapter = await connect();
    await adapter.executeScript("PRAGMA secure_delete = ON");
    return adapter;
  };
  return factory;
}

/**
 * Named statements on PostgreSQL: pg prepares a text once per connection and then only binds it,
 * and PostgreSQL keeps its plan. Unnamed (adapter-pg's default), every statement is parsed and
 * planned again, and a read with its relations joined is 3 KB of SQL (docs/benchmarks.md). The
 * name is the text's hash, so one text has one name on every connection. Bounded: texts beyond
 * the first MAX_NAMED_STATEMENTS in a process go unnamed, so a text that varies (an IN list of every length)
 * cannot grow each connection's statements without end.
 */
const MAX_NAMED_STATEMENTS = 2_000;
export function statementNames(
  max = MAX_NAMED_STATEMENTS,
): (query: { sql: string }) => string | undefined {
  const names = new Map<string, string>();
  return ({ sql }) => {
    const known = names.get(sql);
    if (known !== undefined || names.size >= max) return known;
    const name = `pp_${createHash("sha256").update(sql).digest("base64url").slice(0, 24)}`;
    names.set(sql, name);
    return name;
  };
}

/**
 * PgBouncer in transaction mode hands each transaction any server connection, where a statement
 * prepared on another does not exist: Prisma's own flag in the URL (`pgbouncer=true`) keeps them
 * unnamed.
 */
export function behindPgBouncer(databaseUrl: string): boolean {
  try {
    return new URL(databaseUrl).searchParams.get("pgbouncer") === "true";
  } catch {
    return false;
  }
}

// Personal columns are sealed before Prisma writes them and opened as it reads them
// (lib/db/sealed-fields.ts); the extended client keeps PrismaClient's API, so one Db type serves.
function sealed(client: Db): Db {
  return client.$extends({
    query: { $allModels: { $allOperations: sealedQuery as never } },
  }) as unknown as Db;
}

/** Run once per process before serving (scripts/start.ts, test setup); journal_mode persists in the file. */
export async function configureDatabase(db: Db, databaseUrl: string): Promise<void> {
  if (databaseProviderOf(databaseUrl) !== "sqlite") return;
  await db.$queryRawUnsafe("PRAGMA journal_mode = WAL");
  await db.$queryRawUnsafe("PRAGMA synchronous = FULL");
  await db.$queryRawUnsafe("PRAGMA busy_timeout = 5000");
}
