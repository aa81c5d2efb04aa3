import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { setupTestEnvironment, type TestEnvironment } from "../support/test-env";

let testEnv: TestEnvironment;
beforeAll(async () => {
  testEnv = await setupTestEnvironment();
});
afterAll(async () => {
  await testEnv.close();
});

/** Fresh modules (the upstream probe is shared for a window), with `vars` on top of the test's configuration. */
async function callHealth(vars: Record<string, string> = {}) {
  vi.resetModules();
  const restore = (await import("@/lib/env")).overrideEnvForTests(vars);
  try {
    const { GET } = await import("@/app/api/health/route");
    const res = await GET();
    return { status: res.status, body: await res.json() };
  } finally {
    restore();
  }
}

describe("GET /api/health", () => {
  it("answers 200 with the database and the sandbox up", async () => {
    const { status, body } = await callHealth();
    expect(status).toBe(200);
    expect(body).toMatchObject({
      ok: true,
      database: { ok: true },
      upstream: { ok: true },
      environment: "test",
    });
  });

  it("answers 503 when the upstream URL points at a closed port", async () => {
    const { status, body } = await callHealth({ UVVI_BASE_URL: "http://127.0.0.1:9" }); // discard port: nothing listens there
    expect(status).toBe(503);
    expect(body).toMatchObject({ ok: false, database: { ok: true }, upstream: { ok: false } });
    expect(process.env.UVVI_BASE_URL).not.toBe("http://127.0.0.1:9"); // the process's environment is untouched
    expect((await callHealth()).status).toBe(200); // and the test's own configuration is back
  });
});
