import "server-only";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { upstream as upstreamClient } from "@/lib/upstream/client";
import { isUpstreamError } from "@/lib/upstream/errors";

export type ComponentHealth = { ok: boolean; latencyMs: number; detail?: string };
export type HealthReport = {
  ok: boolean;
  environment: "test" | "live";
  upstreamMode: "sandbox" | "remote";
  database: ComponentHealth;
  upstream: ComponentHealth;
};

async function timed(check: () => Promise<string | undefined>): Promise<ComponentHealth> {
  const started = performance.now();
  try {
    const detail = await check();
    return { ok: true, latencyMs: Math.round(performance.now() - started), ...(detail ? { detail } : {}) };
  } catch (error) {
    const detail = error instanceof Error ? error.message : "unknown error";
    return { ok: false, latencyMs: Math.round(performance.now() - started), detail };
  }
}

export async function checkHealth(): Promise<HealthReport> {
  const [database, upstream] = await Promise.all([
    timed(async () => {
      await db.$queryRawUnsafe("SELECT 1");
      return undefined;
    }),
    timed(async () => {
      try {
        await upstreamClient.health();
      } catch (error) {
        // The code (e.g. UPSTREAM_UNAUTHORIZED) says what is wrong without leaking anything.
        throw new Error(isUpstreamError(error) ? error.message : "upstream health failed");
      }
      return undefined;
    }),
  ]);
  return {
    ok: database.ok && upstream.ok,
    environment: env.upstreamEnvironment,
    upstreamMode: env.upstreamMode,
    database,
    upstream,
  };
}
