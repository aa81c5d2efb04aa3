// npm run bench:canary
// A card canary: pays with 4111111111111111 / CVV 123 through the JSON API (plus the error paths
// where card data most often leaks: a refused tokenization and a malformed request), then scans
// every log file and SQLite database (with -wal/-shm) under data/ (including what the e2e suite
// left there), everything under .next/, and the server's captured stdout/stderr for any
// Luhn-valid run of 13-19 digits and for a CVV in a card context. Scans while the server runs
// (the WAL is live) and again after it stopped (all output flushed). Needs its own instance:
// it starts one (LOG_LEVEL=debug, the most verbose the storefront gets).
import { existsSync } from "node:fs";
import path from "node:path";
import { SANDBOX_VEHICLES } from "@/lib/sandbox/catalog/vehicles";
import { startApp, type AppInstance } from "./lib/app-instance";
import { ApiClient, standaloneDebts } from "./lib/flow";
import { maskNumber, scanPaths, type SecretFinding } from "../support/scan-secrets";
import { printTable, target } from "./lib/table";

const CARD = "4111111111111111";
const CVV = "123";

function scanAll(app: AppInstance) {
  // data/ holds logs, databases and WALs of every run (bench, e2e, dev): all of it is scanned,
  // except the benchmark's source snapshot (source code, not data) whose .next is scanned below.
  // The server's captured stdout/stderr are under data/bench/ (app.stdoutFile, app.stderrFile), and
  // so is the .next it served (app.cwd), unless it ran in place (then it is ./.next).
  const paths = [
    "data",
    ".next",
    ...[app.stdoutFile, app.stderrFile, path.join(app.cwd, ".next")].filter(
      (p) =>
        !path.resolve(p).startsWith(path.resolve("data")) &&
        path.resolve(p) !== path.resolve(".next"),
    ),
  ];
  return scanPaths(
    paths.filter((p) => existsSync(p)),
    {
      literals: [CARD],
      skip: /[\\/](node_modules|\.git)([\\/]|$)|app-snapshot[\\/](?!\.next)/,
    },
  );
}

async function main() {
  console.log("[card-canary] starting a storefront (LOG_LEVEL=debug) ...");
  const app = await startApp({ name: "card-canary", env: { LOG_LEVEL: "debug" } });
  let before: ReturnType<typeof scanAll>;
  const steps: string[] = [];
  try {
    const api = new ApiClient(app.url);
    const lookup = await api.lookup(SANDBOX_VEHICLES.withDebts);
    const [fine] = standaloneDebts(lookup);
    const checkout = await api.checkout(lookup.id, [fine!.id]);

    // Error paths first: an expired card (refused by upstream) and a request our schema refuses.
    await api.request(
      "POST",
      `/api/checkouts/${checkout.token}/card-token`,
      { number: CARD, name: "TESTE SANDBOX", expiry: "01/2020", cvv: CVV },
      [400, 422],
    );
    steps.push("card-token with an expired date: refused (4xx)");
    await api.request(
      "POST",
      `/api/checkouts/${checkout.token}/card-token`,
      { number: CARD, cvv: CVV, expiry: "13/99" },
      [400, 422],
    );
    steps.push("card-token with missing name / bad date: refused (4xx)");
    await api.request(
      "POST",
      `/api/checkouts/${checkout.token}/card-token`,
      `{"number":"${CARD}","cvv":"${CVV}",`,
      [400, 415, 422],
    );
    steps.push("card-token with malformed JSON: refused (4xx)");

    const payment = await api.payCard(checkout.token, CARD, CVV);
    steps.push(`card payment ${payment.ref}: ${payment.status}`);
    const final = await api
      .waitPayment(
        payment.ref,
        (p) => p.status === "paid" && p.liquidationStatus === "settled",
        90_000,
      )
      .catch(() => api.payment(payment.ref));
    steps.push(`after settlement: ${final.status}/${final.liquidationStatus ?? "-"}`);
    before = scanAll(app);
  } finally {
    await app.stop();
  }
  const after = scanAll(app);

  // Union of both scans (same file and offset = same finding).
  const byKey = new Map<string, SecretFinding>();
  for (const f of [...before.findings, ...after.findings])
    byKey.set(`${f.file}:${f.offset}:${f.kind}`, f);
  const findings = [...byKey.values()];
  const canary = findings.filter((f) => f.kind === "card-number" && f.masked === maskNumber(CARD));
  const otherNumbers = findings.filter(
    (f) => f.kind === "card-number" && f.masked !== maskNumber(CARD),
  );
  const cvvs = findings.filter((f) => f.kind === "cvv");

  console.log("\nSteps:");
  for (const s of steps) console.log(`  - ${s}`);
  console.log(
    `\nScanned ${after.filesScanned} files, ${(after.bytesScanned / 1024 / 1024).toFixed(1)} MB (data/, .next/, server stdout/stderr), while running and after stop.`,
  );
  const ig = after.ignored;
  console.log(
    `Luhn-valid runs set aside as not a card (last scan; see tests/support/scan-secrets.ts): ${ig.hex} inside hex strings, ${ig.timestamp} epoch-ms timestamps, ${ig["leading-zero"]} with a leading 0, ${ig.fraction} decimal fractions, ${ig["sqlite-glued"]} only in raw SQLite pages (glued columns).`,
  );
  if (findings.length > 0) {
    printTable(
      `Findings (${findings.length}; first 60)`,
      ["file", "offset", "kind", "masked"],
      findings.slice(0, 60).map((f) => [f.file, f.offset, f.kind, f.masked]),
    );
  }
  const perFile = new Map<string, number>();
  for (const f of findings) perFile.set(f.file, (perFile.get(f.file) ?? 0) + 1);
  printTable(
    "Card canary counts",
    ["what", "count"],
    [
      ["the canary card 411111******1111", canary.length],
      ["other Luhn-valid 13-19 digit runs", otherNumbers.length],
      ["CVV in a card context", cvvs.length],
      ["files with findings", perFile.size],
    ],
  );
  target("card-canary test card", `${canary.length} hits`, "0", canary.length === 0);
  target("card-canary CVV", `${cvvs.length} hits`, "0", cvvs.length === 0);
  target(
    "card-canary any Luhn-valid run",
    `${canary.length + otherNumbers.length} hits`,
    "0",
    canary.length + otherNumbers.length === 0,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
