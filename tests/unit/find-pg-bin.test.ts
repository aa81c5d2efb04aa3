import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findPgBin } from "@/scripts/lib/pg-cluster";

// npm test starts its own PostgreSQL: where it looks for the server binaries decides whether a
// fresh machine runs the suite or gets told to install Debian's postgresql.
function fakeBin(dir: string, names = ["initdb", "pg_ctl"]) {
  mkdirSync(dir, { recursive: true });
  for (const n of names) writeFileSync(path.join(dir, n), "");
  return dir;
}

describe("findPgBin", () => {
  const root = mkdtempSync(path.join(tmpdir(), "pgbin-"));

  it("prefers a folder on PATH holding both initdb and pg_ctl", () => {
    const onPath = fakeBin(path.join(root, "a", "bin"));
    const debian = path.join(root, "a", "lib");
    fakeBin(path.join(debian, "15", "bin"));
    expect(findPgBin(`/nonexistent${path.delimiter}${onPath}`, [debian])).toBe(onPath);
  });

  it("falls back to the newest version under /usr/lib/postgresql/<n>/bin (numeric order, not text)", () => {
    const debian = path.join(root, "b", "lib");
    fakeBin(path.join(debian, "9", "bin"));
    fakeBin(path.join(debian, "15", "bin"));
    fakeBin(path.join(debian, "16", "bin"), ["initdb"]); // half-installed: no pg_ctl
    expect(findPgBin("/nonexistent", [debian])).toBe(path.join(debian, "15", "bin"));
  });

  it("answers null when nothing is installed, so npm test can say what to install", () => {
    expect(findPgBin(fakeBin(path.join(root, "c"), ["psql"]), [path.join(root, "none")])).toBeNull();
  });
});
