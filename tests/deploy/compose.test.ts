import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import {
  closeSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { parseDataKey, parseIndexKey } from "../../lib/env/schema";
import { buildKeyring, contactHash, open } from "../../lib/privacy/cipher";
import { SANDBOX_VEHICLES } from "../../lib/sandbox/catalog/vehicles";
import { freePort } from "../support/app-process";
import { hostSecrets } from "./host-secrets";

// The image and compose.yaml as an operator runs them (docs/deploy.md): images built on this
// machine against a local Debian base (no registry is reachable here: toolchain.md, "Containers"),
// PostgreSQL, the one-shot migration, two instances, the proxy and the sandbox service, then a
// lookup answered by webhook, a PIX paid and a despachante's batch through the proxy, one instance
// stopped with SIGTERM mid-traffic and a rolling restart without a failed request. The second half
// of npm run test:deploy, a step of .ci/run (npm run test:compose alone).
//
// Reused between runs: the Debian base, the Node base and the PostgreSQL and Caddy stand-ins stay in
// podman's store (built only when missing); the storefront image is built from `dist/` each run,
// and `dist/` reuses the Next build test:deploy's first half made when the sources are the same
// (scripts/build-dist.ts: its source stamp).

const REPO = process.cwd();
const dir = mkdtempSync(path.join(tmpdir(), "placa-paga-compose-"));
const CONF = path.join(dir, "containers.conf");
const IMAGE = "localhost/placa-paga:compose-test";
const sandboxKey = { "x-api-key": "sk_test_sandbox_default" };
// The deployment's public address: the proxy on the compose network, which the sandbox's webhooks
// reach (the test reaches the proxy by a published port instead).
const PUBLIC_BASE_URL = "http://proxy";
let proxy: string;
let sandbox: string;
let started = false;
let failed = false;
const secret = () => randomBytes(32).toString("base64");
// This deployment's data keys: the test opens the sign-in e-mail the outbox sealed with them.
const dataKey = `k1:${secret()}`;
const indexKey = secret();

function podman(args: string[], options: { quiet?: boolean } = {}): string {
  return execFileSync("podman", args, {
    encoding: "utf8",
    env: { ...process.env, CONTAINERS_CONF: CONF },
    stdio: ["ignore", "pipe", options.quiet ? "pipe" : "inherit"],
    maxBuffer: 64 * 1024 * 1024,
  });
}

function compose(args: string[]): void {
  const run = spawnSync(
    "podman-compose",
    ["-f", "compose.yaml", "-f", "compose.sandbox.yaml", "-f", "compose.test.yaml", ...args],
    { cwd: dir, env: { ...process.env, CONTAINERS_CONF: CONF }, encoding: "utf8" },
  );
  if (run.status !== 0)
    throw new Error(`podman-compose ${args.join(" ")}: ${run.stderr.slice(-2000)}`);
}

/** Runs a step of the setup and says how long it took (the run's own account of its minutes). */
async function timed<T>(what: string, step: () => T | Promise<T>): Promise<T> {
  const t0 = performance.now();
  try {
    return await step();
  } finally {
    console.log(`[compose] ${what}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
}

const hasImage = (name: string) =>
  spawnSync("podman", ["image", "exists", name], { env: { ...process.env, CONTAINERS_CONF: CONF } })
    .status === 0;

async function baseImages(): Promise<void> {
  if (!hasImage("localhost/debian:bookworm"))
    await timed("the Debian base (debootstrap)", debianBase);
  if (!hasImage("localhost/node-base:20")) await timed("the Node base", nodeBase);
  for (const [name, ctx] of [
    ["localhost/postgres:15", "deploy/local-images/postgres"],
    ["localhost/caddy:2", "deploy/local-images/caddy"],
  ] as const)
    if (!hasImage(name))
      await timed(name, () =>
        podman(
          [
            "build",
            "-q",
            "--network",
            "host",
            "--build-arg",
            "BASE=localhost/debian:bookworm",
            "-t",
            name,
            ctx,
          ],
          { quiet: true },
        ),
      );
}

/** localhost/debian:bookworm: Debian's minbase, from the machine's own mirror. */
function debianBase(): void {
  const sources = readFileSync("/etc/apt/sources.list.d/debian.sources", "utf8");
  const mirror = /^URIs:\s*(\S+)/m.exec(sources)?.[1] ?? "http://deb.debian.org/debian";
  const root = path.join(dir, "debian");
  execFileSync("debootstrap", ["--variant=minbase", "bookworm", root, mirror], {
    stdio: "ignore",
  });
  execFileSync("sh", ["-c", `tar -C '${root}' -c . | podman import - localhost/debian:bookworm`], {
    env: { ...process.env, CONTAINERS_CONF: CONF },
    stdio: "ignore",
  });
  rmSync(root, { recursive: true, force: true });
}

/** localhost/node-base:20: the Debian base with this machine's own `node`. */
function nodeBase(): void {
  const ctx = path.join(dir, "node-base");
  mkdirSync(ctx);
  cpSync(process.execPath, path.join(ctx, "node"));
  writeFileSync(
    path.join(ctx, "Containerfile"),
    "FROM localhost/debian:bookworm\nCOPY node /usr/local/bin/node\n",
  );
  podman(["build", "-q", "-t", "localhost/node-base:20", ctx], { quiet: true });
}

/** The last lines a service's container printed (running or exited). */
function logsOf(service: string, lines = 40): string {
  let name: string;
  try {
    name = containerOf(service, { all: true });
  } catch {
    return "(no container)";
  }
  const run = spawnSync("podman", ["logs", "--tail", String(lines), name], {
    env: { ...process.env, CONTAINERS_CONF: CONF },
    encoding: "utf8",
  });
  return `${run.stdout}${run.stderr}`;
}

/** The container of a compose service of this test's project (podman-compose names them itself). */
function containerOf(service: string, options: { all?: boolean } = {}): string {
  const names = podman(
    [
      "ps",
      ...(options.all ? ["-a"] : []),
      "--filter",
      `label=com.docker.compose.project.working_dir=${dir}`,
      "--filter",
      `label=com.docker.compose.service=${service}`,
      "--format",
      "{{.Names}}",
    ],
    { quiet: true },
  ).trim();
  if (!names) throw new Error(`no running container for ${service}`);
  return names.split("\n")[0]!;
}

/** One SQL statement's rows (unaligned, tab-separated) from the deployment's PostgreSQL. */
function sql(statement: string): string {
  return podman(
    [
      "exec",
      containerOf("db"),
      "psql",
      "-U",
      "placa",
      "-d",
      "placa_paga",
      "-AtF",
      "\t",
      "-c",
      statement,
    ],
    { quiet: true },
  ).trim();
}

/**
 * A despachante signed in through the proxy as a person is: the sign-in link asked for, read from
 * the e-mail the request queued (the outbox row, opened with this deployment's data key: no SMTP
 * relay here), opened through the proxy; the session cookie it sets.
 */
async function signInThroughProxy(email: string): Promise<string> {
  // better-auth trusts the public address's Origin (PUBLIC_BASE_URL, what a browser on it sends),
  // not the Host this test reaches the proxy by.
  const asked = await json(
    "POST",
    `${proxy}/api/auth/sign-in/magic-link`,
    { email, callbackURL: "/painel", errorCallbackURL: "/entrar?erro=link" },
    { origin: PUBLIC_BASE_URL },
  );
  expect(asked).toMatchObject({ status: 200 });
  const ring = buildKeyring(parseDataKey(dataKey)!, [], parseIndexKey(indexKey)!);
  const props = await until("the sign-in e-mail", async () => {
    const row = sql(
      `SELECT props FROM "MailMessage" WHERE template = 'sign-in-link' AND "toIndex" = '${contactHash(ring, email)}' ORDER BY "createdAt" DESC LIMIT 1`,
    );
    return row || undefined;
  });
  const link = new URL((JSON.parse(open(ring, props)) as { signInUrl: string }).signInUrl);
  // The link names the deployment's public address (http://proxy): the same path on the proxy.
  const res = await fetch(`${proxy}${link.pathname}${link.search}`, {
    redirect: "manual",
    signal: AbortSignal.timeout(30_000),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] ?? "")
    .filter((c) => !c.endsWith("="))
    .join("; ");
  if (!cookie.includes("session_token"))
    throw new Error(`no session cookie from the sign-in link: ${res.status}`);
  return cookie;
}

/** Whether the instance in `container` answers its own readiness, asked from inside it. */
function instanceReady(container: string): true | undefined {
  const probe =
    "fetch('http://127.0.0.1:3000/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))";
  const run = spawnSync("podman", ["exec", container, "node", "-e", probe], {
    env: { ...process.env, CONTAINERS_CONF: CONF },
  });
  return run.status === 0 ? true : undefined;
}

/** 20 page requests a second through the proxy while `act` runs: every answer's status (0: failed). */
async function trafficDuring(act: () => Promise<void>): Promise<number[]> {
  const results: number[] = [];
  let loading = true;
  const load = (async () => {
    const inFlight: Promise<void>[] = [];
    while (loading) {
      inFlight.push(
        fetch(`${proxy}/consulta`, { signal: AbortSignal.timeout(30_000) })
          .then(async (r) => {
            await r.arrayBuffer();
            results.push(r.status);
          })
          .catch(() => void results.push(0)),
      );
      await sleep(50);
    }
    await Promise.all(inFlight);
  })();
  try {
    await act();
  } finally {
    loading = false;
    await load;
  }
  return results;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function json<T>(
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(url, {
    method,
    headers: {
      accept: "application/json",
      ...(body === undefined ? {} : { "content-type": "application/json", origin: proxy }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) as T };
  } catch {
    throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  }
}

async function until<T>(what: string, read: () => Promise<T | undefined>, ms = 90_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms / 1000} s`);
    await sleep(500);
  }
}

beforeAll(async () => {
  writeFileSync(
    CONF,
    '[containers]\ndefault_ulimits = ["nofile=1024:1024", "nproc=1024:1024"]\n[engine]\nruntime = "runc"\ncgroup_manager = "cgroupfs"\n',
  );
  await baseImages();
  await timed("dist/ (npm run build:dist)", () =>
    execFileSync("npx", ["tsx", "scripts/build-dist.ts"], {
      stdio: ["ignore", "ignore", "inherit"],
    }),
  );
  await timed("the image", () =>
    podman(
      [
        "build",
        "-q",
        "--build-arg",
        "BASE=localhost/node-base:20",
        "--build-arg",
        "DIST_FROM=prebuilt",
        "-t",
        IMAGE,
        REPO,
      ],
      { quiet: true },
    ),
  );
  for (const f of ["compose.yaml", "compose.sandbox.yaml"])
    cpSync(path.join(REPO, f), path.join(dir, f));
  cpSync(path.join(REPO, "deploy", "Caddyfile"), path.join(dir, "deploy", "Caddyfile"));
  const httpPort = await freePort();
  const sandboxPort = await freePort();
  proxy = `http://127.0.0.1:${httpPort}`;
  sandbox = `http://127.0.0.1:${sandboxPort}`;
  // The test reaches the sandbox's controls (to pay a PIX) from the host.
  writeFileSync(
    path.join(dir, "compose.test.yaml"),
    `services:\n  sandbox:\n    ports:\n      - "127.0.0.1:${sandboxPort}:4010"\n`,
  );
  writeFileSync(
    path.join(dir, ".env"),
    [
      `PLACA_PAGA_IMAGE=${IMAGE}`,
      "POSTGRES_IMAGE=localhost/postgres:15",
      "PROXY_IMAGE=localhost/caddy:2",
      `HTTP_PORT=${httpPort}`,
      `POSTGRES_PASSWORD=${randomBytes(16).toString("hex")}`,
      // The address the sandbox's webhooks reach: the proxy, on the compose network.
      `PUBLIC_BASE_URL=${PUBLIC_BASE_URL}`,
      "UVVI_BASE_URL=http://sandbox:4010",
      "UVVI_API_KEY=sk_test_sandbox_default",
      `WEBHOOK_SECRET=${secret()}`,
      `DATA_ENCRYPTION_KEY=${dataKey}`,
      `DATA_INDEX_KEY=${indexKey}`,
      "SMTP_URL=smtp://127.0.0.1:9",
      "",
    ].join("\n"),
  );
  started = true;
  await timed("up, both instances and the proxy ready", async () => {
    compose(["up", "-d"]);
    // Up means both instances ready, each asked directly (the proxy answers as soon as one is).
    for (const service of ["app1", "app2"])
      await until(`${service}'s readiness`, async () => instanceReady(containerOf(service)));
    await until("the proxy's readiness", async () =>
      (await fetch(`${proxy}/api/ready`)).status === 200 ? true : undefined,
    );
  });
}, 15 * 60_000);

afterEach((ctx) => {
  if (ctx.task.result?.state !== "fail") return;
  failed = true;
  // At the failure, not at the end: the tests after it (a SIGTERM, a rolling restart) would push
  // its lines out of the tail, and a stuck request is only explained by what was printed then.
  for (const service of ["app1", "app2", "sandbox"])
    console.error(`--- ${service}, after "${ctx.task.name}"\n${logsOf(service, 300)}`);
});

afterAll(() => {
  const env = { ...process.env, CONTAINERS_CONF: CONF };
  try {
    // What each service printed, when something failed: the only trace of a container's side.
    if (failed)
      for (const service of ["migrate", "app1", "app2", "proxy", "sandbox"])
        console.error(`--- ${service}\n${logsOf(service)}`);
    // Every container of the project first, the rolling restart's clones included (no service of
    // the compose files, and a running one would keep `down` from removing the network).
    const all = spawnSync(
      "podman",
      ["ps", "-a", "-q", "--filter", `label=com.docker.compose.project.working_dir=${dir}`],
      { env, encoding: "utf8" },
    )
      .stdout.split("\n")
      .filter(Boolean);
    if (all.length) spawnSync("podman", ["rm", "-f", "-t", "0", ...all], { env });
    if (started) compose(["down", "-v"]);
  } finally {
    // podman-compose 1.0.3's down leaves the project's network behind.
    spawnSync("podman", ["network", "rm", "-f", `${path.basename(dir).toLowerCase()}_default`], {
      env,
    });
    // Rebuilt by every run: kept, they (and the build's untagged stage images) would pile up.
    spawnSync("podman", ["rmi", "-f", IMAGE, `${IMAGE}-next`], { env });
    spawnSync("podman", ["image", "prune", "-f"], { env });
    rmSync(dir, { recursive: true, force: true });
  }
}, 2 * 60_000);

describe("compose.yaml with the image", () => {
  it("no layer of the image, nor its configuration, holds a secret of the machine that built it", () => {
    // The build host's own generated keys and webhook secret (./data), which .dockerignore keeps out
    // of the context and the build script out of dist/; and no live upstream key of any shape.
    const secrets = Object.values(hostSecrets());
    const archive = path.join(dir, "image.tar");
    // docker-archive: every layer as an uncompressed tar, and the image's configuration.
    podman(["save", "--format", "docker-archive", "-o", archive, IMAGE], { quiet: true });
    const found: string[] = [];
    const fd = openSync(archive, "r");
    const chunk = Buffer.alloc(16 * 1024 * 1024);
    let carry = "";
    let bytes = 0;
    try {
      for (let n; (n = readSync(fd, chunk, 0, chunk.length, null)) > 0; bytes += n) {
        // Overlapping by the longest needle, so a secret cut between two reads is still seen.
        const text = carry + chunk.toString("latin1", 0, n);
        for (const secret of secrets) if (text.includes(secret)) found.push("a host secret");
        const live = /sk_live_[A-Za-z0-9_-]{6,}/.exec(text);
        if (live) found.push(live[0].slice(0, 12));
        carry = text.slice(-200);
      }
    } finally {
      closeSync(fd);
      rmSync(archive, { force: true });
    }
    expect(bytes).toBeGreaterThan(50 * 1024 * 1024);
    expect(found).toEqual([]);
    const config = podman(["image", "inspect", IMAGE], { quiet: true });
    expect(config).toContain('"User": "placa"');
    for (const secret of secrets) expect(config.includes(secret)).toBe(false);
  });

  it("a lookup answered by the sandbox's webhook and a PIX paid, through the proxy", async () => {
    const v = SANDBOX_VEHICLES.withDebts;
    const started = await json<{ lookupId: string }>("POST", `${proxy}/api/lookups`, {
      uf: v.uf,
      plate: v.plate,
      renavam: v.renavam,
      cpfCnpj: v.cpfCnpj,
    });
    expect(started.status).toBe(201);
    type Debt = { id: string; dependsOn: string[]; type: string };
    const lookup = await until("the lookup's answer", async () => {
      const r = await json<{ status: string; debts: Debt[] }>(
        "GET",
        `${proxy}/api/lookups/${started.body.lookupId}`,
      );
      return r.body.status === "pending" || r.body.status === "delayed" ? undefined : r.body;
    });
    const fine = lookup.debts.find((d) => d.type === "ticket" && d.dependsOn.length === 0)!;
    expect(fine).toBeDefined();
    const checkout = await json<{ token: string }>("POST", `${proxy}/api/checkouts`, {
      lookupId: started.body.lookupId,
      debtIds: [fine.id],
      customer: {
        name: "Maria da Silva",
        email: "maria@example.com",
        phone: "11987654321",
        cpfCnpj: "52998224725",
      },
      kind: "owner",
    });
    expect(checkout.status).toBe(201);
    const pix = await json<{ ref: string; status: string; pix?: { qrCode: string } }>(
      "POST",
      `${proxy}/api/checkouts/${checkout.body.token}/payments`,
      { attemptId: randomUUID(), method: "pix" },
    );
    expect(pix.body.status).toBe("awaiting_payment");
    const qrCode = await until("the PIX code", async () => {
      const r = await json<{ pix?: { qrCode: string } }>(
        "GET",
        `${proxy}/api/payments/${pix.body.ref}`,
      );
      return r.body.pix?.qrCode;
    });
    const found = await json<{ paymentId: string }>(
      "GET",
      `${sandbox}/__sandbox/pix/by-code?qrCode=${encodeURIComponent(qrCode)}`,
      undefined,
      sandboxKey,
    );
    expect(
      (
        await json(
          "POST",
          `${sandbox}/__sandbox/pix/${found.body.paymentId}/pay`,
          undefined,
          sandboxKey,
        )
      ).status,
    ).toBe(200);
    const paid = await until("the PIX paid", async () => {
      const r = await json<{ status: string }>("GET", `${proxy}/api/payments/${pix.body.ref}`);
      return r.body.status === "paid" ? r.body : undefined;
    });
    expect(paid.status).toBe("paid");
  });

  it("a despachante's batch through the public API: every item ends as the sandbox answers it", async () => {
    // The account and its key the way a despachante makes them (sign-in link, /painel/api), then
    // the API: one client and vehicle per plate, a batch of them, read until every item ended.
    const cookie = await signInThroughProxy(`lote.${Date.now()}@despachante.test`);
    const made = await json<{ key: string }>(
      "POST",
      `${proxy}/api/workspace/api-keys`,
      { name: "Teste da implantação", scope: "write" },
      { cookie },
    );
    expect(made.status).toBe(201);
    const bearer = { authorization: `Bearer ${made.body.key}` };
    const { withDebts, noDebts, notFoundInLookup } = SANDBOX_VEHICLES;
    const vehicleIds: string[] = [];
    for (const v of [withDebts, noDebts, notFoundInLookup]) {
      const client = await json<{ id: string }>(
        "POST",
        `${proxy}/api/v1/clients`,
        { name: "Maria da Silva", cpfCnpj: v.cpfCnpj },
        { ...bearer, "idempotency-key": randomUUID() },
      );
      expect(client.status).toBe(201);
      const vehicle = await json<{ id: string }>(
        "POST",
        `${proxy}/api/v1/clients/${client.body.id}/vehicles`,
        { plate: v.plate, uf: v.uf, renavam: v.renavam },
        { ...bearer, "idempotency-key": randomUUID() },
      );
      expect(vehicle.status).toBe(201);
      vehicleIds.push(vehicle.body.id);
    }
    type Progress = { total: number; remaining: number };
    const batch = await json<{ id: string; progress: Progress }>(
      "POST",
      `${proxy}/api/v1/batches`,
      { scope: "vehicles", vehicleIds },
      { ...bearer, "idempotency-key": randomUUID() },
    );
    expect(batch.status).toBe(201);
    expect(batch.body.progress.total).toBe(3);
    await until(
      "the batch's end",
      async () => {
        const r = await json<{ progress: Progress }>(
          "GET",
          `${proxy}/api/v1/batches/${batch.body.id}`,
          undefined,
          bearer,
        );
        return r.body.progress.remaining === 0 ? true : undefined;
      },
      180_000,
    );
    type Item = {
      plate: string;
      status: string;
      errorCode: string | null;
      totalCents: number | null;
      debts: { type: string }[];
    };
    const items = await json<{ data: Item[] }>(
      "GET",
      `${proxy}/api/v1/batches/${batch.body.id}/items`,
      undefined,
      bearer,
    );
    const byPlate = new Map(items.body.data.map((i) => [i.plate, i]));
    // Three outcomes only the sandbox's catalog gives these plates: debts, none, not found.
    const debts = byPlate.get(withDebts.plate)!;
    expect(debts.status).toBe("done");
    expect(debts.debts.map((d) => d.type)).toEqual(expect.arrayContaining(["ticket", "ipva"]));
    expect(debts.totalCents).toBeGreaterThan(0);
    expect(byPlate.get(noDebts.plate)).toMatchObject({ status: "done", debts: [] });
    expect(byPlate.get(notFoundInLookup.plate)).toMatchObject({
      status: "failed",
      errorCode: "NOT_FOUND",
    });
  });

  it("SIGTERM to one instance mid-traffic: not one request fails", async () => {
    const app1 = containerOf("app1");
    const results = await trafficDuring(async () => {
      await sleep(3000);
      // podman stop sends SIGTERM (the image's STOPSIGNAL default) and waits up to 35 s.
      podman(["stop", "-t", "35", app1], { quiet: true });
      await sleep(9000);
    });
    expect(results.length).toBeGreaterThan(150);
    expect(results.filter((s) => s !== 200)).toEqual([]);
    expect(podman(["logs", app1], { quiet: true })).toContain("shutdown hooks done");
  });

  it("a rolling restart onto a release with an expand migration keeps answering", async () => {
    // The next release: this image plus a migration that only adds (expand), so the instances
    // still on this release keep working against the migrated schema while the others restart.
    const ctx = path.join(dir, "next-release");
    const migration = path.join(ctx, "29991231000000_deploy_test_expand");
    mkdirSync(migration, { recursive: true });
    writeFileSync(
      path.join(migration, "migration.sql"),
      'ALTER TABLE "Payment" ADD COLUMN "deployTestNote" TEXT;\n',
    );
    writeFileSync(
      path.join(ctx, "Containerfile"),
      `FROM ${IMAGE}\nCOPY --chown=root:root 29991231000000_deploy_test_expand /app/prisma/postgresql/migrations/29991231000000_deploy_test_expand\n`,
    );
    podman(["build", "-q", "-t", `${IMAGE}-next`, ctx], { quiet: true });
    const results = await trafficDuring(async () => {
      // The release's migration step, then each instance in turn: a clone on the new image starts
      // (it waits for the schema, then serves), and only then the old one gets SIGTERM.
      const migrate = containerOf("migrate", { all: true });
      const next = `${migrate}-next`;
      podman(["container", "clone", migrate, next, `${IMAGE}-next`], { quiet: true });
      podman(["start", "--attach", next], { quiet: true });
      for (const service of ["app1", "app2"]) {
        const old = containerOf(service, { all: true });
        podman(["container", "clone", old, `${old}-next`, `${IMAGE}-next`], { quiet: true });
        podman(["start", `${old}-next`], { quiet: true });
        await until(`${service} on the new release`, async () => instanceReady(`${old}-next`));
        podman(["stop", "-t", "35", old], { quiet: true });
      }
      // Served by the new release alone for a while.
      await sleep(3000);
    });
    expect(results.length).toBeGreaterThan(60);
    expect(results.filter((s) => s !== 200)).toEqual([]);
    const applied = sql(
      "SELECT count(*) FROM \"_prisma_migrations\" WHERE migration_name = '29991231000000_deploy_test_expand'",
    );
    expect(applied).toBe("1");
  });
});
