import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import {
  overrideEnvForTests,
  setupTestEnvironment,
  type TestEnvironment,
} from "../support/test-env";

// A wrong key (401, our configuration) and an unreachable upstream (network error).

let env: TestEnvironment;
beforeAll(async () => {
  env = await setupTestEnvironment();
});
afterAll(() => env.close());

/** The upstream client reads the base URL and the key per call: `vars` apply to this test only. */
async function clientWith(vars: Record<string, string>) {
  onTestFinished(overrideEnvForTests(vars));
  return { ...(await import("@/lib/upstream/client")), ...(await import("@/lib/upstream/errors")) };
}

describe("configuration and transport failures", () => {
  it("401 -> UPSTREAM_UNAUTHORIZED, with a generic message for people", async () => {
    const { upstream, UpstreamError } = await clientWith({
      UVVI_API_KEY: "sk_test_not_a_configured_key",
    });
    const error = await upstream.simulateInstallments(10_000).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ code: "UPSTREAM_UNAUTHORIZED", httpStatus: 401, shape: "A" });
    expect((error as InstanceType<typeof UpstreamError>).userMessage).toMatch(/instabilidade/);
  });

  it("nothing listening -> UPSTREAM_NETWORK after the bounded retries", async () => {
    const { upstream, UpstreamError } = await clientWith({ UVVI_BASE_URL: "http://127.0.0.1:9" });
    const error = await upstream.enrichVehicle("MGD1E23").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ code: "UPSTREAM_NETWORK", upstreamMessage: "ECONNREFUSED" });
  });
});

/** A real HTTP server standing in for a misbehaving upstream; counts the connections it accepted. */
async function upstreamServer(handler: http.RequestListener) {
  const server = http.createServer(handler);
  let connections = 0;
  server.on("connection", () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  onTestFinished(
    () =>
      new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  );
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => connections,
    dropIdle: () => server.closeIdleConnections(),
  };
}

const VEHICLE = JSON.stringify({
  success: true,
  data: { placa: "MGD1E23", uf: "MG", marca: "FIAT", modelo: "UNO" },
});

describe("the transport (node:http), against a real server", () => {
  it("an answer that stops half-way is a timeout within UVVI_TIMEOUT_MS, not a wait for ever", async () => {
    const upstream = await upstreamServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"vehicle": {"licensePlate": "MGD1');
    });
    const { upstream: client } = await clientWith({
      UVVI_BASE_URL: upstream.url,
      UVVI_TIMEOUT_MS: "800",
    });
    const started = performance.now();
    const error = await client.enrichVehicle("MGD1E23").catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "UPSTREAM_TIMEOUT" });
    expect(performance.now() - started).toBeLessThan(2_500);
  });

  it("an answer over 8 MB is not read to the end", async () => {
    let written = 0;
    const upstream = await upstreamServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      const more = () => {
        while (written < 64 * 1024 * 1024 && res.write(chunk)) written += chunk.length;
        if (written < 64 * 1024 * 1024) res.once("drain", more);
        else res.end();
      };
      res.on("error", () => {});
      more();
    });
    const { upstream: client } = await clientWith({ UVVI_BASE_URL: upstream.url });
    const error = await client.enrichVehicle("MGD1E23").catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: "UPSTREAM_NETWORK",
      upstreamMessage: expect.stringMatching(/larger than 8388608 bytes/),
    });
    expect(written).toBeLessThan(64 * 1024 * 1024);
  });

  it("calls reuse one kept-alive connection; once the server drops it while idle, the next call opens another and succeeds", async () => {
    const upstream = await upstreamServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(VEHICLE);
    });
    const { upstream: client } = await clientWith({ UVVI_BASE_URL: upstream.url });
    for (let k = 0; k < 5; k++)
      expect((await client.enrichVehicle("MGD1E23")).plate).toBe("MGD1E23");
    expect(upstream.connections()).toBe(1);
    // The server drops the idle connection (its keep-alive time ended, a restart...): the agent
    // forgets it, and the call does not fail on it.
    upstream.dropIdle();
    await new Promise((r) => setTimeout(r, 100));
    expect((await client.enrichVehicle("MGD1E23")).plate).toBe("MGD1E23");
    expect(upstream.connections()).toBe(2);
  });
});
