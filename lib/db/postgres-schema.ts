// Pure: derives the PostgreSQL schema file from prisma/schema.prisma, the one model definition.
// Only the header blocks differ (generator output and features, datasource); the models are copied verbatim, so
// the two providers cannot drift apart as long as the generated file is fresh (a unit test checks).

export const POSTGRES_SCHEMA_PATH = "prisma/postgresql/schema.prisma";
export const POSTGRES_MIGRATIONS_PATH = "prisma/postgresql/migrations";

const HEADER = `// GENERATED from prisma/schema.prisma by \`npm run db:schema:pg\`: do not edit. The models live there.
// PostgreSQL datasource; its own migration history in prisma/postgresql/migrations.`;

function replaceBlock(schema: string, kind: "generator" | "datasource", body: string): string {
  const re = new RegExp(`^${kind}\\s+\\w+\\s*\\{[^}]*\\}`, "m");
  if (!re.test(schema)) throw new Error(`prisma/schema.prisma has no ${kind} block`);
  return schema.replace(re, body);
}

// relationJoins: an include is one statement (LATERAL joins, JSON aggregated by PostgreSQL) instead
// of one round trip per relation; a status poll's payment, events, debts and checkout arrive at
// once. SQLite has no such strategy, so only this file carries the flag.
export function toPostgresSchema(sqliteSchema: string): string {
  if (/@db\./.test(sqliteSchema))
    throw new Error(
      "native type attributes (@db.*) are provider-specific: keep them out of the shared models",
    );
  let out = replaceBlock(
    sqliteSchema,
    "generator",
    `generator client {
  provider        = "prisma-client"
  output          = "../../lib/generated/prisma-pg"
  previewFeatures = ["relationJoins"]
}`,
  );
  out = replaceBlock(
    out,
    "datasource",
    `datasource db {
  provider = "postgresql"
}`,
  );
  // Drop the leading comment of the SQLite file (it describes the SQLite setup).
  out = out.replace(/^(\/\/[^\n]*\n)+\n?/, "");
  return `${HEADER}\n\n${out}`;
}
