import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { setupTestEnvironment, type TestEnvironment } from "../support/test-env";

let testEnv: TestEnvironment;
beforeAll(async () => {
  testEnv = await setupTestEnvironment();
});
afterAll(async () => {
  await testEnv.close();
});

async function callHealth() {
  vi.resetModules();
  const { GET } = await import("@/app/api/health/route");
  const res = await GET();
  return { status: res.status, body: await res.json() };
}

describe("GET /api/health", () => {
  it("answers 200 with the database and the sandbox up", async () => {
    const { status, body } = await callHealth();
    expect(status).toBe(200);
    expect(body).toMatchObject({ ok: true, database: { ok: true }, upstream: { ok: true }, environment: "test" });
  });

  it("answers 503 when the upstream URL points at a closed port", async () => {
    const previous = process.env.UVVI_BASE_URL;
    process.env.UVVI_BASE_URL = "http://127.0.0.1:9"; // discard port: nothing listens there
    try {
      const { status, body } = await callHealth();
      expect(status).toBe(503);
      expect(body).toMatchObject({ ok: false, database: { ok: true }, upstream: { ok: false } });
    } finally {
      process.env.UVVI_BASE_URL = previous;
    }
  });
});
