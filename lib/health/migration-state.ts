// Pure: is the database at least at the code's schema? Compares the migration folders shipped with
// the code against the rows of Prisma's _prisma_migrations table.

export type AppliedMigration = { name: string; finished: boolean; rolledBack: boolean };

export type MigrationState =
  | { ok: true; pending: 0 }
  | { ok: false; reason: "MIGRATIONS_PENDING"; pending: number }
  | { ok: false; reason: "MIGRATION_FAILED"; pending: number };

const MIGRATION_FOLDER = /^\d{14}_[\w-]+$/;

export function migrationState(folders: string[], applied: AppliedMigration[]): MigrationState {
  const expected = folders.filter((f) => MIGRATION_FOLDER.test(f));
  // A row neither finished nor rolled back is a migration that failed (or is running right now):
  // Prisma refuses to go on until someone resolves it, and the schema may be half applied.
  const done = new Set(applied.filter((m) => m.finished && !m.rolledBack).map((m) => m.name));
  const pending = expected.filter((f) => !done.has(f)).length;
  if (applied.some((m) => !m.finished && !m.rolledBack))
    return { ok: false, reason: "MIGRATION_FAILED", pending };
  // Rows the code does not know are fine: a newer instance migrated first, and migrations are
  // additive, so this code still runs on that schema during a rolling deploy.
  return pending === 0
    ? { ok: true, pending: 0 }
    : { ok: false, reason: "MIGRATIONS_PENDING", pending };
}
