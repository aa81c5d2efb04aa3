// `npm run db:status`, or by hand `npx tsx scripts/prisma-migrate.ts <prisma arguments…>`: Prisma
// 6.19's CLI with prisma-migrate.config.ts, the one that migrates offline (docs/toolchain.md).
// `npx prisma` is Prisma 7's CLI, which only generates here.
import { spawnSync } from "node:child_process";
import { migrateCli } from "./lib/migrate-cli";

const result = spawnSync(...migrateCli(process.argv.slice(2)), { stdio: "inherit" });
process.exit(result.status ?? 1);
