import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { migrateCli } from "../../scripts/lib/migrate-cli";

// Apply the real migrations once per run to a template database; each test file copies it
// (test-env.ts). The name is unique per run so two runs side by side never share or delete it.
const DIR = path.resolve("data/test");

declare module "vitest" {
  export interface ProvidedContext {
    templateDb: string;
  }
}

export default function setup(project: TestProject) {
  mkdirSync(DIR, { recursive: true });
  const hourAgo = Date.now() - 60 * 60 * 1000;
  for (const name of readdirSync(DIR)) {
    const file = path.join(DIR, name);
    if (statSync(file).mtimeMs < hourAgo) rmSync(file, { force: true });
  }
  const template = path.join(DIR, `template-${process.pid}-${Date.now()}.db`);
  execFileSync(...migrateCli(["migrate", "deploy"]), {
    env: { ...process.env, DATABASE_URL: `file:${template}` },
    stdio: ["ignore", "ignore", "inherit"],
  });
  project.provide("templateDb", template);
  return () => rmSync(template, { force: true });
}
