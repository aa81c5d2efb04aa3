import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_VEHICLES, UNKNOWN_PLATE } from "@/lib/sandbox/catalog/vehicles";
import { setupTestEnvironment, type TestEnvironment } from "../support/test-env";
import { armFault, clearFaults } from "../support/upstream-helpers";

// The typed client against the real sandbox over HTTP, with its fault injection.

let env: TestEnvironment;
let client: typeof import("@/lib/upstream/client");
let errors: typeof import("@/lib/upstream/errors");

beforeAll(async () => {
  env = await setupTestEnvironment({ env: { UVVI_TIMEOUT_MS: "1500" } });
  client = await import("@/lib/upstream/client");
  errors = await import("@/lib/upstream/errors");
});
afterEach(() => clearFaults(env));
afterAll(() => env.close());

const v = SANDBOX_VEHICLES.withDebts;
const ENRICH = `/api/v1/vehicle/enrichment/${v.plate}`;

async function failure(p: Promise<unknown>) {
  try {
    await p;
  } catch (error) {
    expect(error).toBeInstanceOf(errors.UpstreamError);
    return error as InstanceType<typeof errors.UpstreamError>;
  }
  throw new Error("expected an UpstreamError");
}

describe("answers", () => {
  it("enrichment maps the vehicle to our type", async () => {
    const vehicle = await client.upstream.enrichVehicle(v.plate, "MG");
    expect(vehicle).toMatchObject({
      plate: v.plate,
      uf: "MG",
      make: v.data.marca,
      restrictions: [],
    });
  });

  it("the synchronous lookup variant comes back as kind sync with cents", async () => {
    const s = SANDBOX_VEHICLES.syncAnswer;
    const answer = await client.upstream.startDebtLookup({
      state: s.uf,
      licensePlate: s.plate,
      renavam: s.renavam,
      cpfCnpj: s.cpfCnpj,
      externalId: crypto.randomUUID(),
    });
    expect(answer.kind).toBe("sync");
    if (answer.kind !== "sync") return;
    expect(answer.debts.length).toBeGreaterThan(0);
    expect(answer.totalCents).toBe(answer.debts.reduce((sum, d) => sum + d.amountCents, 0));
    expect(Number.isInteger(answer.debts[0]!.amountCents)).toBe(true);
  });

  it("the acknowledgment comes back as kind ack, echoing our externalId, transactionId as string", async () => {
    const externalId = crypto.randomUUID();
    const answer = await client.upstream.startDebtLookup({
      state: v.uf,
      licensePlate: v.plate,
      renavam: v.renavam,
      cpfCnpj: v.cpfCnpj,
      externalId,
    });
    expect(answer).toMatchObject({ kind: "ack", externalId });
    expect(typeof answer.transactionId).toBe("string");
  });

  it("installments: ascending options in cents, interest on 1x too", async () => {
    const options = await client.upstream.simulateInstallments(50_000);
    expect(options[0]).toMatchObject({ number: 1 });
    expect(options[0]!.totalCents).toBeGreaterThan(50_000);
    expect(options.map((o) => o.number)).toEqual(
      [...options.map((o) => o.number)].sort((a, b) => a - b),
    );
  });
});

describe("errors from each shape", () => {
  it("404 (shape A) -> UPSTREAM_NOT_FOUND", async () => {
    const e = await failure(client.upstream.enrichVehicle(UNKNOWN_PLATE));
    expect(e).toMatchObject({ code: "UPSTREAM_NOT_FOUND", httpStatus: 404, shape: "A" });
  });

  it("400 validation (shape B) -> UPSTREAM_INVALID_REQUEST", async () => {
    const e = await failure(client.upstream.simulateInstallments(-100));
    expect(e).toMatchObject({ code: "UPSTREAM_INVALID_REQUEST", httpStatus: 400, shape: "B" });
  });

  it.each(["A", "B", "C"] as const)(
    "500 forced into shape %s -> UPSTREAM_SERVER_ERROR (not retried)",
    async (shape) => {
      await armFault(env, {
        path: "/uvvi/v1/installments",
        fault: "server-error",
        shape,
        times: 1,
      });
      const e = await failure(client.upstream.simulateInstallments(10_000));
      expect(e).toMatchObject({ code: "UPSTREAM_SERVER_ERROR", httpStatus: 500, shape });
    },
  );

  it("422 (shape B) -> UPSTREAM_UNPROCESSABLE with details", async () => {
    const e = await failure(
      client.upstream.createPayment({
        checkoutId: "chk_missing",
        method: "pix",
        externalId: crypto.randomUUID(),
      }),
    );
    // An unknown checkout is a 404 in the sandbox; both are refusals before any charge.
    expect(["UPSTREAM_NOT_FOUND", "UPSTREAM_UNPROCESSABLE"]).toContain(e.code);
    expect(e.shape).toBe("B");
  });

  it("a non-JSON 502 page -> UPSTREAM_BAD_GATEWAY (non-idempotent call: no retry)", async () => {
    await armFault(env, { path: "/uvvi/v1/card-token", fault: "bad-gateway-html", times: 1 });
    const e = await failure(
      client.upstream.tokenizeCard({
        cardNumber: "4111111111111111",
        cardholderName: "TESTE",
        expirationDate: "12/2040",
        cvv: "123",
      }),
    );
    expect(e).toMatchObject({ code: "UPSTREAM_BAD_GATEWAY", httpStatus: 502, shape: "non-json" });
  });

  it("no answer within UVVI_TIMEOUT_MS -> UPSTREAM_TIMEOUT", async () => {
    await armFault(env, { path: ENRICH, fault: "hang", delayMs: 5_000, times: 1 });
    const started = performance.now();
    const e = await failure(client.upstream.enrichVehicle(v.plate));
    expect(e.code).toBe("UPSTREAM_TIMEOUT");
    expect(performance.now() - started).toBeLessThan(3_000);
  });
});

describe("resilience", () => {
  it("429 then success honours retryAfter", async () => {
    await armFault(env, {
      path: "/uvvi/v1/installments",
      fault: "rate-limit",
      retryAfter: 1,
      times: 1,
    });
    const started = performance.now();
    const options = await client.upstream.simulateInstallments(10_000);
    const elapsed = performance.now() - started;
    expect(options.length).toBeGreaterThan(0);
    expect(elapsed).toBeGreaterThanOrEqual(1_000);
    expect(elapsed).toBeLessThan(2_500);
  });

  it("429 with a retryAfter beyond our bound fails fast, telling how long to wait", async () => {
    await armFault(env, {
      path: "/uvvi/v1/installments",
      fault: "rate-limit",
      retryAfter: 60,
      times: 1,
    });
    const started = performance.now();
    const e = await failure(client.upstream.simulateInstallments(10_000));
    expect(e).toMatchObject({ code: "UPSTREAM_RATE_LIMITED", retryAfterSeconds: 60 });
    expect(performance.now() - started).toBeLessThan(1_000);
    // The 429 paused this operation (budget.ts): the next call is refused here, never sent (the
    // fault was for one request only, so a sent call would have succeeded).
    const next = await failure(client.upstream.simulateInstallments(10_000));
    expect(next).toMatchObject({ code: "UPSTREAM_RATE_LIMITED", notSent: true });
    expect(next.retryAfterSeconds).toBeGreaterThan(55);
  });

  it("503 twice backs off and recovers (idempotent call)", async () => {
    await armFault(env, { path: ENRICH, fault: "unavailable", times: 2 });
    const started = performance.now();
    const vehicle = await client.upstream.enrichVehicle(v.plate);
    expect(vehicle.plate).toBe(v.plate);
    // Two backoffs: >= 250 ms + 500 ms before jitter.
    expect(performance.now() - started).toBeGreaterThanOrEqual(700);
  });

  it("503 that does not go away gives up after the bounded tries", async () => {
    await armFault(env, { path: ENRICH, fault: "unavailable", times: 10 });
    const e = await failure(client.upstream.enrichVehicle(v.plate));
    expect(e).toMatchObject({ code: "UPSTREAM_UNAVAILABLE", httpStatus: 503 });
    const armed = (await (
      await fetch(`${env.sandbox.url}/__sandbox/faults`, {
        headers: { "x-api-key": "sk_test_integration_key" },
      })
    ).json()) as {
      faults: { remaining: number }[];
    };
    expect(armed.faults[0]!.remaining).toBe(7); // 3 attempts: the first + 2 retries
  });

  it("a non-JSON 502 on an idempotent call is retried and recovers", async () => {
    // (enrichment: installments is paused for a minute by the 429 test above)
    await armFault(env, { path: ENRICH, fault: "bad-gateway-html", times: 1 });
    expect((await client.upstream.enrichVehicle(v.plate)).plate).toBe(v.plate);
  });

  it("debt lookup: one retry after a 503, with the same externalId (one lookup upstream)", async () => {
    await armFault(env, { path: "/uvvi/v1/debts", fault: "unavailable", times: 1 });
    const externalId = crypto.randomUUID();
    const before = env.sandbox.ctx.store.lookups.size;
    const answer = await client.upstream.startDebtLookup({
      state: v.uf,
      licensePlate: v.plate,
      renavam: v.renavam,
      cpfCnpj: v.cpfCnpj,
      externalId,
    });
    expect(answer).toMatchObject({ kind: "ack", externalId });
    expect(env.sandbox.ctx.store.lookups.size).toBe(before + 1);
  });

  it("health resolves with our key", async () => {
    await expect(client.upstream.health()).resolves.toBeUndefined();
  });
});
