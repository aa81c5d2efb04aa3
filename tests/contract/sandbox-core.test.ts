import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandboxApp, DEFAULT_SANDBOX_API_KEY } from "@/lib/sandbox/app";
import { SANDBOX_VEHICLES, UNKNOWN_PLATE } from "@/lib/sandbox/catalog/vehicles";
import type { RunningSandbox } from "@/lib/sandbox/server";
import { client, startTestSandbox, TEST_KEYS } from "./sandbox-support";

const KEY = TEST_KEYS[0]!;
let sb: RunningSandbox;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  sb = await startTestSandbox({ apiKeys: [...TEST_KEYS, "sk_live_configured_by_mistake"] });
  api = client(sb.url, KEY);
});
afterAll(() => sb.close());

const VEHICLE_FIELDS = [
  "placa",
  "renavam",
  "chassi",
  "uf",
  "municipio",
  "marca",
  "modelo",
  "anoFabricacao",
  "anoModelo",
  "cor",
  "combustivel",
  "categoria",
  "especie",
  "tipo",
  "carroceria",
  "potencia",
  "cilindradas",
  "capacidadePassageiros",
  "procedencia",
  "situacao",
  "dataRegistro",
  "restricoes",
];

describe("authentication", () => {
  it.each([
    ["missing", null],
    ["unknown sk_test_", "sk_test_not_configured"],
    ["sk_live_ even when configured", "sk_live_configured_by_mistake"],
    ["sk_live_", "sk_live_abc"],
  ])("%s key -> 401 UNAUTHORIZED shape A", async (_label, key) => {
    for (const [path, body] of [
      ["/api/v1/health", undefined],
      ["/uvvi/v1/debts", {}],
      ["/__sandbox/deliveries", undefined],
    ] as const) {
      const r = await api(path, { key, body });
      expect(r.status).toBe(401);
      expect(r.json).toEqual({
        success: false,
        error: "UNAUTHORIZED",
        message: expect.any(String),
      });
    }
  });

  it("health answers a valid key and says it is the sandbox", async () => {
    const r = await api("/api/v1/health");
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ success: true, status: "ok", environment: "sandbox" });
  });

  it("the documented default key works when no keys are configured", async () => {
    const { app, close } = createSandboxApp({ latencyScale: 0 });
    const ok = await app.request("/api/v1/health", {
      headers: { "x-api-key": DEFAULT_SANDBOX_API_KEY },
    });
    const ko = await app.request("/api/v1/health", { headers: { "x-api-key": "sk_test_other" } });
    close();
    expect([ok.status, ko.status]).toEqual([200, 401]);
  });
});

describe("transport errors", () => {
  it("malformed JSON -> 400 shape C", async () => {
    const r = await api("/uvvi/v1/debts", { rawBody: '{"state": "MG",' });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({
      success: false,
      error: "Bad Request",
      message: expect.any(String),
      statusCode: 400,
    });
  });

  it("unknown path and unknown method -> 404 shape C", async () => {
    for (const [path, method] of [
      ["/uvvi/v1/nope", "GET"],
      ["/api/v2/health", "GET"],
      ["/uvvi/v1/debts", "GET"],
    ] as const) {
      const r = await api(path, { method });
      expect(r.status).toBe(404);
      expect(r.json).toEqual({
        success: false,
        error: "Not Found",
        message: expect.any(String),
        statusCode: 404,
      });
    }
  });

  it("an uncaught error -> 500 shape C without the stack", async () => {
    const { app, close } = createSandboxApp({ latencyScale: 0 });
    app.get("/boom", () => {
      throw new Error("secret internals at /work/main/lib");
    });
    const original = console.error;
    console.error = () => undefined;
    const res = await app.request("/boom", { headers: { "x-api-key": DEFAULT_SANDBOX_API_KEY } });
    console.error = original;
    close();
    const text = await res.text();
    expect(res.status).toBe(500);
    expect(JSON.parse(text)).toEqual({
      success: false,
      error: "Internal Server Error",
      message: "Internal server error",
      statusCode: 500,
    });
    expect(text).not.toMatch(/secret|\/work\/|at /);
  });
});

describe("vehicle enrichment", () => {
  const vehicles = Object.entries(SANDBOX_VEHICLES);

  it.each(vehicles)("%s: every Vehicle field, never owner data", async (_name, v) => {
    const r = await api(`/api/v1/vehicle/enrichment/${v.plate}`);
    if (v.enrichment === "unavailable") {
      expect(r.status).toBe(503);
      expect(r.json).toEqual({
        success: false,
        error: "SERVICE_UNAVAILABLE",
        message: expect.any(String),
      });
      return;
    }
    expect(r.status).toBe(200);
    expect(r.json.success).toBe(true);
    expect(Object.keys(r.json.data)).toEqual(VEHICLE_FIELDS);
    expect(r.json.data).toEqual(v.data);
    expect(r.json.data).toMatchObject({ placa: v.plate, uf: v.uf, renavam: v.renavam });
    expect(typeof r.json.data.capacidadePassageiros).toBe("number");
    expect(r.json.data.dataRegistro).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(r.text).not.toContain(v.cpfCnpj);
    expect(r.text).not.toMatch(/cpf|cnpj|owner|proprietario/i);
  });

  it("tolerates a hyphen and lower case, old-style and Mercosul", async () => {
    const old = SANDBOX_VEHICLES.spWithDebts.plate;
    const merc = SANDBOX_VEHICLES.withDebts.plate;
    for (const p of [
      `${old.slice(0, 3)}-${old.slice(3)}`.toLowerCase(),
      `${merc.slice(0, 3)}-${merc.slice(3)}`,
      merc.toLowerCase(),
    ]) {
      const r = await api(`/api/v1/vehicle/enrichment/${p}`);
      expect(r.status, p).toBe(200);
      expect([old, merc]).toContain(r.json.data.placa);
    }
  });

  it("uf filter: matching state 200, other state 404, invalid uf 400", async () => {
    const v = SANDBOX_VEHICLES.withDebts;
    expect((await api(`/api/v1/vehicle/enrichment/${v.plate}?uf=${v.uf}`)).status).toBe(200);
    const other = await api(`/api/v1/vehicle/enrichment/${v.plate}?uf=SP`);
    expect(other.status).toBe(404);
    expect(other.json).toEqual({ success: false, error: "NOT_FOUND", message: expect.any(String) });
    const bad = await api(`/api/v1/vehicle/enrichment/${v.plate}?uf=XX`);
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({
      success: false,
      error: "INVALID_REQUEST",
      message: expect.any(String),
    });
  });

  it.each(["AB12345", "ABCD123", "ABC12345", "ABC-1D2X", "1234567"])(
    "invalid plate %s -> 400 INVALID_REQUEST",
    async (p) => {
      const r = await api(`/api/v1/vehicle/enrichment/${p}`);
      expect(r.status).toBe(400);
      expect(r.json.error).toBe("INVALID_REQUEST");
    },
  );

  it("unknown plate -> 404 NOT_FOUND", async () => {
    const r = await api(`/api/v1/vehicle/enrichment/${UNKNOWN_PLATE}`);
    expect(r.status).toBe(404);
    expect(r.json).toEqual({ success: false, error: "NOT_FOUND", message: expect.any(String) });
  });
});

describe("webhook registration", () => {
  it.each([
    [{}],
    [{ url: "" }],
    [{ url: "not a url" }],
    [{ url: "ftp://example.com/hook" }],
    [{ url: "/relative/path" }],
    [{ url: 42 }],
  ])("rejects %j with 400 shape B naming url", async (body) => {
    const r = await api("/uvvi/v1/webhook-register", { body });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({
      success: false,
      error: {
        code: "VALIDATION_ERROR",
        message: expect.any(String),
        details: { fields: { url: expect.any(String) } },
      },
    });
  });

  it("accepts an absolute http(s) URL, loopback included", async () => {
    for (const url of ["https://partner.example.com/hooks/uvvi", "http://127.0.0.1:9/hook"]) {
      const r = await api("/uvvi/v1/webhook-register", { body: { url }, key: TEST_KEYS[3] });
      expect(r.status).toBe(200);
      expect(r.json).toEqual({
        request_id: expect.any(String),
        status: "registered",
        message: expect.any(String),
      });
      expect(sb.ctx.store.webhookUrlByKey.get(TEST_KEYS[3]!)).toBe(url);
    }
  });
});
