import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error";
import { ERROR_CODES, isCode } from "@/lib/errors/codes";
import { authorityFailure, FAILURE_CODES, isFailureCode } from "@/lib/errors/failure-codes";
import { UpstreamError } from "@/lib/upstream/errors";
import { CUSTOMER_MESSAGES } from "@/lib/validation/customer-input";
import { ERRORS_DOC, withCodeTable } from "../../../scripts/errors-doc";

// One error vocabulary: every code we answer with is in lib/errors/codes.ts, and docs/errors.md
// shows exactly that table. The compiler already refuses an unregistered code in AppError,
// UpstreamError and codeResponse; this also catches one written where the type is a plain string.

const ROOT = path.resolve(import.meta.dirname, "../../..");
const REGISTRY = "lib/errors/codes.ts";
const FAILURE_REGISTRY = "lib/errors/failure-codes.ts";
// The upstream simulator speaks the upstream's vocabulary (its spec), not ours; Prisma's client is generated.
const NOT_OURS = ["lib/sandbox/", "lib/generated/"];

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .filter(
      (f) =>
        f !== REGISTRY &&
        f !== FAILURE_REGISTRY &&
        !NOT_OURS.some((prefix) => f.startsWith(prefix)),
    );
}

// `code: "X"`, `code === "X"`, `code !== "X"` with X in UPPER_SNAKE (zod's "custom" and Prisma's
// "P2002" are not ours and do not match).
const CODE_LITERAL = /\bcode\s*(?::|===|!==)\s*"([A-Z]+(?:_[A-Z0-9]+)*)"/g;
// A stored failure code: an UPPER_SNAKE literal on a line that writes or reads an `errorCode`
// (`errorCode: "X"`, `errorCode ?? "X"`, `"X" satisfies StoredErrorCode`), or passed to the typed
// helpers that write one. A code built from a template (`AUTHORITY_${n}`) is refused: the table
// could not list it (the browser's own `HTTP_${status}`, never stored, is the exception).
const ERROR_CODE_LITERAL =
  /(?:\berrorCode\b|StoredErrorCode|FailureCode|ended\(|failedWith\()[^\n;]*?"([A-Z]+(?:_[A-Z0-9]+)+)"/g;
const BUILT_CODE = /`(?!HTTP_)[A-Z]+_\$\{[^`]*`/g;
// Codes that are not answers of ours, each with why.
const FOREIGN = new Map([
  ["EEXIST", "Node's errno (lib/env/load.ts)"],
  ["EADDRINUSE", "Node's errno (lib/mail/dev-smtp/main.ts)"],
  [
    "UPSTREAM_UNREACHABLE",
    "text of /api/health's upstream component when the probe failed without an UpstreamError",
  ],
]);

describe("error code registry", () => {
  it("gives every code a 4xx/5xx status, a pt-BR message and an English meaning", () => {
    for (const [code, entry] of Object.entries(ERROR_CODES)) {
      expect(code, code).toMatch(/^[A-Z]+(_[A-Z0-9]+)*$/);
      expect(entry.status >= 400 && entry.status <= 599, `${code} status ${entry.status}`).toBe(
        true,
      );
      expect(entry.message.trim(), code).not.toBe("");
      expect(entry.meaning.trim(), code).not.toBe("");
    }
  });

  it("registers every code literal thrown or compared in lib/ and app/", () => {
    const files = [...sourceFiles("lib"), ...sourceFiles("app"), ...sourceFiles("components")];
    expect(files.length).toBeGreaterThan(100);
    const unregistered: string[] = [];
    let seen = 0;
    for (const file of files) {
      for (const match of readFileSync(path.join(ROOT, file), "utf8").matchAll(CODE_LITERAL)) {
        seen++;
        if (!isCode(match[1]) && !FOREIGN.has(match[1]!)) unregistered.push(`${file}: ${match[1]}`);
      }
    }
    expect(seen).toBeGreaterThan(30);
    expect(unregistered).toEqual([]);
  });

  it("takes status and default message from the registry, and an override only when given", () => {
    const e = new AppError({ code: "CARD_TOKEN_INVALID" });
    expect([e.httpStatus, e.userMessage]).toEqual([422, ERROR_CODES.CARD_TOKEN_INVALID.message]);
    const named = new AppError({
      code: "DEBT_ALREADY_PAID",
      message: "Não é possível pagar “IPVA 2026”.",
    });
    expect([named.httpStatus, named.userMessage]).toEqual([
      409,
      "Não é possível pagar “IPVA 2026”.",
    ]);
    expect(new UpstreamError({ code: "UPSTREAM_TIMEOUT" }).userMessage).toBe(
      ERROR_CODES.UPSTREAM_TIMEOUT.message,
    );
  });

  it("says INVALID_EMAIL in the form's words", () => {
    expect(ERROR_CODES.INVALID_EMAIL.message).toBe(CUSTOMER_MESSAGES.email);
  });

  it("stays importable by the browser: plain data, no imports", () => {
    expect(readFileSync(path.join(ROOT, REGISTRY), "utf8")).not.toMatch(/^\s*import\s/m);
  });

  it("keeps the stored failure codes apart: no status, pt-BR words, none also an answered code", () => {
    for (const [code, entry] of Object.entries(FAILURE_CODES)) {
      expect(code, code).toMatch(/^[A-Z]+(_[A-Z0-9]+)*$/);
      expect(entry, code).not.toHaveProperty("status");
      expect(entry.message.trim(), code).not.toBe("");
      expect(entry.meaning.trim(), code).not.toBe("");
      expect(isCode(code), code).toBe(false);
    }
  });

  it("stores the spec's authority errors 900-903 by their own code, any other as AUTHORITY_ERROR", () => {
    for (const n of ["900", "901", "902", "903"])
      expect(FAILURE_CODES[authorityFailure(n)].message).toBe(
        FAILURE_CODES[`AUTHORITY_${n}` as keyof typeof FAILURE_CODES].message,
      );
    expect(["904", "unknown", "", null, undefined, "ERROR"].map(authorityFailure)).toEqual(
      Array(6).fill("AUTHORITY_ERROR"),
    );
  });

  it("has every errorCode written in lib/ in one of the two tables, none built from a template", () => {
    const files = sourceFiles("lib");
    const unregistered: string[] = [];
    const built: string[] = [];
    let seen = 0;
    for (const file of files) {
      const text = readFileSync(path.join(ROOT, file), "utf8");
      for (const match of text.matchAll(ERROR_CODE_LITERAL)) {
        seen++;
        if (!isCode(match[1]) && !isFailureCode(match[1]))
          unregistered.push(`${file}: ${match[1]}`);
      }
      for (const match of text.matchAll(BUILT_CODE)) built.push(`${file}: ${match[0]}`);
    }
    expect(seen).toBeGreaterThan(3);
    expect(unregistered).toEqual([]);
    expect(built).toEqual([]);
  });

  it("is the table docs/errors.md shows (npx tsx scripts/errors-doc.ts rewrites it)", () => {
    const doc = readFileSync(ERRORS_DOC, "utf8");
    expect(doc).toBe(withCodeTable(doc));
  });
});
