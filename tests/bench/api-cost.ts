// npm run bench -- --only api-cost   (or: npx tsx tests/bench/api-cost.ts)
// What a request through the public API costs beside the page's own route for the same data, in
// the same run on one built instance: GET /api/v1/clients (an API key: the key's row read by its
// digest, the per-key limit counted in the database, the RateLimit headers) against GET
// /api/workspace/clients (a session cookie: the workspace page's route), with GET /api/ping (no
// database) as the floor. 50 clients each way; autocannon, 10 connections, DURATION seconds each.
// Prints FIGURE lines: requests a second, p50/p99 latency, and the instance's CPU per 1,000 requests.
import { randomBytes } from "node:crypto";
import autocannon, { type Result } from "autocannon";
import { arg, startApp } from "./lib/app-instance";
import { childGroups, groupCpuSeconds } from "./lib/process-cpu";
import { figure, printTable } from "./lib/table";

const DURATION = Number(arg("duration", "10"));
const CLIENTS = 50;
const KEYS = {
  DATA_ENCRYPTION_KEY: `k1:${randomBytes(32).toString("base64")}`,
  DATA_INDEX_KEY: randomBytes(32).toString("base64"),
};
// The bench reads the instance's sign-in e-mail from its database: the same keys on both sides.
Object.assign(process.env, KEYS);

function validCpf(seed: number): string {
  const base = String(100_000_000 + seed).slice(-9);
  const digit = (digits: string, first: number) => {
    const sum = [...digits].reduce((s, d, i) => s + Number(d) * (first - i), 0);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const d1 = digit(base, 10);
  return `${base}${d1}${digit(`${base}${d1}`, 11)}`;
}

const app = await startApp({
  name: "api-cost",
  env: {
    ...KEYS,
    RATE_LIMIT_SIGN_IN: "1000",
    API_REQUESTS_PER_MINUTE: "10000000",
    LOG_LEVEL: "warn",
  },
});
try {
  const { createPrismaClient } = await import("@/lib/db/create-client");
  const db = createPrismaClient(`file:${app.dbFile}`);
  const email = `bench.${Date.now()}@despachante.test`;
  const origin = { origin: app.url, "content-type": "application/json" };
  const asked = await fetch(`${app.url}/api/auth/sign-in/magic-link`, {
    method: "POST",
    headers: origin,
    body: JSON.stringify({ email, callbackURL: "/painel" }),
  });
  if (!asked.ok) throw new Error(`sign-in link: ${asked.status}`);
  let signInUrl = "";
  for (let i = 0; i < 100 && !signInUrl; i++) {
    const row = await db.mailMessage.findFirst({
      where: { template: "sign-in-link" },
      orderBy: { createdAt: "desc" },
    });
    if (row) signInUrl = (JSON.parse(row.props) as { signInUrl: string }).signInUrl;
    else await new Promise((r) => setTimeout(r, 100));
  }
  const opened = await fetch(signInUrl.replace(/^https?:\/\/[^/]+/, app.url), {
    redirect: "manual",
  });
  const cookie = opened.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const made = await fetch(`${app.url}/api/workspace/api-keys`, {
    method: "POST",
    headers: { ...origin, cookie },
    body: JSON.stringify({ name: "Bench", scope: "write" }),
  });
  const { key } = (await made.json()) as { key: string };
  if (!key) throw new Error(`api key: ${made.status}`);
  for (let i = 0; i < CLIENTS; i++) {
    const res = await fetch(`${app.url}/api/v1/clients`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({
        name: `Cliente ${"ABCDEFGHIJ"[Math.floor(i / 10)]}${"abcdefghij"[i % 10]}`,
        cpfCnpj: validCpf(i + 1),
      }),
    });
    if (res.status !== 201) throw new Error(`client ${i}: ${res.status} ${await res.text()}`);
  }
  await db.$disconnect();

  const groups = childGroups(process.pid);
  const cpu = () => groupCpuSeconds(groups).reduce((a, b) => a + b, 0);
  async function load(path: string, headers: Record<string, string>) {
    await autocannon({ url: `${app.url}${path}`, headers, connections: 10, duration: 2 }); // warm-up
    const before = cpu();
    const r: Result = await autocannon({
      url: `${app.url}${path}`,
      headers,
      connections: 10,
      duration: DURATION,
    });
    const cpuPer1k = ((cpu() - before) / Math.max(1, r.requests.total ?? 0)) * 1000;
    if (r.non2xx > 0) throw new Error(`${path}: ${r.non2xx} answers were not 2xx`);
    return { r, cpuPer1k };
  }
  const floor = await load("/api/ping", {});
  const page = await load("/api/workspace/clients", { cookie });
  const api = await load("/api/v1/clients?limit=50", { authorization: `Bearer ${key}` });
  const row = (name: string, m: { r: Result; cpuPer1k: number }) => [
    name,
    Math.round(m.r.requests.average),
    `${m.r.latency.p50} ms`,
    `${m.r.latency.p99} ms`,
    `${m.cpuPer1k.toFixed(2)} s`,
  ];
  printTable(
    `GET with ${CLIENTS} clients, 10 connections, ${DURATION} s each`,
    ["route", "req/s", "p50", "p99", "CPU per 1k"],
    [row("/api/ping (floor)", floor), row("page route", page), row("API", api)],
  );
  figure(
    "api-clients-list",
    `${Math.round(api.r.requests.average)} req/s, ${api.cpuPer1k.toFixed(2)} CPU s per 1k; page route ${Math.round(page.r.requests.average)} req/s, ${page.cpuPer1k.toFixed(2)} CPU s per 1k; ratio ${(api.cpuPer1k / page.cpuPer1k).toFixed(2)}x; floor /api/ping ${floor.cpuPer1k.toFixed(2)}`,
  );
} finally {
  await app.stop();
}
