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
    return {
      ok: true,
      latencyMs: Math.round(performance.now() - started),
      ...(detail ? { detail } : {}),
    };
  } catch (error) {
    // A database error's text can name files and queries: the public sees a code only.
    const detail =
      error instanceof Error && /^[A-Z_]+$/.test(error.message) ? error.message : "UNAVAILABLE";
    return { ok: false, latencyMs: Math.round(performance.now() - started), detail };
  }
}

/**
 * The health route is public and load balancers poll it: the upstream probe is shared for
 * UPSTREAM_PROBE_TTL_MS (concurrent requests wait for the same probe), so polling costs at most
 * one upstream call per instance per window, whoever asks and however often.
 */
export const UPSTREAM_PROBE_TTL_MS = 30_000;
let probe: { at: number; result: Promise<ComponentHealth> } | undefined;

function probeUpstream(now = Date.now()): Promise<ComponentHealth> {
  if (probe && now - probe.at < UPSTREAM_PROBE_TTL_MS) return probe.result;
  const result = timed(async () => {
    try {
      await upstreamClient.health();
    } catch (error) {
      // Only our own error code (e.g. UPSTREAM_UNAUTHORIZED), never the upstream's text.
      throw new Error(isUpstreamError(error) ? error.code : "UPSTREAM_UNREACHABLE");
    }
    return undefined;
  });
  probe = { at: now, result };
  return result;
}

export async function checkHealth(): Promise<HealthReport> {
  const [database, upstream] = await Promise.all([
    timed(async () => {
      await db.$queryRawUnsafe("SELECT 1");
      return undefined;
    }),
    probeUpstream(),
  ]);
  return {
    ok: database.ok && upstream.ok,
    environment: env.upstreamEnvironment,
    upstreamMode: env.upstreamMode,
    database,
    upstream,
  };
}
