// npm run bench -- --only batch-lookup   (alone: npx tsx tests/bench/batch-lookup.ts [--n 500])
// A batch of N vehicles (default 500) through the real pipeline: the batch queue (lib/jobs claims,
// lib/workspace/batches), the fleet budget (lib/upstream/budget.ts, 1000/min with 20% reserved for
// the money path), the sandbox over HTTP in its own process with its limit at 1000/min and its
// real lookup latency (300-1500 ms per plate), the results coming back as real webhooks to our
// webhook route handler. The storefront modules run in this process (Next's router is the only
// thing skipped); a recording proxy between them and the sandbox sees every upstream answer.
//
// The floor, and how it is computed:
//   send floor  the budget lets limit x (1 - reserve) = 800 lookups through per minute window
//               (fixed windows on the epoch minute); lookup i cannot leave before the window that
//               has room for it opens: 0 for all of them when N fits in what is left of the
//               start's window, else the start of the window it falls in;
//   latency     measured, not assumed: each of the N plates is looked up once beforehand with a
//               second API key (its own sandbox limit), timing acknowledgment -> webhook;
//   floor       max over i of (send floor of i + measured latency of plate i): no scheduler can
//               finish earlier under the limit and the upstream's latency.
//   The figure "smooth-rate floor" is N / 800 per minute + median latency, what the limit would
//   impose if it were a steady rate rather than a per-minute allowance.
import "../../scripts/lib/allow-server-only";
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { familyVehicle } from "../../lib/sandbox/catalog/family";
import { freePort } from "../support/app-process";
import { figure, median, target } from "./lib/table";
import { arg } from "./lib/app-instance";

const N = Number(arg("n", "500"));
const LIMIT = 1000;
const RESERVE_PERCENT = 20;
const KEY = "sk_test_bench_batch";
const PROBE_KEY = "sk_test_bench_probe";
const SECRET = "bench-batch-webhook-secret-0123456789abcdef";
const dir = path.resolve("data", "bench", `batch-${process.pid}`);
let sandbox: ChildProcess | undefined;

const plates = Array.from({ length: N }, (_, k) => familyVehicle(`TST5${String.fromCharCode(65 + Math.floor(k / 100))}${String(k % 100).padStart(2, "0")}`)!);

type Answer = { at: number; path: string; status: number; retryAfter: number | null; body: string };

/** Reverse proxy that records every upstream answer (status, Retry-After) the storefront got. */
function recordingProxy(targetUrl: string, answers: Answer[]): Promise<string> {
  const t = new URL(targetUrl);
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const up = http.request({ host: t.hostname, port: t.port, method: req.method, path: req.url, headers: { ...req.headers, host: t.host } }, (r) => {
        const ra = r.headers["retry-after"];
        answers.push({ at: Date.now(), path: (req.url ?? "").split("?")[0]!, status: r.statusCode ?? 0, retryAfter: ra ? Number(ra) : null, body: body.toString("utf8").slice(0, 300) });
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      });
      up.on("error", () => res.writeHead(502).end());
      up.end(body);
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

async function startSandboxProcess(port: number): Promise<string> {
  sandbox = spawn("npx", ["tsx", "lib/sandbox/main.ts"], {
    detached: true,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, SANDBOX_PORT: String(port), SANDBOX_API_KEYS: `${KEY},${PROBE_KEY}`, SANDBOX_RATE_LIMIT: String(LIMIT), SANDBOX_LATENCY_SCALE: "1", SANDBOX_TIME_SCALE: "1" },
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${url}/__sandbox/lookups`, { headers: { "x-api-key": KEY } })).ok) return url;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("sandbox did not start");
}

/**
 * Latency per plate, measured with the probe key: acknowledgment -> webhook at our own receiver.
 * Also the probe's wall time, first send to last webhook: the sandbox and HTTP alone on this host,
 * with a receiver that only records (a baseline for the batch's own wall time, same run).
 */
async function probeLatencies(sandboxUrl: string): Promise<{ latency: Map<string, number>; wallMs: number }> {
  const sentAt = new Map<string, number>();
  const latency = new Map<string, number>();
  const byExternal = new Map<string, string>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const e = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { externalId: string };
      const plate = byExternal.get(e.externalId);
      if (plate && sentAt.has(plate)) latency.set(plate, Date.now() - sentAt.get(plate)!);
      res.writeHead(200).end("{}");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const headers = { "x-api-key": PROBE_KEY, "content-type": "application/json" };
  await fetch(`${sandboxUrl}/uvvi/v1/webhook-register`, { method: "POST", headers, body: JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` }) });
  const queue = [...plates];
  const started = Date.now();
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      for (let v = queue.shift(); v; v = queue.shift()) {
        const externalId = randomUUID();
        byExternal.set(externalId, v.plate);
        const res = await fetch(`${sandboxUrl}/uvvi/v1/debts`, { method: "POST", headers, body: JSON.stringify({ state: v.uf, licensePlate: v.plate, renavam: v.renavam, cpfCnpj: v.cpfCnpj, externalId }) });
        // Latency counts from the acknowledgment, when the upstream has the lookup.
        sentAt.set(v.plate, Date.now());
        if (!res.ok) throw new Error(`probe lookup ${res.status}`);
      }
    }),
  );
  const deadline = Date.now() + 30_000;
  while (latency.size < N && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  server.close();
  // The last webhook came at the latest send plus its latency.
  const lastAt = Math.max(...[...latency].map(([plate, ms]) => sentAt.get(plate)! + ms));
  return { latency, wallMs: lastAt - started };
}

async function main(): Promise<void> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const dbFile = path.join(dir, "bench.db");
  const sandboxUrl = await startSandboxProcess(await freePort());
  const answers: Answer[] = [];
  const proxyUrl = await recordingProxy(sandboxUrl, answers);
  Object.assign(process.env, {
    NODE_ENV: "production",
    DATABASE_URL: `file:${dbFile}`,
    UVVI_BASE_URL: proxyUrl,
    UVVI_API_KEY: KEY,
    WEBHOOK_SECRET: SECRET,
    PUBLIC_BASE_URL: "http://127.0.0.1:3999",
    UPSTREAM_RATE_PER_MINUTE: String(LIMIT),
    UPSTREAM_RESERVE_PERCENT: String(RESERVE_PERCENT),
    LOG_LEVEL: "error",
    LOG_FILE: path.join(dir, "app.log"),
  });
  // A fresh file, migrated the way `npm run db:migrate` does.
  await new Promise<void>((resolve, reject) => {
    const m = spawn("npx", ["tsx", "scripts/migrate.ts"], { stdio: ["ignore", "ignore", "inherit"], env: process.env });
    m.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`migrate exited ${code}`))));
  });

  console.log(`[batch-lookup] measuring the sandbox's lookup latency for the ${N} plates (probe key)…`);
  const { latency, wallMs: probeWallMs } = await probeLatencies(sandboxUrl);
  const lat = [...latency.values()];
  console.log(`[batch-lookup] latency measured for ${latency.size}/${N} plates: median ${median(lat)} ms, max ${Math.max(...lat)} ms`);

  const { db } = await import("../../lib/db/client");
  const { upstream } = await import("../../lib/upstream/client");
  const { startWebhookReceiver } = await import("../support/webhook-receiver");
  const { POST } = await import("../../app/api/webhooks/uvvi/[secret]/route");
  const receiver = await startWebhookReceiver(POST);
  await upstream.registerWebhook(`${receiver.url}/api/webhooks/uvvi/${SECRET}`);

  const user = await db.user.create({ data: { id: randomUUID(), name: "Bench", email: `bench.${Date.now()}@despachante.test` } });
  for (const v of plates) {
    const client = await db.workspaceClient.create({ data: { userId: user.id, name: `Cliente ${v.plate}`, cpfCnpj: v.cpfCnpj } });
    await db.workspaceVehicle.create({ data: { userId: user.id, clientId: client.id, plate: v.plate, uf: v.uf, renavam: v.renavam } });
  }
  const { startBatch } = await import("../../lib/workspace/batches/start-batch");
  const { kickBatches } = await import("../../lib/workspace/batches/worker");
  const answersBefore = answers.length;

  const t0 = Date.now();
  const { batchId } = await startBatch(user.id, { scope: "all" });
  // The production background tick (every 30 s) as a safety net; the worker's own wake-ups do the rest.
  const tick = setInterval(() => void kickBatches(), 30_000);
  let open = N;
  while (open > 0 && Date.now() - t0 < 15 * 60_000) {
    await new Promise((r) => setTimeout(r, 100));
    open = await db.lookupBatchItem.count({ where: { batchId, status: { in: ["queued", "running"] } } });
  }
  clearInterval(tick);
  const last = await db.lookupBatchItem.aggregate({ where: { batchId }, _max: { finishedAt: true } });
  if (process.argv.includes("--debug")) {
    const items = await db.lookupBatchItem.findMany({ where: { batchId }, select: { startedAt: true, finishedAt: true, lookupId: true } });
    const lk = new Map((await db.lookup.findMany({ select: { id: true, plate: true, resolvedAt: true, createdAt: true } })).map((l) => [l.id, l]));
    for (const i of items) {
      const l = lk.get(i.lookupId ?? "");
      console.log(`[debug] ${l?.plate} started +${(i.startedAt?.getTime() ?? 0) - t0} resolved +${(l?.resolvedAt?.getTime() ?? 0) - t0} finished +${(i.finishedAt?.getTime() ?? 0) - t0} latency ${latency.get(l?.plate ?? "")}`);
    }
  }
  const wallMs = (last._max.finishedAt?.getTime() ?? Date.now()) - t0;
  const byStatus = await db.lookupBatchItem.groupBy({ by: ["status"], where: { batchId }, _count: true });

  // Upstream answers to the batch's lookups; a 429 is honoured when no lookup went out before its Retry-After.
  const lookups = answers.slice(answersBefore).filter((a) => a.path === "/uvvi/v1/debts");
  const limited = lookups.filter((a) => a.status === 429);
  const unhonoured = limited.filter((a) => lookups.some((b) => b.at > a.at && b.at < a.at + (a.retryAfter ?? 1) * 1000 - 50));
  const perPlate = new Map<string, number>();
  const sandboxList = (await (await fetch(`${sandboxUrl}/__sandbox/lookups`, { headers: { "x-api-key": KEY } })).json()) as { lookups: { vehicle: { licensePlate: string } }[] };
  for (const l of sandboxList.lookups) perPlate.set(l.vehicle.licensePlate, (perPlate.get(l.vehicle.licensePlate) ?? 0) + 1);
  const twice = [...perPlate.values()].filter((c) => c > 1).length;

  // The floor (see the header): send floor per lookup from the budget's windows, plus its plate's latency.
  const cap = LIMIT - Math.floor((LIMIT * RESERVE_PERCENT) / 100);
  const windowStart = Math.floor(t0 / 60_000) * 60_000;
  const floorMs = Math.max(
    ...plates.map((v, i) => {
      const window = Math.floor(i / cap);
      const sendAt = window === 0 ? 0 : windowStart + window * 60_000 - t0;
      return sendAt + (latency.get(v.plate) ?? Math.max(...lat));
    }),
  );
  const smoothMs = (N / cap) * 60_000 + median(lat);
  const done = byStatus.find((s) => s.status === "done")?._count ?? 0;
  const ratio = wallMs / floorMs;

  console.log(`[batch-lookup] ${N} vehicles: ${JSON.stringify(Object.fromEntries(byStatus.map((s) => [s.status, s._count])))}; upstream lookup requests ${lookups.length}, 429s ${limited.length}`);
  figure("batch vehicles finished", `${done}/${N} done, ${N - done - (open > 0 ? open : 0)} failed, ${open} unfinished`);
  figure("batch upstream 429s", `${limited.length} (unhonoured ${unhonoured.length}); vehicles looked up more than once at the sandbox: ${twice}`);
  figure("batch floor", `${(floorMs / 1000).toFixed(2)} s (budget ${cap}/min: all ${N} fit one window = send floor 0; + max measured plate latency ${Math.max(...lat)} ms); smooth-rate floor would be ${(smoothMs / 1000).toFixed(1)} s`);
  figure("batch probe wall time (same run)", `${(probeWallMs / 1000).toFixed(2)} s: the same ${N} lookups sent 16 at a time with the probe key, first send to last webhook at a receiver that only records them (the sandbox and HTTP on this host, none of our work); the batch took ${(wallMs / probeWallMs).toFixed(2)}x that`);
  target("batch wall time", `${(wallMs / 1000).toFixed(2)} s = ${ratio.toFixed(2)}x floor`, "<= 1.15x floor, all done, 0 unhonoured 429s", ratio <= 1.15 && done === N && unhonoured.length === 0);
  await receiver.close();
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    if (sandbox?.pid) {
      try {
        process.kill(-sandbox.pid, "SIGTERM");
      } catch {}
    }
    setTimeout(() => process.exit(), 500).unref();
  });
