import "server-only";
import { createPrismaClient, type Db } from "./create-client";
import { env } from "@/lib/env";
import { processSingleton } from "@/lib/server/singleton";

// One client per process: Next's dev server reloads modules, so keep it on globalThis.
export const db: Db = processSingleton("db", () => createPrismaClient(env.databaseUrl), {
  keep: env.nodeEnv !== "production",
});
