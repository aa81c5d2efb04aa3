// npm run bench:webhooks [-- --n 5000 --c 32 --dup 0.3 --url http://host:port --db file.db]
// Fires N webhook deliveries (a share duplicates) with C concurrent senders at a RUNNING
// storefront and compares with a trivial JSON route (/api/ping) of the same server, same run.
// Without --url it starts one itself (scripts/start.ts, production build, temp DB, other ports).
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { sqliteDate } from "../../lib/db/sqlite-date";
import { target } from "./lib/table";

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};
const N = Number(arg("n", "5000"));
const C = Number(arg("c", "32"));
const DUP = Number(arg("dup", "0.3"));
const SECRET = arg("secret", "bench-webhook-secret-0123456789abcdefghij");

let server: ChildProcess | undefined;
let tempDir: string | undefined;

async function startStorefront(): Promise<{ url: string; dbFile: string }> {
  tempDir = mkdtempSync(path.join(tmpdir(), "bench-webhooks-"));
  const dbFile = path.join(tempDir, "bench.db");
  const port = arg("port", "3917");
  // --pin: the server (and its sandbox) on core 0, this load generator on core 1, as the reference
  // figures in toolchain.md were taken; without it both compete for the same two cores.
  const pin = process.argv.includes("--pin") && existsSync("/usr/bin/taskset");
  if (pin) execFileSync("taskset", ["-pc", "1", String(process.pid)], { stdio: "ignore" });
  const [cmd, ...cmdArgs] = pin
    ? ["taskset", "-c", "0", "npx", "tsx", "scripts/start.ts"]
    : ["npx", "tsx", "scripts/start.ts"];
  server = spawn(cmd!, cmdArgs, {
    detached: true, // its own process group: we stop the sandbox and next with it
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: `file:${dbFile}`,
      PORT: port,
      SANDBOX_PORT: arg("sandbox-port", "4917"),
      WEBHOOK_SECRET: SECRET,
      LOG_LEVEL: "warn",
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000; // may build first
  for (;;) {
    try {
      if ((await fetch(`${url}/api/ping`)).ok) return { url, dbFile };
    } catch {}
    if (Date.now() > deadline || server.exitCode !== null)
      throw new Error("storefront did not start");
    await new Promise((r) => setTimeout(r, 500));
  }
}

function stop() {
  if (server?.pid) {
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {}
  }
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function fire(count: number, send: (i: number) => Promise<number>) {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: C }, async () => {
      for (let i = next++; i < count; i = next++) {
        const t0 = performance.now();
        const status = await send(i).catch(() => 0);
        latencies.push(performance.now() - t0);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { perSecond: count / seconds, p50: pct(latencies, 50), p99: pct(latencies, 99), statuses };
}

async function main() {
  const given = arg("url", "");
  const { url, dbFile } = given ? { url: given, dbFile: arg("db", "") } : await startStorefront();
  if (!dbFile) throw new Error("--db <sqlite file> is required with --url");
  const db = new Database(dbFile, { timeout: 5000 });

  // Lookups we "started", so every unique event really applies (and could apply twice).
  const unique = Math.round(N * (1 - DUP));
  const runId = randomUUID().slice(0, 8);
  const insert = db.prepare(
    `INSERT INTO "Lookup" ("id","externalId","transactionId","uf","plate","renavam","cpfCnpj","status","attempts","createdAt","updatedAt") VALUES (?,?,?,'MG','MGD1E23','01234567803','52998224725','pending',0,?,?)`,
  );
  const events: { body: string; lookupId: string; debts: number }[] = [];
  const now = sqliteDate(new Date());
  db.transaction(() => {
    for (let i = 0; i < unique; i++) {
      const lookupId = `bench-${runId}-${i}`;
      const externalId = randomUUID();
      const transactionId = 9_000_000_000 + i;
      insert.run(lookupId, externalId, String(transactionId), now, now);
      const withDebts = i % 2 === 0;
      const vehicle = {
        uf: "MG",
        document: "52998224725",
        licensePlate: "MGD1E23",
        renavam: "01234567803",
      };
      const body = withDebts
        ? {
            type: "debts",
            transactionId,
            externalId,
            vehicle,
            debts: [
              {
                id: randomUUID(),
                amount: 195.23,
                title: "IPVA",
                description: "IPVA 2026",
                type: "ipva",
                dueDate: "2026-03-10T00:00:00.000Z",
                expirationDate: null,
                hasDiscount: false,
                isExpired: false,
                year: 2026,
                required: true,
                dependsOn: [],
                distinct: [],
              },
            ],
          }
        : { type: "VehicleWithoutDebts", transactionId, externalId, vehicle };
      events.push({ body: JSON.stringify(body), lookupId, debts: withDebts ? 1 : 0 });
    }
  })();
  // N deliveries: every unique event once, the rest redeliveries of random ones, shuffled.
  const order = [
    ...events.keys(),
    ...Array.from({ length: N - unique }, () => Math.floor(Math.random() * unique)),
  ];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }

  const webhookUrl = `${url}/api/webhooks/uvvi/${SECRET}`;
  const ping = () => fetch(`${url}/api/ping`).then(async (r) => (await r.arrayBuffer(), r.status));
  await fire(500, ping); // warm-up (JIT, connections)
  const trivial = await fire(N, ping);
  const ingest = await fire(N, (i) =>
    fetch(webhookUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: events[order[i]!]!.body,
    }).then(async (r) => (await r.arrayBuffer(), r.status)),
  );

  // Wait until the dispatcher applied everything, then count from the database.
  const ids = events.map((e) => e.lookupId);
  const pendingQ = db.prepare(
    `SELECT COUNT(*) AS n FROM "Lookup" WHERE "id" LIKE ? AND "status" = 'pending'`,
  );
  const deadline = Date.now() + 120_000;
  while ((pendingQ.get(`bench-${runId}-%`) as { n: number }).n > 0 && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 200));
  const stored = (
    db
      .prepare(
        `SELECT COUNT(*) AS n FROM "WebhookEvent" WHERE "transactionId" >= '9000000000' AND "externalId" IN (SELECT "externalId" FROM "Lookup" WHERE "id" LIKE ?)`,
      )
      .get(`bench-${runId}-%`) as { n: number }
  ).n;
  const applied = (
    db
      .prepare(`SELECT COUNT(*) AS n FROM "Lookup" WHERE "id" LIKE ? AND "status" != 'pending'`)
      .get(`bench-${runId}-%`) as { n: number }
  ).n;
  const debtRows = db
    .prepare(
      `SELECT "lookupId", COUNT(*) AS n FROM "LookupDebt" WHERE "lookupId" LIKE ? GROUP BY "lookupId"`,
    )
    .all(`bench-${runId}-%`) as { lookupId: string; n: number }[];
  const expectedDebts = new Map(events.map((e) => [e.lookupId, e.debts]));
  const appliedTwice = debtRows.filter((r) => r.n > (expectedDebts.get(r.lookupId) ?? 0)).length;
  db.close();

  const fmt = (r: Awaited<ReturnType<typeof fire>>) =>
    `${r.perSecond.toFixed(0)}/s  p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  statuses ${JSON.stringify(Object.fromEntries(r.statuses))}`;
  console.log(
    `\nN=${N} deliveries (${unique} unique, ${N - unique} duplicates), C=${C} concurrent senders, ${ids.length} lookups`,
  );
  console.log(`trivial GET /api/ping   : ${fmt(trivial)}`);
  console.log(`webhook ingest          : ${fmt(ingest)}`);
  console.log(
    `stored ${stored}/${unique}  applied ${applied}/${unique}  lost ${unique - stored}  applied twice ${appliedTwice}`,
  );
  // Speed targets print PASS/MISS like every benchmark; losing or double-applying an event is a
  // broken promise, not a slow one, and fails the script.
  const ratio = ingest.perSecond / trivial.perSecond;
  target("webhook-ingest throughput", `${ingest.perSecond.toFixed(0)}/s`, ">= 0.6x", ratio >= 0.6, {
    baseline: `/api/ping ${trivial.perSecond.toFixed(0)}/s`,
    ratio,
  });
  // A closed-loop flood: the account's paced rate is read by bench:fleet; this is the worst case.
  target(
    "webhook-ingest ack p99 (closed-loop flood)",
    `${ingest.p99.toFixed(0)} ms`,
    "<= 50 ms",
    ingest.p99 <= 50,
    { baseline: `/api/ping ${trivial.p99.toFixed(0)} ms`, ratio: ingest.p99 / trivial.p99 },
  );
  const correct = stored === unique && applied === unique && appliedTwice === 0;
  target(
    "webhook-ingest lost or applied twice",
    `${unique - stored} lost, ${unique - applied} unapplied, ${appliedTwice} applied twice`,
    "0",
    correct,
  );
  if (!correct) process.exitCode = 1;
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(stop);
