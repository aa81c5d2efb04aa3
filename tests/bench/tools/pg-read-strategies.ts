// npx tsx tests/bench/tools/pg-read-strategies.ts [--n 400] [--rounds 5]
// Diagnostic, not in npm run bench: what a status poll's read (the payment with its timeline, its
// debts and its checkout's debts: lib/payments/payment-view.ts loadPaymentRecord) costs on
// PostgreSQL under each way Prisma can send it, in the same process, on the same database, in
// alternating rounds:
// - relations by separate statements (Prisma's default without relationJoins) or joined in one;
// - statements unnamed (parsed and planned on every call, adapter-pg's default) or named
//   (prepared once per connection: lib/db/create-client.ts statementNames).
// CPU is counted on both sides: this process (Prisma and the driver) and the PostgreSQL backend
// serving its one connection (/proc/<pid>/schedstat, nanoseconds); wall time per call beside it.
import "../../../scripts/lib/allow-server-only";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { PrismaPg } from "@prisma/adapter-pg";
import { statementNames } from "../../../lib/db/create-client";
import { PrismaClient } from "../../../lib/generated/prisma-pg/client";
import { migrateCli } from "../../../scripts/lib/migrate-cli";
import { startPgCluster } from "../../../scripts/lib/pg-cluster";
import { arg } from "../lib/app-instance";
import { benchCheckout } from "../lib/seed-rows";
import { printTable } from "../lib/table";

const N = Number(arg("n", "400"));
const ROUNDS = Number(arg("rounds", "5"));
const PAYMENTS = 50;

const INCLUDE = {
  events: { orderBy: { at: "asc" } },
  debts: true,
  checkout: { include: { debts: true } },
} as const;

type Variant = { name: string; db: PrismaClient; strategy: "join" | "query"; backendPid: number };

const ownCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const backendCpuMs = (pid: number) =>
  Number(readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ")[0]) / 1e6;

async function variant(
  url: string,
  name: string,
  strategy: "join" | "query",
  named: boolean,
): Promise<Variant> {
  // One connection, so one backend does all of this client's work.
  const adapter = new PrismaPg(
    { connectionString: url, max: 1 },
    named ? { statementNameGenerator: statementNames() as (q: { sql: string }) => string } : {},
  );
  const db = new PrismaClient({ adapter });
  const [row] = await db.$queryRawUnsafe<{ pid: number }[]>("SELECT pg_backend_pid() AS pid");
  return { name, db, strategy, backendPid: row!.pid };
}

async function seed(db: PrismaClient): Promise<string[]> {
  const refs: string[] = [];
  for (let i = 0; i < PAYMENTS; i++) {
    const lookup = await db.lookup.create({
      data: {
        externalId: `read-lookup-${i}`,
        uf: "SP",
        plate: `REA${String(i).padStart(4, "0")}`,
        renavam: "12345678901",
        cpfCnpj: "12345678909",
        status: "debts",
      },
    });
    const checkout = await db.checkout.create({
      data: {
        ...benchCheckout(`read-${i}`, lookup.id, lookup.plate),
        debts: {
          create: [0, 1].map((d) => ({
            debtId: `d${d}`,
            title: "Multa",
            type: "ticket",
            amountCents: 19_523 + d,
          })),
        },
      },
    });
    const payment = await db.payment.create({
      data: {
        externalId: `read-payment-${i}`,
        publicRef: `read-ref-${String(i).padStart(24, "0")}`,
        checkoutId: checkout.id,
        method: "pix",
        status: "awaiting_payment",
        pixCode: "000201...",
        pixExpiresAt: new Date(Date.now() + 1_800_000),
        debts: { create: [0, 1].map((d) => ({ debtId: `d${d}` })) },
        events: {
          create: ["pending", "awaiting_payment"].map((status) => ({ status, source: "webhook" })),
        },
      },
    });
    refs.push(payment.publicRef!);
  }
  return refs;
}

async function measure(v: Variant, refs: string[], n: number) {
  const own = ownCpuMs();
  const backend = backendCpuMs(v.backendPid);
  const started = performance.now();
  for (let i = 0; i < n; i++) {
    const row = await v.db.payment.findUnique({
      where: { publicRef: refs[i % refs.length]! },
      include: INCLUDE,
      relationLoadStrategy: v.strategy,
    });
    if (!row || row.events.length !== 2 || row.checkout.debts.length !== 2)
      throw new Error(`${v.name}: wrong row`);
  }
  return {
    own: (ownCpuMs() - own) / n,
    backend: (backendCpuMs(v.backendPid) - backend) / n,
    wall: (performance.now() - started) / n,
  };
}

const cluster = await startPgCluster({ durable: true });
const variants: Variant[] = [];
try {
  execFileSync(...migrateCli(["migrate", "deploy"]), {
    env: { ...process.env, DATABASE_URL: cluster.url() },
    stdio: ["ignore", "ignore", "inherit"],
  });
  variants.push(
    await variant(cluster.url(), "separate statements, unnamed", "query", false),
    await variant(cluster.url(), "separate statements, named", "query", true),
    await variant(cluster.url(), "joined, unnamed", "join", false),
    await variant(cluster.url(), "joined, named", "join", true),
  );
  const refs = await seed(variants[0]!.db);
  for (const v of variants) await measure(v, refs, 50);
  const samples = new Map<string, { own: number; backend: number; wall: number }[]>();
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate the order, so drift on a shared host does not favour one.
    for (const v of round % 2 === 0 ? variants : [...variants].reverse())
      samples.set(v.name, [...(samples.get(v.name) ?? []), await measure(v, refs, N)]);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const base = variants[0]!.name;
  const total = (name: string) => median(samples.get(name)!.map((s) => s.own + s.backend));
  printTable(
    `a status poll's read on PostgreSQL, median of ${ROUNDS} rounds of ${N} (ms per call)`,
    ["how", "this process CPU", "backend CPU", "total CPU", "vs separate, unnamed", "wall"],
    variants.map((v) => {
      const s = samples.get(v.name)!;
      return [
        v.name,
        median(s.map((x) => x.own)).toFixed(3),
        median(s.map((x) => x.backend)).toFixed(3),
        total(v.name).toFixed(3),
        `${(total(v.name) / total(base)).toFixed(2)}x`,
        median(s.map((x) => x.wall)).toFixed(3),
      ];
    }),
  );
} finally {
  for (const v of variants) await v.db.$disconnect().catch(() => {});
  cluster.stop();
}
