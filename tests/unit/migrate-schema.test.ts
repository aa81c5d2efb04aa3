import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { POSTGRES_SCHEMA_PATH } from "@/lib/db/postgres-schema";
import { migrateCli, toMigrateSchema } from "@/scripts/lib/migrate-cli";

// Prisma 7 (the client) refuses a datasource url; Prisma 6.19 (migrations) requires one and its
// query-compiler generator form. Both read the same models: only those two blocks differ.
const models = (s: string) => s.slice(s.search(/^(\/\/\/[^\n]*\n)*model /m));

describe.each([
  ["sqlite", "prisma/schema.prisma"],
  ["postgresql", POSTGRES_SCHEMA_PATH],
])("the %s schema as the migration CLI reads it", (provider, file) => {
  const schema = readFileSync(file, "utf8");
  const copy = toMigrateSchema(schema);

  it("keeps the checked-in schema free of a url and of 6.19's preview features, as Prisma 7 wants it", () => {
    expect(schema).not.toMatch(/^\s*url\s*=/m);
    expect(schema).not.toMatch(/queryCompiler|driverAdapters|engineType/);
  });

  it("adds a literal url to the datasource and 6.19's client engine to the generator, and nothing else", () => {
    expect(copy).toMatch(
      new RegExp(`datasource db \\{[^}]*provider = "${provider}"\\n\\s*url\\s+= "[^"]+"`),
    );
    expect(copy).toMatch(/engineType\s+= "client"/);
    expect(copy).toMatch(/previewFeatures = \["queryCompiler", "driverAdapters"\]/);
    expect(copy).not.toMatch(/lib\/generated/); // its generator never writes over the app's client
    expect(models(copy)).toBe(models(schema));
  });
});

it("runs Prisma 6.19's CLI (the prisma-migrate-cli alias) with its own config, never Prisma 7's", () => {
  const [command, args] = migrateCli(["migrate", "status"]);
  expect(command).toBe(process.execPath);
  expect(args[0]).toMatch(/node_modules[/\\]prisma-migrate-cli[/\\]build[/\\]index\.js$/);
  expect(args.slice(1)).toEqual(["migrate", "status", "--config", "prisma-migrate.config.ts"]);
  expect(
    JSON.parse(readFileSync("node_modules/prisma-migrate-cli/package.json", "utf8")).version,
  ).toMatch(/^6\.19\./);
});
