import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./support/test";
import Database from "better-sqlite3";
import { familyVehicle } from "@/lib/sandbox/catalog/family";
import { SANDBOX_CARD_DEFAULTS, SANDBOX_CARDS } from "@/lib/sandbox/payments/cards-catalog";
import { E2E_PORT } from "../../playwright.config";
import { scanBuffer } from "../support/scan-secrets";

// Runs last (project "secret-scan", which depends on desktop and phone; playwright.config.ts):
// after the suite's card payments, the e2e server's SQLite file, its WAL, its pino log and all its
// processes printed (Next's and the sandbox's stdout and stderr, kept under data/) must hold no
// card number (the sandbox's test cards, or any Luhn-valid run of 13-19 digits), no CVV next to a
// card-ish key, and not the API key. It pays by card itself first (4111111111111111 / CVV 123
// through the JSON API), so it means something when run alone:
//   npx playwright test tests/e2e/zz-secret-scan.spec.ts --project=secret-scan --no-deps

const API_KEY = "sk_test_sandbox_default"; // the e2e server's UVVI_API_KEY (playwright.config.ts)
const ORIGIN = `http://localhost:${E2E_PORT}`;
const CUSTOMER = {
  name: "Maria da Silva",
  email: "maria@example.com",
  phone: "11987654321",
  cpfCnpj: "52998224725",
};

/** The e2e server's files: its database (+ WAL, journal) and its logs, all under data/. */
function e2eFiles(): string[] {
  const mine = new RegExp(`^e2e(-server|-output)?-${E2E_PORT}(\\.|-)`);
  return readdirSync("data")
    .filter((name) => mine.test(name) && !name.endsWith("-shm")) // -shm holds only an index, no data
    .map((name) => path.join("data", name));
}

async function post<T>(request: APIRequestContext, url: string, data: unknown): Promise<T> {
  const res = await request.post(url, { data, headers: { origin: ORIGIN } });
  expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

/** A card payment through the JSON API with a vehicle of its own (a TST plate no other test uses). */
async function payOwnVehicleByApi(request: APIRequestContext): Promise<string> {
  const v = familyVehicle(
    `TST${Math.floor(Math.random() * 10)}S${String(Math.floor(Math.random() * 100)).padStart(2, "0")}`,
  )!;
  const { lookupId } = await post<{ lookupId: string }>(request, "/api/lookups", {
    uf: v.uf,
    plate: v.plate,
    renavam: v.renavam,
    cpfCnpj: v.cpfCnpj,
  });
  let debts: { id: string; type: string; dependsOn: string[] }[] = [];
  await expect(async () => {
    const view = (await (await request.get(`/api/lookups/${lookupId}`)).json()) as {
      status: string;
      debts: typeof debts;
    };
    expect(view.status).toBe("debts");
    debts = view.debts;
  }).toPass({ timeout: 30_000 });
  const fine = debts.find((d) => d.type === "ticket" && d.dependsOn.length === 0)!;
  const { token } = await post<{ token: string }>(request, "/api/checkouts", {
    lookupId,
    debtIds: [fine.id],
    customer: CUSTOMER,
    kind: "owner",
  });
  const card = SANDBOX_CARDS.visaPaid;
  const { cardToken } = await post<{ cardToken: string }>(
    request,
    `/api/checkouts/${token}/card-token`,
    {
      number: card.number,
      name: SANDBOX_CARD_DEFAULTS.cardholderName,
      expiry: SANDBOX_CARD_DEFAULTS.expirationDate,
      cvv: card.cvv,
    },
  );
  const payment = await post<{ status: string }>(request, `/api/checkouts/${token}/payments`, {
    attemptId: crypto.randomUUID(),
    method: "credit_card",
    cardToken,
    installments: 1,
  });
  return payment.status;
}

test("no card number, CVV or API key in the e2e database, its WAL, the server's log or its processes' output", async ({
  request,
}) => {
  expect(await payOwnVehicleByApi(request)).toBe("paid");
  await new Promise((r) => setTimeout(r, 1_000)); // the logger's last lines reach the file

  const files = e2eFiles();
  expect(files).toEqual(
    expect.arrayContaining([
      `data/e2e-${E2E_PORT}.db`,
      `data/e2e-server-${E2E_PORT}.log`,
      `data/e2e-output-${E2E_PORT}.log`,
    ]),
  );
  const findings: string[] = [];
  const cvvValues = [...new Set(Object.values(SANDBOX_CARDS).map((c) => c.cvv))];
  let bytes = 0;
  for (const file of files) {
    const buf = readFileSync(file);
    bytes += buf.length;
    const text = buf.toString("latin1"); // binary-safe: SQLite pages and WAL frames as bytes
    // Raw bytes of every file, exact values: a test card or the key must appear nowhere, not even
    // in a superseded WAL frame or a free page.
    for (const card of Object.values(SANDBOX_CARDS))
      if (text.includes(card.number))
        findings.push(`${file}: test card ${card.number.slice(0, 6)}…${card.number.slice(-4)}`);
    if (text.includes(API_KEY)) findings.push(`${file}: the API key`);
    // Heuristics (any Luhn-valid 13-19 digit run, a CVV next to a card-ish key) only on text: in
    // SQLite's raw pages adjacent columns touch (RENAVAM + CPF make a 22-digit run, a record
    // header byte can read as a digit), so the database is checked value by value below.
    if (!/\.db(-wal|-journal)?$/.test(file)) {
      for (const f of scanBuffer(buf, file, { cvvValues }))
        findings.push(`${f.file}@${f.offset}: ${f.kind} ${f.masked}`);
    }
  }
  // Every stored value, one by one (opening the file reads the WAL's committed frames too).
  const sqlite = new Database(`data/e2e-${E2E_PORT}.db`, { readonly: true, fileMustExist: true });
  try {
    const tables = sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as {
      name: string;
    }[];
    for (const { name } of tables) {
      for (const row of sqlite.prepare(`SELECT * FROM "${name}"`).iterate() as Iterable<
        Record<string, unknown>
      >) {
        for (const [column, value] of Object.entries(row)) {
          if (value === null || value === undefined) continue;
          const label = `${name}.${column}`;
          for (const f of scanBuffer(String(value), label, { cvvValues }))
            findings.push(`${label}: ${f.kind} ${f.masked}`);
        }
      }
    }
  } finally {
    sqlite.close();
  }
  console.log(
    `secret scan: ${files.length} files, ${(bytes / 1024).toFixed(0)} KiB: ${files.join(", ")}`,
  );
  expect(findings).toEqual([]);
});
