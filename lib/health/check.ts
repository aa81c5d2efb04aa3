import "server-only";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { upstreamFetch } from "@/lib/upstream/http";

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
      const res = await upstreamFetch("/api/v1/health", { method: "GET", timeoutMs: 3000 });
      if (res.status !== 200) throw new Error(`upstream health answered HTTP ${res.status}`);
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
