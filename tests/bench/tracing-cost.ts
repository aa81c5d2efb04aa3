// npm run bench:tracing   (or: npm run bench -- --only tracing-cost)
// What tracing costs the server (docs/tracing.md): CPU per request with spans exported over OTLP to
// a collector in this process that only counts them, against the same build with tracing off, in
// the same run. Two routes: the home page (Next's render: its own spans join ours) and a lookup's
// status (GET /api/lookups/{id}: database reads). Each instance is loaded alone (the other idles),
// in two rounds of opposite order, so neither gets the machine's better moments. Target: at most
// 1.1x the CPU per request of tracing off.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import autocannon, { type Result } from "autocannon";
import { SANDBOX_VEHICLES } from "@/lib/sandbox/catalog/vehicles";
import { arg, startApp, type AppInstance } from "./lib/app-instance";
import { childGroups, groupCpuSeconds } from "./lib/process-cpu";
import { printTable, target } from "./lib/table";

const DURATION = Number(arg("duration", "10"));
const CONNECTIONS = 10;

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

async function load(url: string, group: number): Promise<{ r: Result; cpuPer1k: number }> {
  await autocannon({ url, connections: CONNECTIONS, duration: 2 }); // warm-up
  const [before] = groupCpuSeconds([group]);
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
  const [after] = groupCpuSeconds([group]);
  if (r.non2xx > 0) throw new Error(`${url}: ${r.non2xx} answers were not 2xx`);
  return { r, cpuPer1k: ((after! - before!) / Math.max(1, r.requests.total ?? 0)) * 1000 };
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
    for (const order of [
      ["off", "on"],
      ["on", "off"],
    ] as const) {
      for (const which of order) {
        const { app, group } = which === "off" ? off : on;
        const m = await load(`${app.url}${route.path(ids[which])}`, group);
        cpu[which].push(m.cpuPer1k);
        rate[which].push(m.r.requests.average);
      }
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const ratio = mean(cpu.on) / mean(cpu.off);
    ratios.push(ratio);
    rows.push([
      route.name,
      Math.round(mean(rate.off)),
      Math.round(mean(rate.on)),
      `${mean(cpu.off).toFixed(2)} s`,
      `${mean(cpu.on).toFixed(2)} s`,
      `${ratio.toFixed(2)}x`,
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
    `CPU per 1,000 requests, tracing off vs on (${CONNECTIONS} connections, ${DURATION} s, 2 rounds)`,
    ["route", "req/s off", "req/s on", "CPU off", "CPU on", "ratio"],
    rows,
  );
  console.log(`collector: ${exports} exports, ${spansReceived} spans`);
  if (spansReceived === 0) throw new Error("tracing on exported no span: the comparison is void");
} finally {
  await Promise.all([off.app.stop(), on.app.stop()]);
  collector.close();
}
