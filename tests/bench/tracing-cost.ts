// npm run bench:tracing   (or: npm run bench -- --only tracing-cost)
// What tracing costs the server (docs/tracing.md): CPU per request with spans exported over OTLP to
// a collector in this process that only counts them, against the same build with tracing off, in
// the same run. Two routes: the home page (Next's render: its own spans join ours) and a lookup's
// status (GET /api/lookups/{id}: database reads). Each instance is loaded alone (the other idles) at
// a fixed rate well under what one core serves (a saturated machine measures the contention between
// the client, the collector and the server, not the server's work: the first runs at full speed
// moved by ±25% between rounds), in rounds of alternating order, so neither gets the machine's
// better moments; the ratio is the median of the rounds' ratios. Target: at most 1.1x the CPU per
// request of tracing off.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import autocannon, { type Options, type Result } from "autocannon";
import { SANDBOX_VEHICLES } from "@/lib/sandbox/catalog/vehicles";
import { arg, startApp, type AppInstance } from "./lib/app-instance";
import { childGroups, commandCpuSeconds } from "./lib/process-cpu";
import { printTable, target } from "./lib/table";

const DURATION = Number(arg("duration", "15"));
const ROUNDS = Number(arg("rounds", "6"));
/** Requests a second: about a third of what the untraced lookup status serves on this machine. */
const RATE = Number(arg("rate", "25"));
const CONNECTIONS = 5;

let spansReceived = 0;
let exports = 0;
const collector = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    exports++;
    const body = Buffer.concat(chunks).toString("utf8");
    spansReceived += body.split('"spanId"').length - 1;
    res.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
});
await new Promise<void>((resolve) => collector.listen(0, "127.0.0.1", resolve));
const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;

/** Starts an app and returns it with its process group (what its CPU is read from). */
async function started(name: string, env: Record<string, string>) {
  const before = new Set(childGroups(process.pid));
  const app = await startApp({ name, env: { LOG_LEVEL: "warn", ...env } });
  const group = childGroups(process.pid).find((g) => !before.has(g));
  if (group === undefined) throw new Error(`${name}: its process group was not found`);
  return { app, group };
}

async function lookupOf(app: AppInstance): Promise<string> {
  const v = SANDBOX_VEHICLES.syncAnswer;
  const res = await fetch(`${app.url}/api/lookups`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: app.url },
    body: JSON.stringify({ uf: v.uf, plate: v.plate, renavam: v.renavam, cpfCnpj: v.cpfCnpj }),
  });
  if (res.status !== 201) throw new Error(`lookup: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { lookupId: string }).lookupId;
}

/**
 * The server process alone (lib/server/serve.ts): the routes loaded here never reach the sandbox,
 * and the group's idle processes (supervisor, sandbox, SMTP child) only added their timers' noise.
 */
const serverCpu = (group: number) => commandCpuSeconds(group, "lib/server/serve.ts");

/** Autocannon's fixed-rate option, missing from its type declarations (lib/run.js reads it). */
type Paced = Options & { overallRate: number };
const paced = (url: string, duration: number): Paced => ({
  url,
  connections: CONNECTIONS,
  duration,
  overallRate: RATE,
});

async function load(url: string, group: number): Promise<{ r: Result; cpuPer1k: number }> {
  await autocannon(paced(url, 2)); // warm-up
  const before = serverCpu(group);
  const r = await autocannon(paced(url, DURATION));
  const after = serverCpu(group);
  if (r.non2xx > 0) throw new Error(`${url}: ${r.non2xx} answers were not 2xx`);
  return { r, cpuPer1k: ((after - before) / Math.max(1, r.requests.total ?? 0)) * 1000 };
}

const off = await started("tracing-off", {});
const on = await started("tracing-on", {
  OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
  OTEL_SERVICE_NAME: "placa-paga-bench",
});
try {
  const routes = [
    { name: "home page", path: () => "/" },
    { name: "lookup status", path: (id: string) => `/api/lookups/${id}` },
  ];
  const ids = { off: await lookupOf(off.app), on: await lookupOf(on.app) };
  const rows: (string | number)[][] = [];
  const ratios: number[] = [];
  for (const route of routes) {
    const cpu = { off: [] as number[], on: [] as number[] };
    const rate = { off: [] as number[], on: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? (["off", "on"] as const) : (["on", "off"] as const);
      for (const which of order) {
        const { app, group } = which === "off" ? off : on;
        const m = await load(`${app.url}${route.path(ids[which])}`, group);
        cpu[which].push(m.cpuPer1k);
        rate[which].push(m.r.requests.average);
      }
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const median = (xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b);
      return (s[Math.floor((s.length - 1) / 2)]! + s[Math.ceil((s.length - 1) / 2)]!) / 2;
    };
    const roundRatios = cpu.on.map((c, i) => c / cpu.off[i]!);
    const ratio = median(roundRatios);
    ratios.push(ratio);
    rows.push([
      route.name,
      Math.round(mean(rate.off)),
      Math.round(mean(rate.on)),
      `${mean(cpu.off).toFixed(2)} s`,
      `${mean(cpu.on).toFixed(2)} s`,
      `${ratio.toFixed(2)}x`,
      roundRatios.map((r) => r.toFixed(2)).join(" "),
    ]);
    target(
      `tracing-cpu-${route.name.replace(/ /g, "-")}`,
      `${mean(cpu.on).toFixed(2)} CPU s per 1k requests traced`,
      "≤ 1.1x",
      ratio <= 1.1,
      { baseline: `${mean(cpu.off).toFixed(2)} CPU s per 1k untraced`, ratio },
    );
  }
  printTable(
    `CPU per 1,000 requests, tracing off vs on (${RATE} req/s, ${DURATION} s, ${ROUNDS} rounds)`,
    ["route", "req/s off", "req/s on", "CPU off", "CPU on", "median ratio", "rounds"],
    rows,
  );
  console.log(`collector: ${exports} exports, ${spansReceived} spans`);
  if (spansReceived === 0) throw new Error("tracing on exported no span: the comparison is void");
} finally {
  await Promise.all([off.app.stop(), on.app.stop()]);
  collector.close();
}
