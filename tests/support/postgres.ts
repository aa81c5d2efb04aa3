import { execFileSync } from "node:child_process";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { migrateCli } from "../../scripts/lib/migrate-cli";
import { startPgCluster, type PgCluster } from "../../scripts/lib/pg-cluster";

// globalSetup of the PostgreSQL vitest projects: one throwaway cluster per run (loopback port,
// temp data dir, as an unprivileged user), one template database migrated with the real
// PostgreSQL migrations; each test file gets its own copy (test-env.ts, CREATE DATABASE ... TEMPLATE).

declare module "vitest" {
  export interface ProvidedContext {
    /** Set only in the "postgresql" project: the cluster's admin URL and the migrated template's name. */
    pgTemplate?: { adminUrl: string; template: string };
  }
}

export const PG_TEMPLATE = "placa_paga_template";

/** A throwaway cluster holding PG_TEMPLATE, migrated with the real PostgreSQL migrations. */
export async function startMigratedPg(
  options: { durable?: boolean } = {},
): Promise<{ cluster: PgCluster; adminUrl: string; template: string }> {
  const cluster = await startPgCluster(options);
  try {
    const admin = new pg.Client({ connectionString: cluster.url() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${PG_TEMPLATE}`);
    await admin.end();
    execFileSync(...migrateCli(["migrate", "deploy"]), {
      env: { ...process.env, DATABASE_URL: cluster.url(PG_TEMPLATE) },
      stdio: ["ignore", "ignore", "inherit"],
    });
  } catch (error) {
    cluster.stop();
    throw error;
  }
  return { cluster, adminUrl: cluster.url(), template: PG_TEMPLATE };
}

type SharedCluster = {
  users: number;
  started: ReturnType<typeof startMigratedPg>;
};
const SHARED = Symbol.for("placa-paga.test-pg-cluster");

/**
 * One cluster for every PostgreSQL project of a run (postgresql, -processes, -timed): each file
 * gets its own database from the template anyway, and the groups run one after the other. A
 * cluster each cost about 12 s apiece at the run's start, before any test. Kept on globalThis:
 * vitest may load this file once per project. Stopped when the last project tears down.
 */
export default async function setup(project: TestProject) {
  const store = globalThis as unknown as Record<symbol, SharedCluster | undefined>;
  const shared = (store[SHARED] ??= { users: 0, started: startMigratedPg() });
  shared.users++;
  const { adminUrl, template } = await shared.started;
  project.provide("pgTemplate", { adminUrl, template });
  return async () => {
    if (--shared.users > 0) return;
    store[SHARED] = undefined;
    (await shared.started).cluster.stop();
  };
}

/** A fresh database copied from the migrated template; its URL. */
export async function createTestDatabase(
  adminUrl: string,
  template: string,
  name: string,
): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // Two copies of one template at the same instant can meet "being accessed by other users".
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE "${name}" TEMPLATE ${template}`);
        break;
      } catch (error) {
        if (attempt >= 20 || (error as { code?: string }).code !== "55006") throw error;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
