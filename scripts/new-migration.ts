// npm run db:migration -- <name>
// Writes the migration for BOTH providers from the change in prisma/schema.prisma (the one model):
// prisma/migrations/<stamp>_<name> (SQLite) and prisma/postgresql/migrations/<stamp>_<name>.
// Prisma 6.19's CLI runs these commands (scripts/lib/migrate-cli.ts: Prisma 7's needs a native
// schema engine); it reads its own copies of the schema files (migrateSchemaFile).
// `prisma migrate dev` fails with the JS schema engine (P3006), so: apply the existing SQLite
// migrations to a scratch file and read its model back (`db pull`); that model, before the change,
// is diffed against the schema for each provider. PostgreSQL's `db pull` fails with the adapter
// (toolchain.md), which is why the SQLite read-back stands for both histories; the migration-
// history test (tests/integration/postgres-migrations.test.ts) checks that they agree.
// PostgreSQL's `migrate diff` needs some reachable server: a throwaway cluster started here.
import { execFileSync } from "node:child_process";
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  POSTGRES_MIGRATIONS_PATH,
  POSTGRES_SCHEMA_PATH,
  toPostgresSchema,
} from "../lib/db/postgres-schema";
import { childProcessEnv } from "../lib/env/load";
import { migrateCli, migrateSchemaFile, toMigrateSchema } from "./lib/migrate-cli";
import { startPgCluster, type PgCluster } from "./lib/pg-cluster";

const name = (process.argv[2] ?? "").replace(/[^a-z0-9_]+/gi, "_").toLowerCase();
if (!name) {
  console.error("usage: npm run db:migration -- <name>");
  process.exit(2);
}
const scratch = mkdtempSync(path.join(tmpdir(), "migration-"));
const prisma = (databaseUrl: string, args: string[]) =>
  execFileSync(...migrateCli(args), {
    env: childProcessEnv({ DATABASE_URL: databaseUrl }),
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
// The SQLite read-back cannot express a PostgreSQL column default drawn from a sequence (the
// UpstreamBudgetWindow.minute key): the diff then "drops" that default and an unnamed sequence,
// which fails to apply. No real change reads that way, so the pair is removed.
const withoutPhantomSequenceDrop = (sql: string) =>
  sql.replace(
    /-- AlterTable\nALTER TABLE "[^"]+" ALTER COLUMN "[^"]+" DROP DEFAULT;\nDROP SEQUENCE "";\n*/g,
    "",
  );
const changes = (sql: string) => /\b(CREATE|ALTER|DROP|INSERT|UPDATE)\b/i.test(sql);

let cluster: PgCluster | undefined;
try {
  writeFileSync(
    POSTGRES_SCHEMA_PATH,
    toPostgresSchema(readFileSync("prisma/schema.prisma", "utf8")),
  );
  const sqliteUrl = `file:${path.join(scratch, "scratch.db")}`;
  if (readdirSync("prisma/migrations").some((d) => /^\d{14}_/.test(d)))
    prisma(sqliteUrl, ["migrate", "deploy"]);
  // db pull prints an adapter warning on stdout before the schema: keep from the first block on.
  const pulled = prisma(sqliteUrl, ["db", "pull", "--print"]);
  const current = pulled.slice(Math.max(0, pulled.search(/^(generator|datasource) /m)));
  const currentSqlite = path.join(scratch, "current.prisma");
  writeFileSync(currentSqlite, current);
  const sqliteSql = prisma(sqliteUrl, [
    "migrate",
    "diff",
    "--from-schema-datamodel",
    currentSqlite,
    "--to-schema-datamodel",
    migrateSchemaFile("prisma/schema.prisma"),
    "--script",
  ]);
  if (!changes(sqliteSql)) {
    console.log("The schema matches the migrations: nothing to write.");
  } else {
    cluster = await startPgCluster();
    const currentPg = path.join(scratch, "current-pg.prisma");
    writeFileSync(currentPg, toMigrateSchema(toPostgresSchema(current)));
    const pgSql = withoutPhantomSequenceDrop(
      prisma(cluster.url(), [
        "migrate",
        "diff",
        "--from-schema-datamodel",
        currentPg,
        "--to-schema-datamodel",
        migrateSchemaFile(POSTGRES_SCHEMA_PATH),
        "--script",
      ]),
    );
    const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
    for (const [root, sql] of [
      ["prisma/migrations", sqliteSql],
      [POSTGRES_MIGRATIONS_PATH, pgSql],
    ] as const) {
      const dir = path.join(root, `${stamp}_${name}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, "migration.sql"), sql);
      console.log(`Wrote ${dir}/migration.sql`);
    }
    // Proof that the PostgreSQL history still applies from scratch (SQLite's did above, minus this one).
    prisma(cluster.url(), ["migrate", "deploy"]);
    console.log(
      "Both histories apply. Apply yours with: npm run db:migrate; then npm run db:generate",
    );
  }
} finally {
  cluster?.stop();
  rmSync(scratch, { recursive: true, force: true });
}
