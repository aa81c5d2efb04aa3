import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { familyVehicle } from "@/lib/sandbox/catalog/family";
import { SANDBOX_CARDS } from "@/lib/sandbox/payments/cards-catalog";
import { cardBody, CUSTOMER } from "../support/storefront-flow";
import {
  freePort,
  signalGroup,
  spawnGroup,
  stopGroup,
  waitHealthy,
  waitUntil,
  type GroupProcess,
} from "../support/app-process";

// Crash recovery with real processes: the sandbox (its own process, so it outlives the crash) and
// the storefront started by scripts/start.ts (production build; the first run may build Next).
// A card payment is left pending (the `timeout` card: the upstream holds its answer back), the
// storefront is SIGKILLed, the upstream settles the payment while its webhooks fail, and after a
// restart on the same database the payment must reach `paid` on its own (webhook retry or the
// reconciliation sweep; nobody polls the status API meanwhile), recorded once.

const API_KEY = "sk_test_sandbox_default";
const SECRET = "crash-webhook-secret-0123456789abcdefghijklmnop";
const WITHHELD_MS = 6_000; // upstream answers the timeout card after this; we give up after 1.5 s
const plate = `TST${Math.floor(Math.random() * 10)}K${String(Math.floor(Math.random() * 100)).padStart(2, "0")}`;

let port: number;
let sandboxPort: number;
let base: string;
let sandbox: GroupProcess | undefined;
let storefront: GroupProcess | undefined;
const files = { db: "", log: "", out: "", err: "" };
const sandboxLogs: string[] = [];

function storefrontEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: String(port),
    PUBLIC_BASE_URL: base,
    DATABASE_URL: `file:./${files.db}`,
    UVVI_BASE_URL: `http://127.0.0.1:${sandboxPort}`,
    UVVI_API_KEY: API_KEY,
    WEBHOOK_SECRET: SECRET,
    UVVI_PAYMENT_TIMEOUT_MS: "1500",
    LOG_LEVEL: "info",
    LOG_FILE: files.log,
  };
}

async function startStorefront(timeoutMs: number): Promise<void> {
  // .next is shared: another run's `next build` may replace it under us. One retry covers that.
  for (let attempt = 1; ; attempt++) {
    storefront = spawnGroup(
      "npx",
      ["tsx", "scripts/start.ts"],
      storefrontEnv(),
      files.out,
      files.err,
    );
    try {
      await waitHealthy(`${base}/api/health`, storefront, timeoutMs);
      return;
    } catch (error) {
      await stopGroup(storefront);
      if (attempt >= 2) throw error;
    }
  }
}

const upstream = (p: string, init: RequestInit = {}) =>
  fetch(`http://127.0.0.1:${sandboxPort}${p}`, {
    ...init,
    headers: { "content-type": "application/json", "x-api-key": API_KEY, ...init.headers },
  });

async function api<T>(
  method: string,
  p: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${base}${p}`, {
    method,
    headers: { "content-type": "application/json", origin: base },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

type Delivery = {
  payload: { type: string; externalId: string; paymentId?: string; status?: string };
  attempts: { status: number | null }[];
  acknowledged: boolean;
};
const deliveriesFor = async (externalId: string) =>
  (
    (await (await upstream("/__sandbox/deliveries?type=payment-status-update")).json()) as {
      deliveries: Delivery[];
    }
  ).deliveries.filter((d) => d.payload.externalId === externalId);

function readDb<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(files.db, { readonly: true, fileMustExist: true });
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  port = await freePort();
  sandboxPort = await freePort();
  base = `http://127.0.0.1:${port}`;
  mkdirSync("data", { recursive: true });
  Object.assign(files, {
    db: `data/crash-${port}.db`,
    log: `data/crash-server-${port}.log`,
    out: `data/crash-${port}.stdout.log`,
    err: `data/crash-${port}.stderr.log`,
  });
  const sandboxEnv = {
    ...process.env,
    SANDBOX_PORT: String(sandboxPort),
    SANDBOX_LATENCY_SCALE: "0",
    SANDBOX_TIME_SCALE: "0.01",
    SANDBOX_WITHHELD_PAYMENT_MS: String(WITHHELD_MS),
    SANDBOX_API_KEYS: API_KEY,
  };
  sandboxLogs.push(
    `data/crash-sandbox-${sandboxPort}.stdout.log`,
    `data/crash-sandbox-${sandboxPort}.stderr.log`,
  );
  sandbox = spawnGroup(
    "npx",
    ["tsx", "lib/sandbox/main.ts"],
    sandboxEnv,
    sandboxLogs[0]!,
    sandboxLogs[1]!,
  );
  await waitHealthy(`http://127.0.0.1:${sandboxPort}/api/v1/health`, sandbox, 60_000, {
    "x-api-key": API_KEY,
  });
  // A remote upstream is registered once by `npm run webhook:register`; do it here.
  const reg = await upstream("/uvvi/v1/webhook-register", {
    method: "POST",
    body: JSON.stringify({ url: `${base}/api/webhooks/uvvi/${SECRET}` }),
  });
  expect(reg.status).toBe(200);
  await startStorefront(900_000); // scripts/start.ts builds first when the sources changed
}, 960_000);

let passed = false;
afterAll(async () => {
  await stopGroup(storefront);
  await stopGroup(sandbox);
  // Kept when the test failed, for the post-mortem.
  if (passed)
    for (const f of [...Object.values(files), ...sandboxLogs])
      for (const s of ["", "-wal", "-shm"]) rmSync(path.resolve(`${f}${s}`), { force: true });
});

describe("crash recovery", () => {
  it("a payment pending when the storefront is SIGKILLed reaches its final status after restart, once", async () => {
    // Lookup (webhook answer) -> checkout -> card token -> payment left pending.
    const v = familyVehicle(plate)!;
    const started = await api<{ lookupId: string }>("POST", "/api/lookups", {
      uf: v.uf,
      plate: v.plate,
      renavam: v.renavam,
      cpfCnpj: v.cpfCnpj,
    });
    expect(started.status).toBe(201);
    const { lookupId } = started.body;
    const debts = await waitUntil(
      "the lookup's debts",
      async () => {
        const view = (
          await api<{ status: string; debts: { id: string; type: string; dependsOn: string[] }[] }>(
            "GET",
            `/api/lookups/${lookupId}`,
          )
        ).body;
        return view.status === "debts" ? view.debts : undefined;
      },
      30_000,
    );
    const fine = debts.find((d) => d.type === "ticket" && d.dependsOn.length === 0)!;
    const checkout = await api<{ token: string }>("POST", "/api/checkouts", {
      lookupId,
      debtIds: [fine.id],
      customer: CUSTOMER,
      kind: "owner",
    });
    expect(checkout.status).toBe(201);
    const { token } = checkout.body;
    const card = await api<{ cardToken: string }>(
      "POST",
      `/api/checkouts/${token}/card-token`,
      cardBody(SANDBOX_CARDS.timeout.number),
    );
    expect(card.status).toBe(200);
    const attemptId = crypto.randomUUID();
    const paid = await api<{ ref: string; status: string; isFinal: boolean }>(
      "POST",
      `/api/checkouts/${token}/payments`,
      { attemptId, method: "credit_card", cardToken: card.body.cardToken, installments: 1 },
    );
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({
      status: expect.stringMatching(/^(pending|processing)$/),
      isFinal: false,
    });
    const ref = paid.body.ref;

    // Crash: SIGKILL the storefront (start script, npx and next-server: its process group only).
    signalGroup(storefront, "SIGKILL");
    await storefront!.exited;
    await expect(
      fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2_000) }),
    ).rejects.toThrow();

    // While we are down the upstream settles the payment; its webhook finds nobody.
    const failed = await waitUntil(
      "a failed paid webhook",
      async () => {
        const ds = await deliveriesFor(attemptId);
        return ds.find(
          (d) => d.payload.status === "paid" && d.attempts.length > 0 && !d.acknowledged,
        );
      },
      WITHHELD_MS + 20_000,
    );
    expect(failed.attempts.every((a) => a.status !== 200)).toBe(true);
    expect(
      readDb((db) => db.prepare("SELECT status FROM Payment WHERE publicRef = ?").get(ref)),
    ).toEqual({ status: paid.body.status });

    // Restart on the same database and sandbox; nobody calls the status API: recovery is the app's.
    const restartedAt = Date.now();
    await startStorefront(900_000);
    const final = await waitUntil(
      "the payment to be paid in the database",
      () => {
        const row = readDb(
          (db) =>
            db.prepare("SELECT status FROM Payment WHERE publicRef = ?").get(ref) as {
              status: string;
            },
        );
        return row.status === "paid" ? row : undefined;
      },
      120_000,
      500,
    );
    console.log(
      `crash recovery: paid ${((Date.now() - restartedAt) / 1000).toFixed(1)} s after the restart began; paid webhook attempts: ${JSON.stringify((await deliveriesFor(attemptId)).find((d) => d.payload.status === "paid")?.attempts.map((a) => a.status))}`,
    );
    expect(final.status).toBe("paid");

    // Nothing lost, nothing doubled: one Payment for the checkout, one upstream payment, one event per step.
    const { rows, events } = readDb((db) => ({
      rows: db
        .prepare(
          "SELECT p.publicRef AS id, p.status FROM Payment p JOIN Checkout c ON c.id = p.checkoutId WHERE c.publicToken = ?",
        )
        .all(token) as { id: string }[],
      events: db
        .prepare(
          "SELECT status, liquidationStatus, source FROM PaymentEvent WHERE paymentId = (SELECT id FROM Payment WHERE publicRef = ?) ORDER BY at",
        )
        .all(ref) as { status: string; liquidationStatus: string | null; source: string }[],
    }));
    expect(rows.map((r) => r.id)).toEqual([ref]);
    expect(new Set((await deliveriesFor(attemptId)).map((d) => d.payload.paymentId)).size).toBe(1);
    const steps = events.map((e) => `${e.status}/${e.liquidationStatus ?? ""}`);
    console.log(
      `payment events: ${events.map((e) => `${e.status}/${e.liquidationStatus ?? "-"} (${e.source})`).join(" -> ")}`,
    );
    expect(new Set(steps).size, steps.join(", ")).toBe(steps.length);
    expect(
      events.filter((e) => e.status === "paid" && (e.liquidationStatus ?? "pending") === "pending")
        .length,
    ).toBeLessThanOrEqual(1);
    expect(events.map((e) => e.status)).toContain("paid");
    const view = await api<{ status: string; isFinal: boolean }>("GET", `/api/payments/${ref}`);
    expect(view.body).toMatchObject({ status: "paid", isFinal: true });
    passed = true;
  }, 300_000);
});
