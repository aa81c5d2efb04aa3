// Prisma 6.19's CLI, installed as the `prisma-migrate-cli` alias, runs every migration command:
// its JavaScript schema engine works offline, where Prisma 7's CLI needs a native engine that cannot
// be downloaded (docs/toolchain.md). Prisma 7's CLI (`npx prisma`) only generates the clients.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const CLI = path.join("node_modules", "prisma-migrate-cli", "build", "index.js");
const CONFIG = "prisma-migrate.config.ts";

/** [command, args] that run `prisma <args…>` on 6.19 with prisma-migrate.config.ts, for spawn/execFile. */
export function migrateCli(args: readonly string[]): [string, string[]] {
  return [process.execPath, [path.resolve(CLI), ...args, "--config", CONFIG]];
}

const GENERATOR_6_19 = `generator client {
  provider        = "prisma-client"
  output          = "./unused-client"
  engineType      = "client"
  previewFeatures = ["queryCompiler", "driverAdapters"]
}`;

/**
 * The schema as 6.19 reads it: a `url` in the datasource block (6.19 requires one, 7 refuses one;
 * the adapter's URL wins anyway), and a generator in 6.19's query-compiler form, without which
 * 6.19 downloads a native query engine before any command. Nothing here generates from it.
 */
export function toMigrateSchema(schema: string): string {
  const provider = /^datasource\s+\w+\s*\{[^}]*?provider\s*=\s*"(\w+)"/m.exec(schema)?.[1];
  if (!provider) throw new Error("the schema has no datasource provider");
  const url =
    provider === "postgresql" ? "postgresql://localhost:5432/placa_paga" : "file:./unused.db";
  return schema
    .replace(/^generator\s+\w+\s*\{[^}]*\}/m, GENERATOR_6_19)
    .replace(/^(datasource\s+\w+\s*\{[^}]*?provider\s*=\s*"\w+")/m, `$1\n  url      = "${url}"`);
}

/**
 * A copy of the schema file for the 6.19 CLI, under the temp folder, named by its content: processes
 * that migrate side by side (test set-up, instances) write the same bytes and rename atomically.
 */
export function migrateSchemaFile(schemaPath: string): string {
  const text = toMigrateSchema(readFileSync(schemaPath, "utf8"));
  const dir = path.join(tmpdir(), "placa-paga-migrate-schema");
  mkdirSync(dir, { recursive: true });
  const file = path.join(
    dir,
    `${createHash("sha256").update(text).digest("hex").slice(0, 16)}.prisma`,
  );
  const partial = `${file}.${process.pid}.${Date.now()}`;
  writeFileSync(partial, text);
  renameSync(partial, file);
  return file;
}
