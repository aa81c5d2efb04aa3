import "server-only";
import { notInWorkspace } from "@/lib/auth/user-route";
import { db } from "@/lib/db/client";
import type { ApiEventType } from "@/lib/rules/api-events";
import type { EventQuery } from "@/lib/validation/api-query";
import { decodeCursor, DEFAULT_LIMIT, NEWEST_FIRST, olderThan, pageOf } from "../cursor";

// The events list mirrors the webhooks out: every API event of the account (lib/api-events makes
// them from the facts, whether or not an endpoint chose them), with the very body its deliveries
// carry, so a program can catch up on what it missed without an endpoint.

type Row = { id: string; type: string; payload: string; createdAt: Date };

function eventOut(row: Row) {
  const body = JSON.parse(row.payload) as { timestamp: string; data: Record<string, unknown> };
  return {
    id: row.id,
    type: row.type as ApiEventType,
    timestamp: body.timestamp,
    data: body.data,
  };
}

export async function eventsPage(userId: string, q: EventQuery) {
  const limit = q.limit ?? DEFAULT_LIMIT;
  const rows = await db.apiEvent.findMany({
    where: { userId, ...(q.type ? { type: q.type } : {}), ...olderThan(decodeCursor(q.cursor)) },
    orderBy: NEWEST_FIRST,
    take: limit + 1,
    select: { id: true, type: true, payload: true, createdAt: true },
  });
  return pageOf(rows, limit, eventOut);
}

export async function readEvent(userId: string, eventId: string) {
  const row = await db.apiEvent.findFirst({
    where: { id: eventId, userId },
    select: { id: true, type: true, payload: true, createdAt: true },
  });
  if (!row) throw notInWorkspace("Evento");
  return eventOut(row);
}
