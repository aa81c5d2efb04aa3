// npm run db:migration -- <name>
// `prisma migrate dev` fails with the JS schema engine (P3006), so: apply the existing migrations to
// a scratch database, read its schema back, diff it against prisma/schema.prisma, write the SQL.
import { execFileSync } from "node:child_process";
import { mkdtempSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { childProcessEnv } from "../lib/env/load";

const name = (process.argv[2] ?? "").replace(/[^a-z0-9_]+/gi, "_").toLowerCase();
if (!name) {
  console.error("usage: npm run db:migration -- <name>");
  process.exit(2);
}
const scratch = mkdtempSync(path.join(tmpdir(), "migration-"));
const url = `file:${path.join(scratch, "scratch.db")}`;
const prisma = (args: string[]) =>
  execFileSync("npx", ["prisma", ...args], { env: childProcessEnv({ DATABASE_URL: url }), encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });

try {
  if (readdirSync("prisma/migrations").some((d) => /^\d{14}_/.test(d))) prisma(["migrate", "deploy"]);
  const current = path.join(scratch, "current.prisma");
  // db pull prints an adapter warning on stdout before the schema: keep from the first block on.
  const pulled = prisma(["db", "pull", "--print"]);
  writeFileSync(current, pulled.slice(Math.max(0, pulled.search(/^(generator|datasource) /m))));
  const sql = prisma(["migrate", "diff", "--from-schema-datamodel", current, "--to-schema-datamodel", "prisma/schema.prisma", "--script"]);
  if (!/\b(CREATE|ALTER|DROP|INSERT|UPDATE)\b/i.test(sql)) {
    console.log("The schema matches the migrations: nothing to write.");
  } else {
    const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
    const dir = path.join("prisma/migrations", `${stamp}_${name}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "migration.sql"), sql);
    console.log(`Wrote ${dir}/migration.sql. Apply it with: npm run db:migrate`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
