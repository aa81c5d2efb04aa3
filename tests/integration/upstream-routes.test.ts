import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_VEHICLES, UNKNOWN_PLATE } from "@/lib/sandbox/catalog/vehicles";
import { SANDBOX_CARDS } from "@/lib/sandbox/payments/cards-catalog";
import { setupTestEnvironment, type TestEnvironment } from "../support/test-env";
import { CUSTOMER, freshCheckout, json, tokenize } from "../support/storefront-flow";
import { apiRequest, params } from "../support/upstream-helpers";

// Route handlers called directly with a Request: validation, Origin, rate limits, error bodies.

type ErrorBody = {
  error: { code: string; message: string; fields?: Record<string, string> };
  retryAfterSeconds?: number;
};

let env: TestEnvironment;
beforeAll(async () => {
  env = await setupTestEnvironment({
    sandbox: { timeScale: 0.01 },
    env: {
      RATE_LIMIT_LOOKUPS: "3",
      RATE_LIMIT_CARD_TOKENS: "100",
      RATE_LIMIT_CARD_TOKENS_PER_CHECKOUT: "2",
    },
  });
});
afterAll(() => env.close());

const v = SANDBOX_VEHICLES.syncAnswer;
const lookupBody = { uf: v.uf, plate: v.plate, renavam: v.renavam, cpfCnpj: v.cpfCnpj };

describe("POST /api/lookups", () => {
  it("400 with pt-BR messages per field for invalid input (no upstream call)", async () => {
    const { POST } = await import("@/app/api/lookups/route");
    const before = env.sandbox.ctx.store.lookups.size;
    const res = await POST(
      apiRequest("/api/lookups", {
        body: { uf: "XX", plate: "12", renavam: "123", cpfCnpj: "111.111.111-11" },
        ip: "10.1.0.1",
      }),
    );
    expect(res.status).toBe(400);
    const body = await json<ErrorBody>(res);
    expect(body.error.code).toBe("VALIDATION_ERROR");
    expect(body.error.fields).toMatchObject({
      uf: expect.stringMatching(/UF/),
      plate: expect.stringMatching(/Placa inválida/),
      renavam: expect.stringMatching(/RENAVAM/),
      cpfCnpj: expect.stringMatching(/CPF/),
    });
    expect(env.sandbox.ctx.store.lookups.size).toBe(before);
  });

  it("400 for malformed JSON, never a 500", async () => {
    const { POST } = await import("@/app/api/lookups/route");
    const res = await POST(apiRequest("/api/lookups", { rawBody: "{not json", ip: "10.1.0.2" }));
    expect(res.status).toBe(400);
    expect((await json<ErrorBody>(res)).error.code).toBe("MALFORMED_JSON");
  });

  it.each([["http://evil.example"], [null]])("403 when Origin is %s", async (origin) => {
    const { POST } = await import("@/app/api/lookups/route");
    const res = await POST(
      apiRequest("/api/lookups", { body: lookupBody, origin, ip: "10.1.0.3" }),
    );
    expect(res.status).toBe(403);
    expect((await json<ErrorBody>(res)).error.code).toBe("FORBIDDEN_ORIGIN");
  });

  it("201 and a readable lookup; then 429 with retryAfterSeconds past the per-IP limit", async () => {
    const { POST } = await import("@/app/api/lookups/route");
    const ip = "10.1.0.4";
    const first = await POST(apiRequest("/api/lookups", { body: lookupBody, ip }));
    expect(first.status).toBe(201);
    expect(first.headers.get("x-request-id")).toBeTruthy();
    const { lookupId } = await json<{ lookupId: string }>(first);
    const { GET } = await import("@/app/api/lookups/[lookupId]/route");
    const view = await json<{ status: string; debts: unknown[] }>(
      await GET(apiRequest(`/api/lookups/${lookupId}`, { method: "GET" }), params({ lookupId })),
    );
    expect(view.status).toBe("debts");
    expect(JSON.stringify(view)).not.toContain(v.cpfCnpj);

    await POST(apiRequest("/api/lookups", { body: lookupBody, ip }));
    await POST(apiRequest("/api/lookups", { body: lookupBody, ip }));
    const limited = await POST(apiRequest("/api/lookups", { body: lookupBody, ip }));
    expect(limited.status).toBe(429);
    const body = await json<ErrorBody>(limited);
    expect(body.error.code).toBe("RATE_LIMITED");
    expect(body.error.message).toMatch(/Aguarde \d+ minutos?/);
    expect(body.retryAfterSeconds).toBeGreaterThan(0);
    expect(limited.headers.get("retry-after")).toBe(String(body.retryAfterSeconds));
    // Another client is not affected.
    expect(
      (await POST(apiRequest("/api/lookups", { body: lookupBody, ip: "10.1.0.5" }))).status,
    ).toBe(201);
  });

  it("404 for an unknown lookup id", async () => {
    const { GET } = await import("@/app/api/lookups/[lookupId]/route");
    const res = await GET(
      apiRequest("/api/lookups/nope", { method: "GET" }),
      params({ lookupId: "nope" }),
    );
    expect(res.status).toBe(404);
  });
});

describe("GET /api/vehicles/{plate}", () => {
  const get = async (plate: string, uf?: string) => {
    const { GET } = await import("@/app/api/vehicles/[plate]/route");
    return GET(
      apiRequest(`/api/vehicles/${plate}${uf ? `?uf=${uf}` : ""}`, { method: "GET" }),
      params({ plate }),
    );
  };
  it("200 with the vehicle", async () => {
    const res = await get(SANDBOX_VEHICLES.withDebts.plate.toLowerCase());
    expect(res.status).toBe(200);
    const { vehicle } = await json<{ vehicle: Record<string, unknown> }>(res);
    expect(vehicle.plate).toBe(SANDBOX_VEHICLES.withDebts.plate);
    // Anyone can type a plate: the RENAVAM (half of a lookup's input) and the chassis stay server-side.
    expect(vehicle).not.toHaveProperty("renavam");
    expect(JSON.stringify(vehicle)).not.toContain(SANDBOX_VEHICLES.withDebts.renavam);
  });
  it("404 VEHICLE_NOT_FOUND and 503 AUTHORITY_UNAVAILABLE", async () => {
    const missing = await get(UNKNOWN_PLATE);
    expect(missing.status).toBe(404);
    expect((await json<ErrorBody>(missing)).error.code).toBe("VEHICLE_NOT_FOUND");
    const down = await get(SANDBOX_VEHICLES.enrichmentDown.plate);
    expect(down.status).toBe(503);
    expect((await json<ErrorBody>(down)).error.code).toBe("AUTHORITY_UNAVAILABLE");
  });
  it("400 for a malformed plate", async () => {
    expect((await get("12")).status).toBe(400);
  });
});

describe("POST /api/installments", () => {
  it("card options and PIX (= the 1x total)", async () => {
    const { POST } = await import("@/app/api/installments/route");
    const res = await POST(apiRequest("/api/installments", { body: { amountCents: 50_000 } }));
    const body = await json<{
      options: { number: number; totalCents: number; interestCents: number }[];
      pix: { totalCents: number };
    }>(res);
    expect(res.status).toBe(200);
    expect(body.options[0]!.number).toBe(1);
    expect(body.pix.totalCents).toBe(body.options[0]!.totalCents);
    // Ordered by count on the server: the cost table and the installments select list them as sent.
    const counts = body.options.map((o) => o.number);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(counts.length).toBeGreaterThan(1);
  });
  it("400 for a non-integer amount", async () => {
    const { POST } = await import("@/app/api/installments/route");
    expect(
      (await POST(apiRequest("/api/installments", { body: { amountCents: 1.5 } }))).status,
    ).toBe(400);
  });
});

describe("checkouts", () => {
  it("re-checks the selection server-side before calling upstream (422)", async () => {
    const { lookupId } = await freshCheckout(env, "10.2.0.1");
    const { POST } = await import("@/app/api/checkouts/route");
    const before = env.sandbox.ctx.store.checkouts.size;
    const res = await POST(
      apiRequest("/api/checkouts", {
        body: { lookupId, debtIds: [crypto.randomUUID()], customer: CUSTOMER },
        ip: "10.2.0.1",
      }),
    );
    expect(res.status).toBe(422);
    expect((await json<ErrorBody>(res)).error.code).toBe("SELECTION_INVALID");
    expect(env.sandbox.ctx.store.checkouts.size).toBe(before);
  });

  it("the view masks the payer; card tokens are limited per checkout", async () => {
    const { token } = await freshCheckout(env, "10.2.0.2");
    const { GET } = await import("@/app/api/checkouts/[token]/route");
    const view = await json<{ status: string; customer: Record<string, string> }>(
      await GET(apiRequest(`/api/checkouts/${token}`, { method: "GET" }), params({ token })),
    );
    expect(view.status).toBe("open");
    expect(view.customer).toMatchObject({
      cpfCnpjMasked: "***.982.247-**",
      emailMasked: "ma***@example.com",
      phoneMasked: "(31) *****-4321",
    });

    expect((await tokenize(token, SANDBOX_CARDS.visaPaid.number, "10.2.0.3")).status).toBe(200);
    expect((await tokenize(token, SANDBOX_CARDS.visaPaid.number, "10.2.0.4")).status).toBe(200);
    const limited = await tokenize(token, SANDBOX_CARDS.visaPaid.number, "10.2.0.5");
    expect(limited.status).toBe(429);
    expect((await json<ErrorBody>(limited)).error.message).toMatch(/cartão neste pagamento/);
  });

  it("card-token: 400 with pt-BR field messages for a bad card", async () => {
    const { token } = await freshCheckout(env, "10.2.0.6");
    const { POST } = await import("@/app/api/checkouts/[token]/card-token/route");
    const res = await POST(
      apiRequest(`/api/checkouts/${token}/card-token`, {
        body: { number: "4111111111111112", name: "A", expiry: "13/20", cvv: "1" },
      }),
      params({ token }),
    );
    expect(res.status).toBe(400);
    const body = await json<ErrorBody>(res);
    expect(body.error.fields?.number).toMatch(/Número do cartão inválido/);
    expect(JSON.stringify(body)).not.toContain("4111111111111112");
  });

  it("404 for an unknown checkout token", async () => {
    const { GET } = await import("@/app/api/checkouts/[token]/route");
    const token = "x".repeat(32);
    expect(
      (await GET(apiRequest(`/api/checkouts/${token}`, { method: "GET" }), params({ token })))
        .status,
    ).toBe(404);
  });
});
