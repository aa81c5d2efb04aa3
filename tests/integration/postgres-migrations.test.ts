import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { POSTGRES_SCHEMA_PATH } from "@/lib/db/postgres-schema";
import { migrateCli, migrateSchemaFile } from "@/scripts/lib/migrate-cli";
import { createTestDatabase } from "../support/postgres";
import { describePostgres, describeSqlite, type SchemaShape } from "../support/describe-schema";

// Each provider keeps its own migration history. Both must build exactly the one model: apply
// each history, build the model from scratch (`migrate diff --from-empty`), compare the tables,
// columns, indexes and foreign keys; then compare the two providers with each other.

const pgTemplate = inject("pgTemplate")!;

function fromEmptyScript(schema: string, databaseUrl: string): string {
  return execFileSync(
    ...migrateCli([
      "migrate",
      "diff",
      "--from-empty",
      "--to-schema-datamodel",
      migrateSchemaFile(schema),
      "--script",
    ]),
    {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    },
  );
}

let sqliteHistory: SchemaShape;
let sqliteModel: SchemaShape;
let pgHistory: SchemaShape;
let pgModel: SchemaShape;

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "history-"));
  const historyFile = path.join(dir, "history.db");
  copyFileSync(inject("templateDb"), historyFile);
  sqliteHistory = describeSqlite(historyFile);
  const modelFile = path.join(dir, "model.db");
  const model = new Database(modelFile);
  model.exec(fromEmptyScript("prisma/schema.prisma", `file:${modelFile}`));
  model.close();
  sqliteModel = describeSqlite(modelFile);

  const historyUrl = await createTestDatabase(
    pgTemplate.adminUrl,
    pgTemplate.template,
    "history_check",
  );
  pgHistory = await describePostgres(historyUrl);
  const modelUrl = await createTestDatabase(pgTemplate.adminUrl, "template0", "model_check");
  const client = new pg.Client({ connectionString: modelUrl });
  await client.connect();
  await client.query(fromEmptyScript(POSTGRES_SCHEMA_PATH, modelUrl));
  await client.end();
  pgModel = await describePostgres(modelUrl);
}, 120_000);

describe("migration histories against the one model", () => {
  it("SQLite: prisma/migrations builds exactly prisma/schema.prisma", () => {
    expect(Object.keys(sqliteModel).length).toBeGreaterThan(5);
    expect(sqliteHistory).toEqual(sqliteModel);
  });

  it("PostgreSQL: prisma/postgresql/migrations builds exactly the generated PostgreSQL schema", () => {
    expect(Object.keys(pgModel).length).toBeGreaterThan(5);
    expect(pgHistory).toEqual(pgModel);
  });

  it("the two providers have the same tables, columns, nullability, index names and foreign keys", () => {
    const portable = (s: SchemaShape, index: (i: string) => string) =>
      Object.fromEntries(
        Object.entries(s).map(([table, t]) => [
          table,
          {
            columns: t.columns.map((c) => `${c.name}${c.notNull ? "" : "?"}`).sort(),
            indexes: t.indexes.map(index).sort(),
            foreignKeys: t.foreignKeys.length,
          },
        ]),
      );
    // SQLite lists "UNIQUE name(cols)"; PostgreSQL "CREATE UNIQUE INDEX name ON table USING btree (cols)".
    const sqliteIndex = (i: string) => i.replace(/\(.*\)$/, "").replace(/^UNIQUE /, "unique:");
    const pgIndex = (i: string) => {
      const m = /^CREATE (UNIQUE )?INDEX "?([^" ]+)"? ON/.exec(i)!;
      return `${m[1] ? "unique:" : ""}${m[2]}`;
    };
    // PostgreSQL keeps the primary key as an index too; SQLite's is the table itself.
    const pgPortable = portable(pgHistory, pgIndex);
    for (const t of Object.values(pgPortable))
      t.indexes = t.indexes.filter((i) => !i.endsWith("_pkey"));
    expect(pgPortable).toEqual(portable(sqliteHistory, sqliteIndex));
  });
});
