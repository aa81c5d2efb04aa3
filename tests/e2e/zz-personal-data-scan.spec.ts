import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, test } from "./support/test";
import { SEALED_FIELDS } from "@/lib/db/sealed-fields";
import { isSealed, open } from "@/lib/privacy/cipher";
import { keyring } from "@/lib/privacy/keyring";
import { SANDBOX_VEHICLES } from "@/lib/sandbox/catalog/vehicles";
import { E2E_PORT } from "../../playwright.config";
import { CUSTOMER } from "./support/flow";

// Runs last (project "secret-scan", after desktop and phone; playwright.config.ts): after the
// suite, the e2e server's SQLite files (main, WAL, journal) must hold no CPF/CNPJ, RENAVAM, e-mail
// or phone of a person in clear, not even in a superseded WAL frame or a free page. The values
// looked for are every one the suite stored (opened with the keys the server generated in ./data)
// plus the fixtures'. Despachantes' account e-mails stay in clear by decision (docs/privacy.md).
//   npx playwright test tests/e2e/zz-personal-data-scan.spec.ts --project=secret-scan --no-deps

const DB = `data/e2e-${E2E_PORT}.db`;

/** Columns (and webhook payload fields) whose values are a document, a RENAVAM, an e-mail or a phone. */
const PERSONAL_COLUMNS: Record<string, string[]> = {
  Lookup: ["cpfCnpj", "renavam"],
  Checkout: ["customerCpfCnpj", "customerEmail", "customerPhone", "renavam"],
  WorkspaceClient: ["cpfCnpj", "phone", "email"],
  WorkspaceVehicle: ["renavam"],
  MailMessage: ["to"],
  RadarWatch: ["renavam", "cpfCnpj", "email"],
};

const dbFiles = () =>
  readdirSync("data")
    .filter((name) => name.startsWith(path.basename(DB)) && !name.endsWith("-shm")) // -shm holds only an index
    .map((name) => path.join("data", name));

/** The spellings a value may be written in: digits, and the usual punctuation of CPF, CNPJ and phones. */
function spellings(value: string): string[] {
  const d = value.replace(/\D/g, "");
  if (value.includes("@")) return [value, value.toLowerCase()];
  const out = [d];
  if (d.length === 11)
    out.push(
      `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`,
      `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`,
    );
  if (d.length === 14)
    out.push(`${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`);
  return out;
}

test("no CPF/CNPJ, RENAVAM, e-mail or phone in clear in the e2e database, its WAL or its journal", async () => {
  const ring = keyring();
  const people = new Set<string>([CUSTOMER.cpfCnpj, CUSTOMER.email, CUSTOMER.phone]);
  for (const v of Object.values(SANDBOX_VEHICLES)) people.add(v.cpfCnpj).add(v.renavam);
  const findings: string[] = [];
  const accounts = new Set<string>();

  const sqlite = new Database(DB, { readonly: true, fileMustExist: true });
  try {
    for (const { email } of sqlite.prepare(`SELECT "email" FROM "User"`).all() as {
      email: string;
    }[])
      accounts.add(email.toLowerCase());
    // Value by value (opening the file reads the WAL's committed frames too): every personal column sealed.
    for (const [table, columns] of Object.entries(SEALED_FIELDS)) {
      for (const row of sqlite
        .prepare(`SELECT "id", ${columns.map((c) => `"${c}"`).join(", ")} FROM "${table}"`)
        .iterate() as Iterable<Record<string, string | null>>) {
        for (const column of columns) {
          const stored = row[column];
          if (!stored) continue;
          if (!isSealed(stored)) {
            findings.push(`${table}.${column} of ${row.id} is stored in clear`);
            continue;
          }
          const plain = open(ring, stored);
          if (PERSONAL_COLUMNS[table]?.includes(column))
            plain.split(/[,;]\s*/).forEach((p) => p && people.add(p.replace(/^.*<|>$/g, "")));
          if (table === "WebhookEvent") {
            const vehicle = (
              JSON.parse(plain) as { vehicle?: { document?: string; renavam?: string } }
            ).vehicle;
            if (vehicle?.document) people.add(vehicle.document);
            if (vehicle?.renavam) people.add(vehicle.renavam);
          }
        }
      }
    }
  } finally {
    sqlite.close();
  }

  const needles = [...people]
    .filter((p) => !accounts.has(p.toLowerCase()) && p.replace(/\W/g, "").length >= 8)
    .flatMap(spellings);
  let bytes = 0;
  const files = dbFiles();
  expect(files).toContain(DB);
  for (const file of files) {
    const text = readFileSync(file).toString("latin1"); // binary-safe: pages and WAL frames as bytes
    bytes += text.length;
    for (const needle of needles) {
      const at = text.indexOf(needle);
      if (at >= 0)
        findings.push(`${file}@${at}: ${needle.slice(0, 3)}…${needle.slice(-2)} in clear`);
    }
  }
  console.log(
    `personal-data scan: ${people.size} values (${needles.length} spellings) in ${files.length} files, ${(bytes / 1024).toFixed(0)} KiB`,
  );
  expect(people.size).toBeGreaterThan(Object.keys(SANDBOX_VEHICLES).length);
  expect([...new Set(findings)]).toEqual([]);
});
