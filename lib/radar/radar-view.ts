import "server-only";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { formatPlate } from "@/lib/rules/plate";
import { canMakeLink, describeRadarEvent, inFeedOrder } from "@/lib/rules/radar-event-text";
import type { RadarFilter } from "@/lib/validation/radar-input";
import { lookupsPerMonth } from "./watch-schedule";
import { clock } from "@/lib/clock";

// The Radar page's data, the same shape server-rendered and polled (GET /api/workspace/radar):
// the account's events, new since the last visit first, and every state the page draws (off, on
// with nothing yet, watches stopped by themselves, the cap). Every query names the account.

const MAX_EVENTS = 300;

export type RadarEventView = {
  id: string;
  kind: string;
  reason: string | null;
  label: string;
  sentence: string;
  isNew: boolean;
  createdAt: string;
  clientId: string | null;
  clientName: string;
  plate: string;
  uf: string;
  /** "Gerar link": the link flow with this debt already chosen. */
  linkHref: string | null;
};

export type StoppedWatchView = {
  vehicleId: string;
  plate: string;
  clientId: string;
  clientName: string;
  reason: string;
  stoppedAt: string | null;
};

export type RadarPageView = {
  watched: number;
  usedPerMonth: number;
  monthlyCap: number;
  capReached: boolean;
  nextCheckAt: string | null;
  stoppedBySelf: StoppedWatchView[];
  events: RadarEventView[];
  newCount: number;
  clients: { id: string; name: string }[];
  /** The last visit the "new" marks are counted from. */
  since: string | null;
};

/** What the page and the digest tell of an event, with its vehicle and client. */
export const EVENT_FACTS_SELECT = {
  id: true,
  kind: true,
  reason: true,
  title: true,
  amountCents: true,
  previousAmountCents: true,
  dueDate: true,
  watch: {
    select: {
      vehicle: { select: { plate: true, uf: true, client: { select: { id: true, name: true } } } },
    },
  },
} as const;

export const eventLinkHref = (eventId: string, debtId: string) =>
  `/painel/radar/eventos/${encodeURIComponent(eventId)}?debts=${encodeURIComponent(debtId)}`;

const SELF_STOPS = ["vehicle_not_found", "wrong_document"];

export async function radarPageView(
  userId: string,
  filter: RadarFilter = {},
  seenAt?: Date | null,
  now = clock.now(),
): Promise<RadarPageView> {
  const account = await db.radarAccount.findUnique({ where: { userId } });
  const since = filter.since
    ? new Date(filter.since)
    : seenAt !== undefined
      ? seenAt
      : (account?.radarSeenAt ?? null);
  const monthlyCap = account?.monthlyCap ?? env.radar.defaultMonthlyCap;
  const [active, stopped, rows, clients, next] = await Promise.all([
    db.radarWatch.findMany({
      where: { userId, kind: "workspace", status: "active" },
      select: { recurrence: true },
    }),
    db.radarWatch.findMany({
      where: { userId, kind: "workspace", status: "stopped", stopReason: { in: SELF_STOPS } },
      select: {
        stopReason: true,
        stoppedAt: true,
        vehicle: {
          select: { id: true, plate: true, client: { select: { id: true, name: true } } },
        },
      },
    }),
    db.radarEvent.findMany({
      where: {
        userId,
        ...(filter.kind ? { kind: filter.kind } : {}),
        ...(filter.client ? { watch: { vehicle: { clientId: filter.client } } } : {}),
      },
      orderBy: { createdAt: "desc" },
      take: MAX_EVENTS,
      select: { ...EVENT_FACTS_SELECT, debtId: true, lookupId: true, createdAt: true },
    }),
    db.workspaceClient.findMany({
      where: { userId, vehicles: { some: { radarWatch: { isNot: null } } } },
      select: { id: true, name: true },
    }),
    db.radarWatch.findFirst({
      where: { userId, kind: "workspace", status: "active", nextScanAt: { not: null } },
      orderBy: { nextScanAt: "asc" },
      select: { nextScanAt: true },
    }),
  ]);
  const usedPerMonth = active.reduce((n, w) => n + lookupsPerMonth(w.recurrence), 0);
  const described = rows.map((e): RadarEventView => {
    const vehicle = e.watch.vehicle;
    const text = describeRadarEvent({ ...e, dueDate: e.dueDate }, now);
    return {
      id: e.id,
      kind: e.kind,
      reason: e.reason,
      ...text,
      isNew: !since || e.createdAt > since,
      createdAt: e.createdAt.toISOString(),
      clientId: vehicle?.client.id ?? null,
      clientName: vehicle?.client.name ?? "Veículo removido",
      plate: vehicle ? formatPlate(vehicle.plate) : "",
      uf: vehicle?.uf ?? "",
      linkHref: vehicle && canMakeLink(e) ? eventLinkHref(e.id, e.debtId!) : null,
    };
  });
  // New first; inside each part the newest check first, and inside a check a new fine before the
  // reminders found with it: the order the mails use (lib/rules/radar-event-text.ts).
  const events = inFeedOrder(described);
  return {
    watched: active.length,
    usedPerMonth,
    monthlyCap,
    capReached: usedPerMonth >= monthlyCap,
    nextCheckAt: next?.nextScanAt?.toISOString() ?? null,
    stoppedBySelf: stopped.flatMap((w) =>
      w.vehicle
        ? [
            {
              vehicleId: w.vehicle.id,
              plate: formatPlate(w.vehicle.plate),
              clientId: w.vehicle.client.id,
              clientName: w.vehicle.client.name,
              reason: w.stopReason ?? "",
              stoppedAt: w.stoppedAt?.toISOString() ?? null,
            },
          ]
        : [],
    ),
    events,
    newCount: events.filter((e) => e.isNew).length,
    clients: clients.sort((a, b) => a.name.localeCompare(b.name, "pt-BR")),
    since: since?.toISOString() ?? null,
  };
}

/** The page was seen: what it showed is no longer new on the next visit. Returns the previous mark. */
export async function markRadarSeen(userId: string, now = clock.now()): Promise<Date | null> {
  const before = await db.radarAccount.findUnique({
    where: { userId },
    select: { radarSeenAt: true },
  });
  await db.radarAccount.upsert({
    where: { userId },
    create: { userId, monthlyCap: env.radar.defaultMonthlyCap, radarSeenAt: now },
    update: { radarSeenAt: now },
  });
  return before?.radarSeenAt ?? null;
}

/** One event of the account with its lookup, debt and client: the "Gerar link" page. */
export async function eventForLink(userId: string, eventId: string) {
  const e = await db.radarEvent.findFirst({
    where: { id: eventId, userId },
    select: {
      debtId: true,
      lookupId: true,
      title: true,
      kind: true,
      watch: {
        select: {
          vehicle: {
            select: {
              plate: true,
              uf: true,
              client: { select: { id: true, name: true, phone: true, email: true } },
            },
          },
        },
      },
    },
  });
  const vehicle = e?.watch.vehicle;
  if (!e || !vehicle || !e.lookupId || !e.debtId) return null;
  const { client } = vehicle;
  return {
    lookupId: e.lookupId,
    debtId: e.debtId,
    title: e.title,
    plate: vehicle.plate,
    uf: vehicle.uf,
    client: {
      id: client.id,
      name: client.name,
      phone: client.phone,
      hasEmail: Boolean(client.email),
    },
  };
}
