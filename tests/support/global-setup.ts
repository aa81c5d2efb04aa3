import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";

// Apply the real migrations once to a template database; each test file copies it (test-env.ts).
export const TEMPLATE_DB = path.resolve("data/test/template.db");

export default function setup() {
  rmSync(path.dirname(TEMPLATE_DB), { recursive: true, force: true });
  mkdirSync(path.dirname(TEMPLATE_DB), { recursive: true });
  execFileSync("npx", ["prisma", "migrate", "deploy"], {
    env: { ...process.env, DATABASE_URL: `file:${TEMPLATE_DB}` },
    stdio: ["ignore", "ignore", "inherit"],
  });
}
