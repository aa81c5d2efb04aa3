// Scans files for card data that must never be written anywhere: any Luhn-valid run of 13-19
// digits (a card number, whatever the card) and a CVV in a card context (`"cvv":"123"`,
// `cvv=123`, `cvc: 123`, `"securityCode":"123"` ...). Node plus the storefront's pure Luhn rule, so a vitest or
// Playwright check can reuse it: `scanPaths(["data", ".next"])` or `scanBuffer(buf, "label")`.
//
// Binary-safe: files are read as latin1, so a digit run is found inside SQLite pages and WAL
// frames too. Digit runs are maximal (a 20-digit run is not a card and is not split into cards);
// separators inside a number (spaces, dashes) are also tried, as "4111 1111 1111 1111".
//
// One Luhn-valid run in ten is a coincidence, so five kinds of runs that cannot be a card are
// set aside (counted, not reported; `strict: true` reports them too):
// - "hex": the digits are part of a hex string of 24+ characters (hashes, ids: "d6823360181418...fb60");
// - "timestamp": 13 digits between 2001 and 2040 read as epoch milliseconds (no 13-digit card
//   starts with 1 or 2: 13-digit cards are Visa, which start with 4);
// - "leading-zero": no card number starts with 0 (ISO/IEC 7812 major industry identifier 0 is
//   unused), while SQLite rows glue columns together ("SYN1C00" + "00123123127");
// - "fraction": the digits after a decimal point ("146.85484200000002" in Next's build trace,
//   "-1.8176137154703913e-100" in a fuzzed JSON body the tests stored): a float's fraction, not a
//   number anyone typed. A card after a point that follows a letter ("card.4111…") still counts;
// - "sqlite-glued": in a SQLite file or its -wal/-shm, a run that is no value's digit run when the
//   database is read through SQLite: raw pages glue neighbouring columns ("...update" +
//   "179528753952" + "15b33f2d-..." uuid). Limit: a number present only in a superseded WAL frame
//   is set aside too; that is why `literals` (e.g. the canary card) are matched anywhere, always.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { luhn } from "../../lib/rules/card";

export type SecretFinding = {
  file: string;
  offset: number;
  kind: "card-number" | "cvv";
  /** Never the full value: first 6 and last 4 digits for numbers, the key and *** for a CVV. */
  masked: string;
  /** Set only with `strict: false` callers that ask for them (includeIgnored): why it is not a card. */
  ignoredAs?: IgnoreReason;
};

export type IgnoreReason = "hex" | "timestamp" | "leading-zero" | "fraction" | "sqlite-glued";

export type ScanOptions = {
  /** Only CVV values equal to one of these count (e.g. ["123"]); default: any 3-4 digit value. */
  cvvValues?: string[];
  /** Skip files bigger than this (default 512 MB). */
  maxFileBytes?: number;
  /** Path fragments to skip (default: node_modules, .git). */
  skip?: RegExp;
  /** Report every Luhn-valid run, with none of the ignore rules above. */
  strict?: boolean;
  /** Return ignored runs too, marked with `ignoredAs`. */
  includeIgnored?: boolean;
  /** Digit strings reported wherever they occur, whatever surrounds them (e.g. the canary card). */
  literals?: string[];
  /** For a buffer: false = this run is not a real value (scanPaths sets it for SQLite files). */
  confirm?: (digits: string) => boolean;
};

const TS_MIN = Date.UTC(2001, 0, 1);
const TS_MAX = Date.UTC(2041, 0, 1);
const isHex = (c: string | undefined) => c !== undefined && /[0-9a-fA-F]/.test(c);

function isCompactDateTime(d: string): boolean {
  const [y, mo, da, h, mi, se] = [
    d.slice(0, 4),
    d.slice(4, 6),
    d.slice(6, 8),
    d.slice(8, 10),
    d.slice(10, 12),
    d.slice(12),
  ].map(Number) as number[];
  const t = Date.UTC(y!, mo! - 1, da!, h!, mi!, se!);
  const back = new Date(t);
  return (
    t >= TS_MIN &&
    t < TS_MAX &&
    back.getUTCMonth() === mo! - 1 &&
    back.getUTCDate() === da &&
    back.getUTCHours() === h &&
    back.getUTCMinutes() === mi &&
    back.getUTCSeconds() === se
  );
}

/** Why a Luhn-valid run at [start, end) of `text` is not a card, or undefined if it may be one. */
function ignoreReason(
  text: string,
  start: number,
  end: number,
  digits: string,
): IgnoreReason | undefined {
  if (digits.startsWith("0")) return "leading-zero";
  if (digits.length === 13 && Number(digits) >= TS_MIN && Number(digits) < TS_MAX)
    return "timestamp";
  // A compact date-time (YYYYMMDDhhmmss), e.g. a migration's folder name in _prisma_migrations:
  // no card brand's 14-digit numbers start with 19 or 20 (Diners are 30, 36, 38).
  if (digits.length === 14 && isCompactDateTime(digits)) return "timestamp";
  if (text[start - 1] === "." && /[0-9]/.test(text[start - 2] ?? "")) return "fraction";
  let a = start;
  let b = end;
  while (a > 0 && isHex(text[a - 1])) a--;
  while (b < text.length && isHex(text[b])) b++;
  if (b - a >= 24 && /[a-fA-F]/.test(text.slice(a, b))) return "hex";
  return undefined;
}

/** The storefront's own Luhn check (lib/rules/card.ts): one definition of a card number. */
export const luhnValid = luhn;

/** Not card numbers: a run of one repeated digit (0000000000000 passes Luhn) is skipped. */
const trivial = (digits: string) => /^(\d)\1+$/.test(digits);

export const maskNumber = (digits: string) =>
  `${digits.slice(0, 6)}${"*".repeat(digits.length - 10)}${digits.slice(-4)}`;

// Maximal digit runs, and runs grouped the way card numbers are written, with one kind of
// separator: 4-4-4-4 (plus a 1-3 digit tail for 17-19 digits), Amex 4-6-5, Diners 4-6-4. Other
// groupings are ids (a UUID's "…523531-6441-4997-…" is 6-4-4 and glued to hex letters).
const DIGIT_RUN = /(?<![0-9])[0-9]{13,19}(?![0-9])/g;
const GROUPED_RUN =
  /(?<![0-9A-Za-z-])(?:[0-9]{4}([ -])[0-9]{4}\1[0-9]{4}\1[0-9]{4}(?:\1[0-9]{1,3})?|[0-9]{4}([ -])[0-9]{6}\2[0-9]{4,5})(?![0-9A-Za-z]|-[0-9A-Za-z]| [0-9])/g;
// A CVV right after a card-ish key: JSON, query string, form field, log text, any case.
const CVV_CONTEXT =
  /(?:cvv2?|cvc2?|cid|security_?code|securityCode|codigo_?seguranca|card_?code)\\?["']?\s*[:=]\s*\\?["']?\s*([0-9]{3,4})(?![0-9])/gi;

/** Findings in one buffer (or string). `label` names the source in the findings. */
export function scanBuffer(
  content: Buffer | string,
  label: string,
  options: ScanOptions = {},
): SecretFinding[] {
  const text = typeof content === "string" ? content : content.toString("latin1");
  const findings: SecretFinding[] = [];
  const seen = new Set<number>();
  for (const literal of options.literals ?? []) {
    for (let i = text.indexOf(literal); i >= 0; i = text.indexOf(literal, i + 1)) {
      findings.push({ file: label, offset: i, kind: "card-number", masked: maskNumber(literal) });
      seen.add(i);
    }
  }
  const consider = (index: number, end: number, digits: string) => {
    if (trivial(digits) || !luhnValid(digits)) return;
    const ignoredAs = options.strict
      ? undefined
      : (ignoreReason(text, index, end, digits) ??
        (options.confirm && !options.confirm(digits) ? "sqlite-glued" : undefined));
    if (ignoredAs && !options.includeIgnored) return;
    findings.push({
      file: label,
      offset: index,
      kind: "card-number",
      masked: maskNumber(digits),
      ...(ignoredAs ? { ignoredAs } : {}),
    });
  };
  for (const m of text.matchAll(DIGIT_RUN)) {
    if (seen.has(m.index)) continue;
    seen.add(m.index);
    consider(m.index, m.index + m[0].length, m[0]);
  }
  for (const m of text.matchAll(GROUPED_RUN)) {
    const digits = m[0].replace(/[ -]/g, "");
    if (digits.length >= 13 && digits.length <= 19 && !seen.has(m.index))
      consider(m.index, m.index + m[0].length, digits);
  }
  for (const m of text.matchAll(CVV_CONTEXT)) {
    const value = m[1]!;
    if (options.cvvValues && !options.cvvValues.includes(value)) continue;
    const key = m[0].slice(0, m[0].length - value.length).replace(/[\s"'\\:=]+$/g, "");
    findings.push({ file: label, offset: m.index, kind: "cvv", masked: `${key}=***` });
  }
  return findings.sort((a, b) => a.offset - b.offset);
}

/** Every regular file under the given files/directories (missing paths are ignored). */
export function listFiles(paths: string[], skip = /[\\/](node_modules|\.git)([\\/]|$)/): string[] {
  const out: string[] = [];
  const walk = (p: string) => {
    let st;
    try {
      st = statSync(p);
    } catch {
      return;
    }
    if (skip.test(p)) return;
    if (st.isDirectory()) for (const e of readdirSync(p)) walk(path.join(p, e));
    else if (st.isFile()) out.push(p);
  };
  paths.forEach(walk);
  return out;
}

type SqliteDb = { prepare(sql: string): { all(): Record<string, unknown>[] }; close(): void };

/** Every maximal 13-19 digit run inside any value of any table, read through SQLite (WAL included). */
export function sqliteDigitRuns(dbFile: string): Set<string> | undefined {
  try {
    const Database = createRequire(import.meta.url)("better-sqlite3") as new (
      f: string,
      o: object,
    ) => SqliteDb;
    const db = new Database(dbFile, { readonly: true, fileMustExist: true });
    const runs = new Set<string>();
    try {
      const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).all() as {
        name: string;
      }[];
      for (const { name } of tables) {
        for (const row of db.prepare(`SELECT * FROM "${name.replace(/"/g, '""')}"`).all()) {
          for (const v of Object.values(row)) {
            if (v === null || v === undefined || typeof v === "object") continue;
            for (const m of String(v).matchAll(/[0-9]+/g))
              if (m[0].length >= 13 && m[0].length <= 19) runs.add(m[0]);
          }
        }
      }
    } finally {
      db.close();
    }
    return runs;
  } catch {
    return undefined; // not a database, or locked: its raw findings stand
  }
}

export type ScanReport = {
  filesScanned: number;
  bytesScanned: number;
  /** Possible card numbers and CVVs (without `includeIgnored`, only these). */
  findings: SecretFinding[];
  /** Luhn-valid runs set aside as not-a-card, by reason. */
  ignored: Record<IgnoreReason, number>;
};

/** Scans every file under `paths`. */
export function scanPaths(paths: string[], options: ScanOptions = {}): ScanReport {
  const max = options.maxFileBytes ?? 512 * 1024 * 1024;
  const findings: SecretFinding[] = [];
  const ignored: Record<IgnoreReason, number> = {
    hex: 0,
    timestamp: 0,
    "leading-zero": 0,
    fraction: 0,
    "sqlite-glued": 0,
  };
  const sqliteRuns = new Map<string, Set<string> | undefined>();
  const confirmFor = (file: string): ScanOptions["confirm"] => {
    const m = /^(.*\.db)(-wal|-shm|-journal)?$/.exec(file);
    if (!m || !existsSync(m[1]!)) return undefined;
    if (!sqliteRuns.has(m[1]!)) sqliteRuns.set(m[1]!, sqliteDigitRuns(m[1]!));
    const runs = sqliteRuns.get(m[1]!);
    return runs ? (digits) => runs.has(digits) : undefined;
  };
  let filesScanned = 0;
  let bytesScanned = 0;
  for (const file of listFiles(paths, options.skip)) {
    let buf: Buffer;
    try {
      if (statSync(file).size > max) continue;
      buf = readFileSync(file);
    } catch {
      continue; // vanished meanwhile (a -shm or -journal file)
    }
    filesScanned++;
    bytesScanned += buf.length;
    for (const f of scanBuffer(buf, file, {
      ...options,
      includeIgnored: true,
      confirm: confirmFor(file),
    })) {
      if (f.ignoredAs) {
        ignored[f.ignoredAs]++;
        if (options.includeIgnored) findings.push(f);
      } else findings.push(f);
    }
  }
  return { filesScanned, bytesScanned, findings, ignored };
}
