import "server-only";
import { env } from "@/lib/env";
import * as pgStore from "./event-store-pg";
import * as sqliteStore from "./event-store-sqlite";
import type { InsertResult, NewWebhookEvent } from "./event-store-types";
import { processSingleton } from "@/lib/server/singleton";
import { inSpan, SpanKind } from "@/lib/tracing/trace";

// The webhook inbox, written with group commit outside Prisma (its per-query cost dominates,
// docs/webhooks.md): SQLite through its own better-sqlite3 connection, PostgreSQL through a pg
// Pool. Either way a delivery is acknowledged only after the COMMIT that holds it returned.

export {
  STORE_DEADLINE_MS,
  StoreUnavailableError,
  type NewWebhookEvent,
} from "./event-store-types";

const store = env.databaseProvider === "postgresql" ? pgStore : sqliteStore;
const lastWrite = processSingleton("webhooks.last-write", () => ({ at: 0 }));

/**
 * Stores the raw event; "duplicate" when its dedupeKey is already there (nothing written). Its span
 * (outside Prisma, so lib/db/traced.ts never sees it) lasts until the COMMIT that holds the row:
 * the wait for the group is part of what the delivery waited for.
 */
export function insertWebhookEvent(e: NewWebhookEvent): Promise<InsertResult> {
  lastWrite.at = Date.now();
  return inSpan(
    "db WebhookEvent.insert",
    {
      kind: SpanKind.CLIENT,
      childOnly: true,
      attributes: {
        "db.system.name": env.databaseProvider,
        "db.operation.name": "insert",
        "db.collection.name": "WebhookEvent",
      },
    },
    async (span) => {
      const result = await store.insertWebhookEvent(e);
      span.setAttribute("outcome", result.stored ? "stored" : "duplicate");
      return result;
    },
  );
}

/** Milliseconds since a delivery was last queued for storing: the dispatcher keeps out of the way while they flow. */
export function msSinceLastWrite(): number {
  return Date.now() - lastWrite.at;
}

/** Deliveries not committed yet: the dispatcher waits for them before its next apply. */
export function writesWaiting(): number {
  return store.writesWaiting();
}
