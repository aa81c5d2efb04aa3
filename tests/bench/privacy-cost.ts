// npm run bench -- --only privacy-cost   (or: npx tsx tests/bench/privacy-cost.ts)
// What sealing personal data at rest (lib/privacy, lib/db/sealed-fields.ts) costs, beside the
// plain path in the same run, on a scratch SQLite file: per lookup (the Lookup row written and read
// back), per checkout (the Checkout row with its five sealed columns), and per webhook
// acknowledgment (the payload sealed before the inbox write; the write itself is the same).
// Prints FIGURE lines: microseconds per operation, plain vs sealed. The whole acknowledgment path,
// sealing included, is what `npm run bench:webhooks` measures in deliveries per second.
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createPrismaClient, plainPrismaClient, type Db } from "../../lib/db/create-client";
import { openSealed } from "../../lib/db/sealed-fields";
import { documentHash, seal } from "../../lib/privacy/cipher";
import { keyring } from "../../lib/privacy/keyring";
import { migrateCli } from "../../scripts/lib/migrate-cli";

const N = Number(process.env.BENCH_N ?? 100);
const ROUNDS = 5;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const scratch = mkdtempSync(path.join(tmpdir(), "bench-privacy-"));
const url = `file:${path.join(scratch, "bench.db")}`;
execFileSync(...migrateCli(["migrate", "deploy"]), {
  env: { ...process.env, DATABASE_URL: url },
  stdio: ["ignore", "ignore", "inherit"],
});

const CPF = "52998224725";
const RENAVAM = "01234567803";
const payload = JSON.stringify({
  type: "debts",
  transactionId: randomUUID(),
  externalId: randomUUID(),
  vehicle: { uf: "MG", document: CPF, licensePlate: "MGD1E23", renavam: RENAVAM },
  debts: Array.from({ length: 6 }, (_, i) => ({
    id: randomUUID(),
    type: "ticket",
    title: `Multa ${i}`,
    description: "Avançar o sinal vermelho",
    amount: 195.23,
    dueDate: "2026-12-01T00:00:00Z",
  })),
});

async function perOp(run: (i: number) => Promise<unknown> | unknown): Promise<number> {
  for (let i = 0; i < 20; i++) await run(i); // warm-up
  const started = process.hrtime.bigint();
  for (let i = 0; i < N; i++) await run(i);
  return Number(process.hrtime.bigint() - started) / 1000 / N;
}

async function lookupOp(db: Db) {
  const row = await db.lookup.create({
    data: { externalId: randomUUID(), uf: "MG", plate: "MGD1E23", renavam: RENAVAM, cpfCnpj: CPF },
  });
  return db.lookup.findUniqueOrThrow({ where: { id: row.id } });
}

async function checkoutOp(db: Db, lookupId: string) {
  const row = await db.checkout.create({
    data: {
      publicToken: randomUUID(),
      upstreamCheckoutId: randomUUID(),
      lookupId,
      amountCents: 19523,
      expiresAt: new Date(Date.now() + 3_600_000),
      customerName: "Maria da Silva",
      customerEmail: "maria@example.com",
      customerCpfCnpj: CPF,
      customerPhone: "11987654321",
      plate: "MGD1E23",
      renavam: RENAVAM,
      uf: "MG",
    },
  });
  return db.checkout.findUniqueOrThrow({ where: { id: row.id } });
}

const plain = plainPrismaClient(url);
const sealed = createPrismaClient(url);
try {
  await plain.$queryRawUnsafe("PRAGMA journal_mode = WAL");
  const lookupId = (
    await plain.lookup.create({
      data: {
        externalId: randomUUID(),
        uf: "MG",
        plate: "MGD1E23",
        renavam: RENAVAM,
        cpfCnpj: CPF,
      },
    })
  ).id;
  const figures: [string, number, number][] = [];
  // Alternating rounds, median of each: both paths see the same load on a shared machine.
  const pair = async (name: string, a: () => unknown, b: () => unknown) => {
    const plainRuns: number[] = [];
    const sealedRuns: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      plainRuns.push(await perOp(a));
      sealedRuns.push(await perOp(b));
    }
    figures.push([name, median(plainRuns), median(sealedRuns)]);
  };
  await pair(
    "lookup row written and read",
    () => lookupOp(plain),
    () => lookupOp(sealed),
  );
  await pair(
    "checkout row written and read",
    () => checkoutOp(plain, lookupId),
    () => checkoutOp(sealed, lookupId),
  );
  // The CPU part alone (the rows above are dominated by SQLite's fsync): what the extension does per checkout row.
  const ring = keyring();
  const checkoutRow = () => ({
    customerName: "Maria da Silva",
    customerEmail: "maria@example.com",
    customerCpfCnpj: CPF,
    customerPhone: "11987654321",
    renavam: RENAVAM,
  });
  const sealedRow = () => {
    const r = checkoutRow();
    return openSealed({
      customerName: seal(ring, r.customerName),
      customerEmail: seal(ring, r.customerEmail),
      customerCpfCnpj: seal(ring, r.customerCpfCnpj),
      customerPhone: seal(ring, r.customerPhone),
      renavam: seal(ring, r.renavam),
      customerCpfCnpjIndex: documentHash(ring, CPF),
    });
  };
  await pair(
    "checkout's five columns sealed, hashed and opened (CPU only)",
    checkoutRow,
    sealedRow,
  );
  await pair(
    "webhook payload sealed for the inbox (CPU only)",
    () => payload,
    () => seal(ring, payload),
  );
  for (const [name, p, s] of figures) {
    console.log(
      `FIGURE privacy ${name}: plain ${p.toFixed(0)} µs, sealed ${s.toFixed(0)} µs (+${(s - p).toFixed(0)} µs${p >= 1 ? `, ${((s / p - 1) * 100).toFixed(0)}%` : ""}) median of ${ROUNDS} rounds of ${N}`,
    );
  }
} finally {
  await plain.$disconnect();
  await sealed.$disconnect();
  rmSync(scratch, { recursive: true, force: true });
}
