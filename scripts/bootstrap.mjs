// node scripts/bootstrap.mjs <script.ts> [args…]: the first step of npm start, dev, sandbox,
// db:migrate. Plain JavaScript with Node's built-ins only, so it runs on a fresh clone where nothing
// is generated yet: it generates the Prisma clients when they are missing or older than their
// schema (the scripts import them statically, and ES module resolution fails before any of their
// own code could generate them), registers tsx, and then imports the script in this same process
// (signals reach it directly). When it cannot proceed it says in one line what to run.
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [script, ...args] = process.argv.slice(2);
const stop = (message) => {
  console.error(`[start] ${message}`);
  process.exit(1);
};

if (!script) stop("usage: node scripts/bootstrap.mjs <script.ts> [args…]");
const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 20 || (major === 20 && minor < 19))
  stop(`Node ${process.versions.node} is too old: install Node 20.19 or newer, then run npm ci.`);
if (!existsSync("node_modules/.bin/prisma") || !existsSync("node_modules/tsx"))
  stop("the dependencies are not installed: run npm ci, then try again.");

/** [schema, generated client]: the SQLite client and the PostgreSQL one (lib/db/create-client.ts imports both). */
const CLIENTS = [
  ["prisma/schema.prisma", "lib/generated/prisma/client.ts"],
  ["prisma/postgresql/schema.prisma", "lib/generated/prisma-pg/client.ts"],
];

/** Only when missing or older than the schema: regenerating while tests import the client races with them. */
function generatePrismaClientsIfNeeded() {
  for (const [schema, client] of CLIENTS) {
    if (existsSync(client) && statSync(client).mtimeMs >= statSync(schema).mtimeMs) continue;
    console.log(`[start] generating the Prisma client for ${schema}`);
    const bin = path.join(
      "node_modules",
      ".bin",
      process.platform === "win32" ? "prisma.cmd" : "prisma",
    );
    const result = spawnSync(bin, ["generate", "--schema", schema], {
      stdio: ["ignore", "ignore", "inherit"],
    });
    if (result.status !== 0)
      stop(
        `prisma generate --schema ${schema} failed (above): run npm ci, then npm run db:generate, and try again.`,
      );
  }
}

generatePrismaClientsIfNeeded();

let register;
try {
  ({ register } = await import("tsx/esm/api"));
} catch {
  stop("tsx is missing: run npm ci, then try again.");
}
register();
const target = path.resolve(script);
if (!existsSync(target)) stop(`no such script: ${script}`);
// The script sees the command line it would have seen run directly (`tsx <script> [args…]`).
process.argv = [process.argv[0], target, ...args];
await import(pathToFileURL(target).href);
