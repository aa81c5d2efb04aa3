import { describe, expect, it } from "vitest";
import { migrationState } from "@/lib/health/migration-state";

const FOLDERS = ["20261121000000_init", "20261124162129_upstream_budget", "migration_lock.toml"];
const done = (name: string) => ({ name, finished: true, rolledBack: false });

describe("migrationState", () => {
  it("ready when every shipped migration is applied (the lock file is not a migration)", () => {
    expect(
      migrationState(FOLDERS, [
        done("20261121000000_init"),
        done("20261124162129_upstream_budget"),
      ]),
    ).toEqual({ ok: true, pending: 0 });
  });

  it("a database newer than the code (rolling deploy) is still ready", () => {
    const applied = [
      done("20261121000000_init"),
      done("20261124162129_upstream_budget"),
      done("20261201000000_next"),
    ];
    expect(migrationState(FOLDERS, applied).ok).toBe(true);
  });

  it("counts what is missing, and a rolled-back migration counts as missing", () => {
    expect(migrationState(FOLDERS, [])).toEqual({
      ok: false,
      reason: "MIGRATIONS_PENDING",
      pending: 2,
    });
    const applied = [
      done("20261121000000_init"),
      { name: "20261124162129_upstream_budget", finished: true, rolledBack: true },
    ];
    expect(migrationState(FOLDERS, applied)).toEqual({
      ok: false,
      reason: "MIGRATIONS_PENDING",
      pending: 1,
    });
  });

  it("a migration that started and never finished is a failure, not merely pending", () => {
    const applied = [
      done("20261121000000_init"),
      { name: "20261124162129_upstream_budget", finished: false, rolledBack: false },
    ];
    expect(migrationState(FOLDERS, applied)).toEqual({
      ok: false,
      reason: "MIGRATION_FAILED",
      pending: 1,
    });
  });
});
