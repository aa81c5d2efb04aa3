import { mkdirSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { familyVehicle } from "@/lib/sandbox/catalog/family";
import { SANDBOX_VEHICLES } from "@/lib/sandbox/catalog/vehicles";
import { SANDBOX_CARDS } from "@/lib/sandbox/payments/cards-catalog";
import { cardBody, CUSTOMER } from "../support/storefront-flow";
import {
  freePort,
  spawnGroup,
  stopGroup,
  waitHealthy,
  type GroupProcess,
} from "../support/app-process";

// The client address and the shared limits, tried as an attacker would, over real HTTP against
// three storefront processes (production build, our server in lib/server/) on
// one SQLite file and one sandbox: A and B trust no proxy, C trusts loopback (TRUST_PROXY).
// A limit of N per address refuses request N+1 even when consecutive requests land on different
// instances and each carries its own forged X-Forwarded-For, X-Real-IP, Forwarded and even our
// internal header. Last, B is stopped with SIGTERM while a request is in flight.

const API_KEY = "sk_test_sandbox_default";
const SECRET = "client-address-webhook-secret-0123456789abcdef";
const N = 3;
const VEHICLE_LIMIT = 5;
const ports = { sandbox: 0, a: 0, b: 0, c: 0 };
let sandbox: GroupProcess | undefined;
const storefronts: Record<"a" | "b" | "c", GroupProcess | undefined> = {
  a: undefined,
  b: undefined,
  c: undefined,
};
const files: string[] = [];
let dbFile = "";
let checkoutToken = "";

const url = (which: "a" | "b" | "c") => `http://127.0.0.1:${ports[which]}`;
const upstream = (p: string, body: unknown) =>
  fetch(`http://127.0.0.1:${ports.sandbox}${p}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": API_KEY },
    body: JSON.stringify(body),
  });

async function startStorefront(
  which: "a" | "b" | "c",
  extra: Record<string, string> = {},
): Promise<void> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: String(ports[which]),
    PUBLIC_BASE_URL: url(which),
    DATABASE_URL: `file:./${dbFile}`,
    UVVI_BASE_URL: `http://127.0.0.1:${ports.sandbox}`,
    UVVI_API_KEY: API_KEY,
    WEBHOOK_SECRET: SECRET,
    LOG_LEVEL: "warn",
    RATE_LIMIT_LOOKUPS: String(N),
    RATE_LIMIT_CARD_TOKENS: String(N),
    RATE_LIMIT_CARD_TOKENS_PER_CHECKOUT: "100",
    RATE_LIMIT_PAYMENTS: String(N),
    RATE_LIMIT_VEHICLES: String(VEHICLE_LIMIT),
    RATE_LIMIT_CHECKOUTS: "100",
    RATE_LIMIT_INSTALLMENTS: "100",
    TRUST_PROXY: "",
    ...extra,
  };
  const out = `data/xff-${ports[which]}.stdout.log`;
  files.push(out, `data/xff-${ports[which]}.stderr.log`);
  // A through the start command (build, migrations); B and C as further instances of the same
  // server module on the migrated file: Prisma's schema engine cannot migrate a SQLite file another
  // process holds open (SocketTimeout), so a second `npm start` on a shared file fails at migrate.
  const [cmd, args] =
    which === "a"
      ? ["npx", ["tsx", "scripts/start.ts"]]
      : [process.execPath, ["--import", "tsx", "lib/server/serve.ts"]];
  storefronts[which] = spawnGroup(
    cmd as string,
    args as string[],
    env,
    out,
    `data/xff-${ports[which]}.stderr.log`,
  );
  await waitHealthy(`${url(which)}/api/health`, storefronts[which]!, 900_000); // the first one may build
}

let forgery = 0;
/** Headers a client makes up, different on every request (and our internal header, which the server overwrites). */
function forged(): Record<string, string> {
  forgery++;
  const made = `10.${forgery % 250}.${Math.floor(forgery / 250)}.7`;
  return {
    "x-forwarded-for": made,
    "x-real-ip": `172.16.0.${forgery % 250}`,
    forwarded: `for="[2001:db8::${forgery.toString(16)}]"`,
    "x-placa-client-ip": `192.168.${forgery % 250}.1`,
  };
}

async function post(
  which: "a" | "b" | "c",
  p: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${url(which)}${p}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url(which), ...headers },
    body: JSON.stringify(body),
  });
}

const vehicle = familyVehicle("TST7X41")!;
const lookupBody = {
  uf: vehicle.uf,
  plate: vehicle.plate,
  renavam: vehicle.renavam,
  cpfCnpj: vehicle.cpfCnpj,
};
/** Alternates A, B, A, B...: no two consecutive requests reach the same process. */
const instance = (i: number) => (i % 2 === 0 ? "a" : "b");

beforeAll(async () => {
  Object.assign(ports, {
    sandbox: await freePort(),
    a: await freePort(),
    b: await freePort(),
    c: await freePort(),
  });
  mkdirSync("data", { recursive: true });
  dbFile = `data/xff-${ports.a}.db`;
  const sandboxEnv = {
    ...process.env,
    SANDBOX_PORT: String(ports.sandbox),
    SANDBOX_LATENCY_SCALE: "0",
    SANDBOX_API_KEYS: API_KEY,
  };
  files.push(
    `data/xff-sandbox-${ports.sandbox}.stdout.log`,
    `data/xff-sandbox-${ports.sandbox}.stderr.log`,
  );
  sandbox = spawnGroup(
    "npx",
    ["tsx", "lib/sandbox/main.ts"],
    sandboxEnv,
    files.at(-2)!,
    files.at(-1)!,
  );
  await waitHealthy(`http://127.0.0.1:${ports.sandbox}/api/v1/health`, sandbox, 60_000, {
    "x-api-key": API_KEY,
  });
  await startStorefront("a");
  await startStorefront("b");
  await startStorefront("c", { TRUST_PROXY: "loopback" });
  // A checkout to tokenize cards on, made through C as an honest proxy's client (its own address).
  const honest = { "x-forwarded-for": "192.0.2.50" };
  const s = SANDBOX_VEHICLES.syncAnswer;
  const lookup = await post(
    "c",
    "/api/lookups",
    { uf: s.uf, plate: s.plate, renavam: s.renavam, cpfCnpj: s.cpfCnpj },
    honest,
  );
  expect(lookup.status).toBe(201);
  const { lookupId } = (await lookup.json()) as { lookupId: string };
  const view = (await (await fetch(`${url("c")}/api/lookups/${lookupId}`)).json()) as {
    debts: { id: string; type: string }[];
  };
  const fine = view.debts.find((d) => d.type === "ticket")!;
  const checkout = await post(
    "c",
    "/api/checkouts",
    { lookupId, debtIds: [fine.id], customer: CUSTOMER, kind: "owner" },
    honest,
  );
  expect(checkout.status).toBe(201);
  checkoutToken = ((await checkout.json()) as { token: string }).token;
}, 1_200_000);

let passed = 0;
afterAll(async () => {
  for (const p of Object.values(storefronts)) await stopGroup(p);
  await stopGroup(sandbox);
  if (passed === 7)
    for (const f of [...files, dbFile, `${dbFile}-wal`, `${dbFile}-shm`])
      rmSync(path.resolve(f), { force: true });
});

describe("per-address limits against forged address headers, across instances", () => {
  it(`lookups: ${N} per address, then 429, though every request forges its address and lands on another instance`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= N + 2; i++)
      statuses.push((await post(instance(i), "/api/lookups", lookupBody, forged())).status);
    expect(statuses).toEqual([...Array(N).fill(201), 429, 429, 429]);
    passed++;
  });

  it(`card tokens: ${N} per address, then 429`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= N; i++)
      statuses.push(
        (
          await post(
            instance(i),
            `/api/checkouts/${checkoutToken}/card-token`,
            cardBody(SANDBOX_CARDS.visaPaid.number),
            forged(),
          )
        ).status,
      );
    expect(statuses).toEqual([...Array(N).fill(200), 429]);
    passed++;
  });

  it(`payments: ${N} attempts per address, then 429 (each attempt counted, even a refused one)`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= N; i++) {
      const body = {
        attemptId: crypto.randomUUID(),
        method: "credit_card",
        cardToken: `tok_guess_${i}`,
        installments: 1,
      };
      statuses.push(
        (await post(instance(i), `/api/checkouts/${checkoutToken}/payments`, body, forged()))
          .status,
      );
    }
    expect(statuses).toEqual([...Array(N).fill(422), 429]);
    passed++;
  });

  it(`${VEHICLE_LIMIT * 2 + 2} concurrent vehicle lookups on two processes: exactly ${VEHICLE_LIMIT} pass`, async () => {
    const answers = await Promise.all(
      Array.from({ length: VEHICLE_LIMIT * 2 + 2 }, (_, i) =>
        fetch(`${url(instance(i))}/api/vehicles/${vehicle.plate}?uf=${vehicle.uf}`, {
          headers: forged(),
        }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(VEHICLE_LIMIT + 2);
    expect(statuses.filter((s) => s === 200)).toHaveLength(VEHICLE_LIMIT);
    passed++;
  });

  it("with TRUST_PROXY=loopback the proxy's hop is honoured, and only that hop: forged entries to its left count for nothing", async () => {
    const from = (xff: string) =>
      post("c", "/api/lookups", lookupBody, {
        "x-forwarded-for": xff,
        "x-real-ip": "192.0.2.1",
        forwarded: "for=192.0.2.2",
      });
    const statuses: number[] = [];
    for (let i = 0; i < N; i++) statuses.push((await from("198.51.100.7")).status);
    statuses.push((await from("203.0.113.1, 198.51.100.7")).status); // a made-up first hop: still 198.51.100.7
    statuses.push((await from("198.51.100.8")).status); // another client behind the proxy
    expect(statuses).toEqual([...Array(N).fill(201), 429, 201]);
    // A trusts no proxy: the same header from the same socket is the socket's address, long spent.
    expect(
      (await post("a", "/api/lookups", lookupBody, { "x-forwarded-for": "198.51.100.9" })).status,
    ).toBe(429);
    passed++;
  });
});

describe("keep-alive", () => {
  it("a connection left idle for 6 s (past Node's default 5 s) is still open: the next request reuses it and is answered", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const health = () =>
      new Promise<{ status?: number; socket: unknown }>((resolve, reject) => {
        const req = http.get(`${url("a")}/api/health`, { agent }, (res) => {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode, socket: req.socket }));
        });
        req.on("error", reject);
      });
    try {
      const first = await health();
      expect(first.status).toBe(200);
      await new Promise((r) => setTimeout(r, 6_000));
      const second = await health();
      expect(second.status).toBe(200);
      expect(second.socket).toBe(first.socket);
    } finally {
      agent.destroy();
    }
    passed++;
  });
});

describe("graceful shutdown", () => {
  it("on SIGTERM a request in flight is answered, then the server runs its shutdown hooks and exits", async () => {
    // The upstream holds the simulation for 2 s; SIGTERM arrives meanwhile.
    const fault = await upstream("/__sandbox/faults", {
      path: "/uvvi/v1/installments",
      fault: "slow",
      delayMs: 2_000,
      times: 1,
    });
    expect(fault.status).toBeLessThan(300);
    const inFlight = post("b", "/api/installments", { amountCents: 12_345 });
    await new Promise((r) => setTimeout(r, 500));
    const stopping = stopGroup(storefronts.b, 30_000);
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { options: unknown[] }).options.length).toBeGreaterThan(0);
    await stopping;
    storefronts.b = undefined;
    const out = readFileSync(`data/xff-${ports.b}.stdout.log`, "utf8");
    expect(out).toMatch(/\[server\] SIGTERM: not accepting connections; 1 request\(s\) in flight/);
    expect(out).toMatch(/\[server\] shutdown hooks done \(0 failed, 0 timed out\)/);
    await expect(
      fetch(`${url("b")}/api/health`, { signal: AbortSignal.timeout(2_000) }),
    ).rejects.toThrow();
    passed++;
  }, 60_000);
});
