// npm run bench -- --only api-webhooks-out   (alone: npx tsx tests/bench/api-webhooks-out.ts [--n 1500] [--c 16])
// Issue 46's webhooks-out figure: deliveries a second from ONE instance to a local receiver,
// through the real queue (lib/api-events on lib/jobs: its lanes, claims and leases, the address
// check, the Standard Webhooks signature, the try's log row and the row's finish) on a scratch
// SQLite file, against the target of 83.3 a second (5,000 a minute, one enterprise upstream
// account's rate). The baseline, measured in the same run, is the same receiver hit directly by a
// plain loop of C concurrent node:http requests (a new connection each, as a delivery makes),
// so the ratio says what the queue costs above the HTTP itself. Seeding is bulk and not timed.
import "../../scripts/lib/allow-server-only";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { arg } from "./lib/app-instance";
import { runBench } from "./lib/sandbox-process";
import { figure, target } from "./lib/table";

const N = Number(arg("n", "1500"));
const C = Number(arg("c", "16"));
const GOAL = 5_000 / 60;
const dir = path.resolve("data", "bench", `api-webhooks-out-${process.pid}`);

async function main(): Promise<void> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  Object.assign(process.env, {
    NODE_ENV: "production",
    DATABASE_URL: `file:${path.join(dir, "bench.db")}`,
    PUBLIC_BASE_URL: "http://127.0.0.1:3999",
    LOG_LEVEL: "error",
    LOG_FILE: path.join(dir, "app.log"),
  });
  const { spawnSync } = await import("node:child_process");
  const migrated = spawnSync("npx", ["tsx", "scripts/migrate.ts"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: process.env,
  });
  if (migrated.status !== 0) throw new Error(`migrate exited ${migrated.status}`);

  let received = 0;
  const receiver = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      received++;
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("ok");
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  // Baseline: the receiver hit directly, C at a time, a new connection per request.
  const body = JSON.stringify({ type: "link.paid", data: { id: randomUUID() } });
  const post = () =>
    new Promise<void>((resolve, reject) => {
      const req = request(url, { method: "POST", agent: false }, (res) => {
        res.resume();
        res.on("end", resolve);
      });
      req.on("error", reject);
      req.end(body);
    });
  let next = 0;
  const baseStarted = performance.now();
  await Promise.all(
    Array.from({ length: C }, async () => {
      while (next++ < N) await post();
    }),
  );
  const baseline = N / ((performance.now() - baseStarted) / 1000);

  // The queue: one account, one endpoint, N events with a delivery each.
  const { db } = await import("../../lib/db/client");
  const { newEventId } = await import("../../lib/api-events/emit");
  const user = await db.user.create({
    data: { id: randomUUID(), name: "Bench", email: `bench.${randomUUID()}@example.com` },
  });
  const endpoint = await db.apiEndpoint.create({
    data: {
      userId: user.id,
      url,
      events: '["link.paid"]',
      secret: `whsec_${randomBytes(24).toString("base64")}`,
      mode: "test",
    },
  });
  const events = Array.from({ length: N }, (_, i) => ({
    id: newEventId(),
    userId: user.id,
    type: "link.paid",
    payload: JSON.stringify({ type: "link.paid", data: { n: i } }),
    dedupeKey: `bench:${i}:${randomUUID()}`,
  }));
  for (let i = 0; i < N; i += 500) {
    await db.apiEvent.createMany({ data: events.slice(i, i + 500) });
    await db.apiDelivery.createMany({
      data: events.slice(i, i + 500).map((e) => ({ eventId: e.id, endpointId: endpoint.id })),
    });
  }
  const { apiDeliveries } = await import("../../lib/api-events/worker");
  received = 0;
  const started = performance.now();
  await apiDeliveries.kick();
  await apiDeliveries.idle();
  const seconds = (performance.now() - started) / 1000;
  const delivered = await db.apiDelivery.count({ where: { outcome: "delivered" } });
  const rate = delivered / seconds;
  receiver.close();
  figure("api-webhooks-out baseline (plain http loop)", `${baseline.toFixed(0)} req/s (c=${C})`);
  figure(
    "api-webhooks-out delivered",
    `${delivered}/${N} in ${seconds.toFixed(1)} s (receiver got ${received})`,
  );
  target(
    "api-webhooks-out deliveries per second (one instance)",
    `${rate.toFixed(1)}/s`,
    `>= ${GOAL.toFixed(1)}/s`,
    delivered === N && rate >= GOAL,
    { baseline: `${baseline.toFixed(0)}/s`, ratio: rate / baseline },
  );
  await db.$disconnect();
  rmSync(dir, { recursive: true, force: true });
}

runBench(main);
