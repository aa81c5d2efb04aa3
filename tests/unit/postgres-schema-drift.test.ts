import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  POSTGRES_MIGRATIONS_PATH,
  POSTGRES_SCHEMA_PATH,
  toPostgresSchema,
} from "@/lib/db/postgres-schema";

// prisma/schema.prisma is the one model definition; the PostgreSQL file is generated from it.
const sqliteSchema = readFileSync("prisma/schema.prisma", "utf8");

describe("the PostgreSQL schema file", () => {
  it("is what `npm run db:schema:pg` makes of prisma/schema.prisma today (run it and commit when this fails)", () => {
    expect(readFileSync(POSTGRES_SCHEMA_PATH, "utf8")).toBe(toPostgresSchema(sqliteSchema));
  });

  it("keeps every model and field, and changes only the provider and the client's output folder", () => {
    const pg = toPostgresSchema(sqliteSchema);
    const models = (s: string) => s.slice(s.search(/^(\/\/\/[^\n]*\n)*model /m));
    expect(models(pg)).toBe(models(sqliteSchema));
    expect(pg).toMatch(/provider = "postgresql"/);
    expect(pg).not.toMatch(/sqlite/);
    expect(pg).toMatch(/output\s+= "\.\.\/\.\.\/lib\/generated\/prisma-pg"/);
  });

  it("asks for relation joins on PostgreSQL only (an include in one statement; SQLite has no such strategy)", () => {
    expect(toPostgresSchema(sqliteSchema)).toMatch(/previewFeatures = \["relationJoins"\]/);
    expect(sqliteSchema).not.toMatch(/relationJoins/);
  });

  it("follows a model added to the shared definition, so a stale file is caught", () => {
    const changed = `${sqliteSchema}\nmodel Extra {\n  id String @id\n}\n`;
    expect(toPostgresSchema(changed)).toContain("model Extra {");
    expect(toPostgresSchema(changed)).not.toBe(readFileSync(POSTGRES_SCHEMA_PATH, "utf8"));
  });

  it("refuses provider-specific native types in the shared models", () => {
    expect(() =>
      toPostgresSchema(sqliteSchema.replace("plate         String", "plate String @db.VarChar(8)")),
    ).toThrow(/@db/);
  });
});

describe("each provider's migration history", () => {
  const names = (dir: string) =>
    readdirSync(dir)
      .filter((d) => /^\d{14}_/.test(d))
      .sort();

  it("has its own lock file naming its provider", () => {
    expect(readFileSync("prisma/migrations/migration_lock.toml", "utf8")).toMatch(
      /provider = "sqlite"/,
    );
    expect(readFileSync(`${POSTGRES_MIGRATIONS_PATH}/migration_lock.toml`, "utf8")).toMatch(
      /provider = "postgresql"/,
    );
  });

  it("has one migration per change on both sides (npm run db:migration writes both)", () => {
    expect(names(POSTGRES_MIGRATIONS_PATH)).toEqual(names("prisma/migrations"));
  });
});
