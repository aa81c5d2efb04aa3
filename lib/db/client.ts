import "server-only";
import { createPrismaClient, type Db } from "./create-client";
import { env } from "@/lib/env";

// One client per process: Next's dev server reloads modules, so keep it on globalThis.
const globalForDb = globalThis as unknown as { db?: Db };

export const db: Db = globalForDb.db ?? createPrismaClient(env.databaseUrl);
if (env.nodeEnv !== "production") globalForDb.db = db;
