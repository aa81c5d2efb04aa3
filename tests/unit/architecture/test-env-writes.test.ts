import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Tests get another configuration from setupTestEnvironment({ env }) or overrideEnvForTests
// (docs/testing.md), never by writing process.env: a write leaks into every module that reads the
// environment later, and tempts a re-import to pick it up. A child process gets its variables
// through the spawn options (TestEnvironment.childEnv), which is not a write.

const root = path.resolve(__dirname, "../../..");

/** Files that must write process.env, each with the reason. */
const ALLOWED: Record<string, string> = {
  "tests/unit/rules/sp-maintenance.test.ts":
    "TZ is the process's time zone, which the rule must ignore; not our configuration (lib/env does not read it)",
  "tests/bench/lib/sandbox-process.ts":
    "the batch and Radar benchmarks are programs of their own (tsx), not vitest suites: they set their variables before they import the app",
  "tests/bench/api-cost.ts":
    "a benchmark is a program of its own (tsx), not a vitest suite: it gives the instance it starts and itself the same data keys, to read the instance's sign-in e-mail",
  "tests/bench/api-webhooks-out.ts":
    "a benchmark is a program of its own (tsx), not a vitest suite: it sets its variables before it imports the app",
  "tests/bench/upstream-latency.ts":
    "a benchmark is a program of its own (tsx), not a vitest suite: it sets its variables before it imports the app",
};

// Object.assign(process.env, …), process.env.X = / [k] = / ??= …, delete process.env.X,
// process.env = …, Object.defineProperty(process.env, …), vi.stubEnv(…).
const WRITE =
  /Object\.(assign|defineProperty)\(\s*process\.env\b|\bprocess\.env(\.\w+|\[[^\]]+\])?\s*(=(?!=)|\?\?=|\|\|=|&&=|\+=)|\bdelete\s+process\.env\b|\bvi\.stubEnv\(/;

function writesProcessEnv(source: string): string[] {
  return source.split("\n").filter((line) => !/^\s*(\/\/|\*)/.test(line) && WRITE.test(line));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(rel);
    return /\.(c|m)?[jt]sx?$/.test(entry.name) ? [rel] : [];
  });
}

describe("tests never write process.env (docs/testing.md: another configuration for one test)", () => {
  const files = sourceFiles("tests");

  it("no file under tests/ writes it, except those allowed with a reason", () => {
    const offenders = files
      .filter((f) => !(f in ALLOWED))
      .flatMap((f) =>
        writesProcessEnv(readFileSync(path.join(root, f), "utf8")).map(
          (line) => `${f}: ${line.trim()}`,
        ),
      );
    expect(offenders).toEqual([]);
  });

  it("every allowed file still needs its entry (the list only shrinks)", () => {
    const stale = Object.keys(ALLOWED).filter(
      (f) =>
        !files.includes(f) ||
        writesProcessEnv(readFileSync(path.join(root, f), "utf8")).length === 0,
    );
    expect(stale).toEqual([]);
  });

  it("sees each kind of write, and not a read or a spawn's env (the check is not vacuous)", () => {
    const env = ["process", "env"].join(".");
    for (const write of [
      `Object.assign(${env}, { LOG_LEVEL: "silent" });`,
      `  ${env}.UVVI_TIMEOUT_MS = "1500";`,
      `${env}["RATE_LIMIT_SIGN_IN"] = "3";`,
      `${env}.X ??= "1";`,
      `delete ${env}.METRICS_TOKEN;`,
      `${env} = { ...${env}, A: "1" };`,
      `vi.${"stubEnv"}("A", "1");`,
    ])
      expect(writesProcessEnv(write), write).toHaveLength(1);
    for (const fine of [
      `const runs = Number(${env}.FUZZ_RUNS ?? 500);`,
      `if (${env}.JOB_HANG === "1") hang();`,
      `spawn(cmd, args, { env: { ...${env}, PAYMENT_ID: id } });`,
      `// ${env}.X = "1" in a comment`,
    ])
      expect(writesProcessEnv(fine), fine).toEqual([]);
  });
});
