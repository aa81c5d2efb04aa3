import "server-only";
import { readdirSync } from "node:fs";
import path from "node:path";
import { db as appDb } from "@/lib/db/client";
import type { Db } from "@/lib/db/create-client";
import { env } from "@/lib/env";
import { migrationState, type AppliedMigration } from "./migration-state";

// Readiness: may this instance take traffic? Its database answers and carries every migration
// this code ships with. Liveness (/api/health) is a different question and stays cheap.

export type ReadinessReason =
  "DATABASE_UNREACHABLE" | "NOT_MIGRATED" | "MIGRATIONS_PENDING" | "MIGRATION_FAILED";
export type Readiness =
  { ready: true } | { ready: false; reason: ReadinessReason; pendingMigrations?: number };

/** The folder of migrations for the database's provider (PostgreSQL keeps its own history). */
export function migrationsDirFor(databaseUrl: string): string {
  return path.resolve(
    /^postgres(ql)?:\/\//i.test(databaseUrl) ? "prisma/postgresql/migrations" : "prisma/migrations",
  );
}

const folderCache = new Map<string, string[]>();

/** The code's migrations do not change while it runs: listed once per folder. */
function migrationFolders(dir: string): string[] {
  let folders = folderCache.get(dir);
  if (!folders) {
    folders = readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    folderCache.set(dir, folders);
  }
  return folders;
}

type MigrationRow = { migration_name: string; finished_at: unknown; rolled_back_at: unknown };

export async function checkReadiness(db: Db, migrationsDir: string): Promise<Readiness> {
  try {
    await db.$queryRawUnsafe("SELECT 1");
  } catch {
    return { ready: false, reason: "DATABASE_UNREACHABLE" };
  }
  let rows: MigrationRow[];
  try {
    // Raw SQL: _prisma_migrations is Prisma's own table, outside our schema (same SQL on both providers).
    rows = await db.$queryRawUnsafe<MigrationRow[]>(
      "SELECT migration_name, finished_at, rolled_back_at FROM _prisma_migrations",
    );
  } catch {
    return { ready: false, reason: "NOT_MIGRATED" };
  }
  const applied: AppliedMigration[] = rows.map((r) => ({
    name: r.migration_name,
    finished: r.finished_at != null,
    rolledBack: r.rolled_back_at != null,
  }));
  const state = migrationState(migrationFolders(migrationsDir), applied);
  return state.ok
    ? { ready: true }
    : { ready: false, reason: state.reason, pendingMigrations: state.pending };
}

/** This instance's readiness: its own database and the migrations shipped with this code. */
export function readiness(): Promise<Readiness> {
  return checkReadiness(appDb, migrationsDirFor(env.databaseUrl));
}
