import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Db } from "@/lib/db/create-client";
import { familyVehicle } from "@/lib/sandbox/catalog/family";
import { SANDBOX_CARDS } from "@/lib/sandbox/payments/cards-catalog";
import { allPayments } from "@/lib/sandbox/payments/types";
import { signalGroup, waitUntil } from "../support/app-process";
import type { UpstreamCall } from "../support/counting-proxy";
import {
  fleetCardToken,
  fleetCheckout,
  fleetClient,
  type FleetClient,
} from "../support/fleet-client";
import {
  MALFORMED,
  seedLookupEvents,
  shuffle,
  WEBHOOK_PATH,
  wrongLookups,
  type LookupEvent,
} from "../support/fleet-webhooks";
import { startFleet, type Fleet } from "../support/multi-instance";

// Scale-out, end to end: ONE sandbox (behind a proxy that counts upstream calls), ONE PostgreSQL
// database, THREE storefronts started with the production command (tests/support/multi-instance.ts),
// and a client that spreads requests round-robin over them and, like a load balancer, retries a
// refused connection on the next one (tests/support/fleet-client.ts). One fleet for the whole file
// (starting it is the slow part); the tests run in order and the last two take instances away.
//
// Time scale: the status-call budget is 2 calls per payment per minute (STATUS_CHECK_INTERVAL_MS
// 31 s: 30 s plus 1 s for the time between taking the slot and the call arriving upstream). Here
// the 30 s are scaled by 5 and the 1 s is not, because that transit lag does not scale with the
// test: 6 s + 1 s = 7 s, so a "minute" is 12 s and the 60 s poller window is 24 s (two scaled
// minutes). (Scaling the margin too would not do: on a loaded host the transit lag alone can take
// most of the real 1 s margin.) The sweep (30 s) and
// the inbox lease (30 s) keep their real values.

const STATUS_INTERVAL_MS = 7_000;
const SCALED_MINUTE_MS = 12_000;
const POLL_WINDOW_MS = 24_000;
const VEHICLE_LIMIT = 4;
const STATUS_PATH = "/uvvi/v1/payment/status";
const PAYMENT_PATH = "/uvvi/v1/payment";

let fleet: Fleet;
let client: FleetClient;
let db: Db;
const calls: UpstreamCall[] = [];

beforeAll(async () => {
  fleet = await startFleet(inject("pgTemplate")!, {
    upstreamCalls: calls,
    // A card token lives its real 10 minutes and a PIX code its 30; the `timeout` card's answer
    // is withheld 6 s while the storefront gives up after 1.5 s (a payment left pending).
    sandbox: { timeScale: 1, withheldPaymentMs: 6_000 },
    env: {
      STATUS_CHECK_INTERVAL_MS: String(STATUS_INTERVAL_MS),
      UVVI_PAYMENT_TIMEOUT_MS: "1500",
      RATE_LIMIT_VEHICLES: String(VEHICLE_LIMIT),
      ...Object.fromEntries(
        [
          "LOOKUPS",
          "CARD_TOKENS",
          "CARD_TOKENS_PER_CHECKOUT",
          "PAYMENTS",
          "CHECKOUTS",
          "INSTALLMENTS",
        ].map((k) => [`RATE_LIMIT_${k}`, "100000"]),
      ),
    },
  });
  const { createPrismaClient } = await import("@/lib/db/create-client");
  db = createPrismaClient(fleet.databaseUrl);
  client = fleetClient(fleet);
}, 900_000);
afterAll(async () => {
  await db?.$disconnect();
  await fleet?.stop();
});

const upstreamPaymentsOf = async (token: string) => {
  const checkout = await db.checkout.findUniqueOrThrow({ where: { publicToken: token } });
  return allPayments(fleet.sandbox.ctx).filter((p) => p.checkoutId === checkout.upstreamCheckoutId);
};

/** Posts deliveries `concurrency` at a time, each to the next instance; answers by delivery index. */
async function deliverAll(
  bodies: string[],
  concurrency: number,
  send: (body: string) => Promise<Response>,
) {
  const answers: { status: number; duplicate: boolean; error?: string }[] = new Array(
    bodies.length,
  );
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < bodies.length) {
        const k = next++;
        try {
          const res = await send(bodies[k]!);
          const body = (await res.json().catch(() => ({}))) as { duplicate?: boolean };
          answers[k] = { status: res.status, duplicate: body.duplicate === true };
        } catch (error) {
          answers[k] = { status: 0, duplicate: false, error: String(error) };
        }
      }
    }),
  );
  return answers;
}

/** The pids of an instance's session (spawned detached, so setsid: npx, the start script, the server). */
function sessionPids(leader: number): string[] {
  try {
    return execFileSync("ps", ["-o", "pid=", "--sid", String(leader)], { encoding: "utf8" })
      .split(/\s+/)
      .filter(Boolean);
  } catch {
    return []; // ps exits 1 when nothing matches
  }
}

const sendWebhook = (body: string) =>
  client.send(WEBHOOK_PATH, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });

describe("three instances, one PostgreSQL database, one upstream", () => {
  it("50 concurrent submits of one payment attempt, spread over the instances: exactly one upstream payment", async () => {
    const { token } = await fleetCheckout(client, "TST1M01");
    const cardToken = await fleetCardToken(client, token, SANDBOX_CARDS.visaPaid.number);
    const body = {
      attemptId: crypto.randomUUID(),
      method: "credit_card",
      cardToken,
      installments: 1,
    };
    const before = calls.filter((c) => c.path === PAYMENT_PATH).length;
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        client.send(`/api/checkouts/${token}/payments`, { method: "POST", json: body }),
      ),
    );
    expect(new Set(responses.map((r) => r.instance.index)).size).toBe(3);
    expect(responses.map((r) => r.status).sort((a, b) => b - a)).toEqual([
      201,
      ...Array<number>(49).fill(200),
    ]);
    const refs = new Set(
      await Promise.all(responses.map(async (r) => ((await r.json()) as { ref: string }).ref)),
    );
    expect(refs.size).toBe(1);
    expect(await upstreamPaymentsOf(token)).toHaveLength(1);
    expect(calls.filter((c) => c.path === PAYMENT_PATH).length - before).toBe(1); // counted at the wire too
    expect(await db.payment.count({ where: { checkout: { publicToken: token } } })).toBe(1);
  }, 120_000);

  it("10,000 webhook deliveries (30% duplicates, shuffled, 5% malformed) round-robin: 0 lost, 0 applied twice, every final state right", async () => {
    const n = 10_000;
    const malformed = n * 0.05;
    const valid = n - malformed;
    const distinctCount = Math.round(valid * 0.7);
    const events = await seedLookupEvents(db, distinctCount, 10_000_000);
    const deliveries = shuffle([
      ...events.map((e, i) => ({ i, body: e.body })),
      ...Array.from({ length: valid - distinctCount }, () => {
        const i = Math.floor(Math.random() * events.length);
        return { i, body: events[i]!.body };
      }),
      ...Array.from({ length: malformed }, (_, k) => ({
        i: -1,
        body: MALFORMED[k % MALFORMED.length]!,
      })),
    ]);
    const started = performance.now();
    const answers = await deliverAll(
      deliveries.map((d) => d.body),
      32,
      sendWebhook,
    );
    console.log(
      `fleet flood: ${n} deliveries over 3 instances in ${((performance.now() - started) / 1000).toFixed(1)} s; answered per instance ${client.answered.join("/")}`,
    );

    expect(answers.filter((a) => a.status === 0)).toEqual([]);
    expect(deliveries.filter((d, k) => d.i === -1 && answers[k]!.status !== 400)).toEqual([]);
    const validAnswers = deliveries
      .map((d, k) => ({ ...d, ...answers[k]! }))
      .filter((d) => d.i !== -1);
    expect(validAnswers.filter((a) => a.status !== 200)).toEqual([]);
    // Exactly one first delivery per event, whichever instance it reached; the rest "duplicate".
    const firsts = validAnswers.filter((a) => !a.duplicate).map((a) => a.i);
    expect(firsts).toHaveLength(events.length);
    expect(new Set(firsts).size).toBe(events.length);

    const externalIds = new Set(
      events.map((e) => (JSON.parse(e.body) as { externalId: string }).externalId),
    );
    const rows = await waitUntil(
      "every stored event applied",
      async () => {
        const all = (
          await db.webhookEvent.findMany({ select: { externalId: true, outcome: true } })
        ).filter((r) => externalIds.has(r.externalId ?? ""));
        return all.every((r) => r.outcome !== null) ? all : undefined;
      },
      120_000,
      1_000,
    );
    expect(rows).toHaveLength(events.length);
    expect(rows.filter((r) => r.outcome !== "applied")).toEqual([]);
    expect(await wrongLookups(db, events)).toEqual([]);
  }, 600_000);

  it(`200 status pollers for ${POLL_WINDOW_MS / 1000} s (the 60 s window, scaled): at most 2 upstream status calls per payment per scaled minute, counted at the upstream`, async () => {
    const refs: { ref: string; keys: string[] }[] = [];
    for (const plate of ["TST2P01", "TST2P02"]) {
      const { token } = await fleetCheckout(client, plate);
      const res = await client.send(`/api/checkouts/${token}/payments`, {
        method: "POST",
        json: { attemptId: crypto.randomUUID(), method: "pix" },
      });
      expect(res.status).toBe(201);
      const { ref } = (await res.json()) as { ref: string };
      const row = await db.payment.findUniqueOrThrow({ where: { publicRef: ref } });
      // The status call names the payment by transactionId, paymentId or externalId.
      refs.push({
        ref,
        keys: [row.paymentId, row.transactionId, row.externalId]
          .filter((k): k is string => !!k)
          .map((k) => (/^\d+$/.test(k) ? `:${k}` : `"${k}"`)),
      });
    }
    const start = Date.now();
    const end = start + POLL_WINDOW_MS;
    const statuses: number[] = [];
    const poller = async (i: number) => {
      await new Promise((r) => setTimeout(r, Math.random() * 2_000)); // pages open at different moments
      while (Date.now() < end) {
        const res = await client.send(`/api/payments/${refs[i % refs.length]!.ref}`);
        statuses.push(res.status);
        await res.arrayBuffer();
        await new Promise((r) => setTimeout(r, 2_000)); // the status page's poll interval
      }
    };
    await Promise.all(Array.from({ length: 200 }, (_, i) => poller(i)));
    for (const { keys } of refs) {
      const at = calls
        .filter(
          (c) => c.path === STATUS_PATH && c.at >= start && keys.some((k) => c.body.includes(k)),
        )
        .map((c) => c.at)
        .sort((a, b) => a - b);
      console.log(
        `status calls for one payment in ${POLL_WINDOW_MS / 1000} s: ${at.length}, gaps ${at
          .slice(1)
          .map((x, k) => x - at[k]!)
          .join(", ")} ms`,
      );
      expect(at.length).toBeGreaterThanOrEqual(2); // the budget is used: pollers are answered, not starved
      // In every scaled minute (from each call on), at most 2 calls.
      for (let k = 2; k < at.length; k++)
        expect(at[k]! - at[k - 2]!).toBeGreaterThanOrEqual(SCALED_MINUTE_MS);
      expect(at.length).toBeLessThanOrEqual(2 * Math.ceil(POLL_WINDOW_MS / SCALED_MINUTE_MS));
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(statuses.length).toBeGreaterThan(1_000); // ~2,400 polls if each is answered at once
  }, 180_000);

  it(`a limit of ${VEHICLE_LIMIT} per address refuses request ${VEHICLE_LIMIT + 1} though every request lands on another instance with its own forged address headers`, async () => {
    const v = familyVehicle("TST3L01")!;
    const forged = [
      (k: number) => ({ "x-forwarded-for": `203.0.113.${k}` }),
      (k: number) => ({ "x-real-ip": `198.51.100.${k}` }),
      (k: number) => ({ forwarded: `for="[2001:db8::${k}]"` }),
      (k: number) => ({
        "x-forwarded-for": `192.0.2.${k}, 10.0.0.${k}`,
        "x-real-ip": `192.0.2.${k}`,
        forwarded: `for=192.0.2.${k}`,
        "x-placa-client-ip": `192.0.2.${k}`,
      }),
    ];
    const answers: { status: number; instance: number }[] = [];
    for (let k = 0; k < VEHICLE_LIMIT + 3; k++) {
      const res = await client.send(`/api/vehicles/${v.plate}?uf=${v.uf}`, {
        headers: forged[k % forged.length]!(k + 1),
      });
      answers.push({ status: res.status, instance: res.instance.index });
      await res.arrayBuffer();
    }
    expect(answers.slice(1).every((a, k) => a.instance !== answers[k]!.instance)).toBe(true);
    expect(answers.map((a) => a.status)).toEqual([
      ...Array(VEHICLE_LIMIT).fill(200),
      429,
      429,
      429,
    ]);
  }, 60_000);

  it("SIGKILL an instance holding claimed webhook rows and a pending payment: the others finish both, nothing lost, nothing twice", async () => {
    const victim = fleet.instances[2]!;
    const { token } = await fleetCheckout(client, "TST4K01");
    const cardToken = await fleetCardToken(client, token, SANDBOX_CARDS.timeout.number);
    // The upstream's webhooks now go to the victim: once it is dead only a sweep elsewhere can finish the payment.
    await fleet.routeWebhooksTo(victim);
    try {
      await killVictimAndCheck(victim, token, cardToken);
    } finally {
      await fleet.routeWebhooksTo(fleet.instances[0]!);
    }
  }, 400_000);

  async function killVictimAndCheck(
    victim: Fleet["instances"][number],
    token: string,
    cardToken: string,
  ) {
    const paid = await fetch(`${victim.url}/api/checkouts/${token}/payments`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: victim.url },
      body: JSON.stringify({
        attemptId: crypto.randomUUID(),
        method: "credit_card",
        cardToken,
        installments: 1,
      }),
    });
    expect(paid.status).toBe(201);
    const { ref, status } = (await paid.json()) as { ref: string; status: string };
    expect(status).toMatch(/^(pending|processing)$/);

    // A burst of lookup results to the victim; killed as soon as it holds claimed, unapplied rows.
    const events: LookupEvent[] = await seedLookupEvents(db, 1_500, 20_000_000);
    const sending = deliverAll(
      events.map((e) => e.body),
      32,
      (body) =>
        fetch(`${victim.url}${WEBHOOK_PATH}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body,
        }),
    );
    // A lease owner is "host:pid:random" (lib/jobs/owner.ts): the victim's are the pids of its session (spawned detached: setsid).
    const victimPids = sessionPids(victim.process.pid);
    const victimHolds = {
      outcome: null,
      OR: victimPids.map((pid) => ({ leaseOwner: { contains: `:${pid}:` } })),
    };
    // Frozen (SIGSTOP) before it is counted: a claim of the whole chunk is applied and finished in a
    // few milliseconds, so rows seen held may already be finished by the time a kill lands. Frozen
    // with none held, it runs on and is caught again.
    const held = await waitUntil(
      "the victim to hold claimed rows",
      async () => {
        if ((await db.webhookEvent.count({ where: victimHolds })) === 0) return undefined;
        signalGroup(victim.process, "SIGSTOP");
        const n = await db.webhookEvent.count({
          where: { ...victimHolds, leaseUntil: { gt: new Date() } },
        });
        if (n > 0) return n;
        signalGroup(victim.process, "SIGCONT");
        return undefined;
      },
      60_000,
      20,
    );
    signalGroup(victim.process, "SIGKILL");
    await victim.process.exited;
    // The rows it died holding: lookup results of the burst, or the payment's own status event
    // (the upstream's webhooks go to the victim too), whichever it had claimed.
    const heldAtDeath = (
      await db.webhookEvent.findMany({
        where: { ...victimHolds, leaseUntil: { gt: new Date() } },
        select: { id: true },
      })
    ).map((r) => r.id);
    console.log(
      `SIGKILL with ${held} claimed rows seen, ${heldAtDeath.length} still leased after the kill`,
    );
    expect(heldAtDeath.length).toBeGreaterThan(0);

    // Deliveries the victim never acknowledged are retried by the sender on the survivors (the upstream retries too).
    const answers = await sending;
    const unacked = events.filter((_, k) => answers[k]!.status !== 200);
    const retried = await deliverAll(
      unacked.map((e) => e.body),
      8,
      sendWebhook,
    );
    expect(retried.filter((a) => a.status !== 200)).toEqual([]);

    // Nobody polls the payment: the survivors' sweep (every 30 s) must reconcile it.
    await waitUntil(
      "the payment to be paid",
      async () =>
        (await db.payment.findUniqueOrThrow({ where: { publicRef: ref } })).status === "paid"
          ? true
          : undefined,
      120_000,
      1_000,
    );
    const externalIds = new Set(
      events.map((e) => (JSON.parse(e.body) as { externalId: string }).externalId),
    );
    // The victim's leases (30 s) end; the survivors' next tick or ingest applies the rows.
    const rows = await waitUntil(
      "every inbox row applied",
      async () => {
        const all = (
          await db.webhookEvent.findMany({
            select: { externalId: true, outcome: true, attempts: true },
          })
        ).filter((r) => externalIds.has(r.externalId ?? ""));
        return all.length === events.length && all.every((r) => r.outcome !== null)
          ? all
          : undefined;
      },
      120_000,
      1_000,
    );
    expect(rows.filter((r) => r.outcome !== "applied")).toEqual([]);
    // Every row the dead instance held was taken over by a survivor (a second claim) and ended.
    // (Asserted on the burst's rows alone, this failed whenever the one row held was the payment's.)
    const taken = await waitUntil(
      "the dead instance's rows ended",
      async () => {
        const rs = await db.webhookEvent.findMany({
          where: { id: { in: heldAtDeath } },
          select: { outcome: true, attempts: true },
        });
        return rs.every((r) => r.outcome !== null) ? rs : undefined;
      },
      60_000,
      1_000,
    );
    expect(taken).toHaveLength(heldAtDeath.length);
    expect(taken.filter((r) => r.attempts < 2 || r.outcome === "failed")).toEqual([]);
    expect(await wrongLookups(db, events)).toEqual([]);
    expect(await upstreamPaymentsOf(token)).toHaveLength(1);
    expect(await db.payment.count({ where: { checkout: { publicToken: token } } })).toBe(1);
    const paidEvents = await db.paymentEvent.count({
      where: {
        payment: { publicRef: ref },
        status: "paid",
        OR: [{ liquidationStatus: null }, { liquidationStatus: "pending" }],
      },
    });
    expect(paidEvents).toBe(1);
  }

  it("SIGTERM an instance under load: 0 failed requests for a client that retries a refused connection on another instance", async () => {
    const { lookupId } = await fleetCheckout(client, "TST5T01");
    const target = fleet.instances[1]!;
    const end = Date.now() + 10_000;
    const failures: string[] = [];
    let ok = 0;
    const answeredBefore = [...client.answered];
    const worker = async () => {
      while (Date.now() < end) {
        try {
          const res = await client.send(`/api/lookups/${lookupId}`);
          if (res.status === 200) ok++;
          else failures.push(`${res.status} from instance ${res.instance.index}`);
          await res.arrayBuffer();
        } catch (error) {
          failures.push(String((error as Error).cause ?? error));
        }
      }
    };
    const load = Promise.all(Array.from({ length: 16 }, () => worker()));
    await new Promise((r) => setTimeout(r, 3_000));
    // SIGTERM to the group, as an orchestrator does; then wait for every process of it to end on its
    // own (stopGroup would SIGKILL the stragglers as soon as npx, the leader, is gone: mid-drain).
    signalGroup(target.process, "SIGTERM");
    await load;
    await waitUntil(
      "the instance to exit",
      () => (sessionPids(target.process.pid).length === 0 ? true : undefined),
      30_000,
    );
    console.log(
      `SIGTERM under load: ${ok} answered, ${client.refusedRetries} refused connections and ${client.closedRetries} GETs on closed connections retried elsewhere; failures: ${failures.slice(0, 5).join(" | ")}`,
    );
    expect(client.answered[1]! - answeredBefore[1]!).toBeGreaterThan(0); // it was serving when told to stop
    expect(readFileSync(target.logFile, "utf8")).toMatch(
      /shutdown hooks done \(0 failed, 0 timed out\)/,
    );
    expect(failures).toEqual([]);
    expect(ok).toBeGreaterThan(100);
  }, 120_000);
});
