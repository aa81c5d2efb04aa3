// Writes prisma/postgresql/schema.prisma from prisma/schema.prisma (see lib/db/postgres-schema.ts).
// `npm run db:schema:pg` (npm run db:migration runs it too); `--check` exits 1 when the file is stale.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { POSTGRES_SCHEMA_PATH, toPostgresSchema } from "../lib/db/postgres-schema";

const wanted = toPostgresSchema(readFileSync("prisma/schema.prisma", "utf8"));
const current = existsSync(POSTGRES_SCHEMA_PATH) ? readFileSync(POSTGRES_SCHEMA_PATH, "utf8") : "";
if (process.argv.includes("--check")) {
  if (current !== wanted) {
    console.error(`${POSTGRES_SCHEMA_PATH} is stale: run npm run db:schema:pg`);
    process.exit(1);
  }
} else if (current !== wanted) {
  mkdirSync(path.dirname(POSTGRES_SCHEMA_PATH), { recursive: true });
  writeFileSync(POSTGRES_SCHEMA_PATH, wanted);
  console.log(`Wrote ${POSTGRES_SCHEMA_PATH}`);
}
