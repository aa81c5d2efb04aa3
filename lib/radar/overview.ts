import "server-only";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { listAccountLinks } from "@/lib/links/account-links";
import { paidOnSaoPauloDay } from "@/lib/rules/link-filters";
import { listBatches } from "@/lib/workspace/batches/batch-view";
import type { BatchListEntry } from "@/lib/workspace/batches/types";
import { clock } from "@/lib/clock";

// The workspace home (/painel): what happened since the last visit and where each thing is. Read
// against the previous visit, then the visit is marked, so a reload says "nothing new".

export type WorkspaceOverview = {
  /** Debts Radar found since the last visit (new ones), and every other Radar notice since then. */
  newDebts: number;
  otherNotices: number;
  openLinks: number;
  paidToday: number;
  lastBatch: BatchListEntry | null;
  clients: number;
  watchedVehicles: number;
  lastVisit: string | null;
};

export async function workspaceOverview(
  userId: string,
  now = clock.now(),
): Promise<WorkspaceOverview> {
  const account = await db.radarAccount.findUnique({
    where: { userId },
    select: { painelSeenAt: true },
  });
  const since = account?.painelSeenAt ?? null;
  const created = since ? { createdAt: { gt: since } } : {};
  const [newDebts, notices, links, batches, clients, watchedVehicles] = await Promise.all([
    db.radarEvent.count({ where: { userId, kind: "appeared", ...created } }),
    db.radarEvent.count({ where: { userId, ...created } }),
    listAccountLinks(userId, {}, now),
    listBatches(userId, 1),
    db.workspaceClient.count({ where: { userId } }),
    db.radarWatch.count({ where: { userId, kind: "workspace", status: "active" } }),
  ]);
  await db.radarAccount.upsert({
    where: { userId },
    create: { userId, monthlyCap: env.radar.defaultMonthlyCap, painelSeenAt: now },
    update: { painelSeenAt: now },
  });
  return {
    newDebts,
    otherNotices: notices - newDebts,
    openLinks: links.links.filter((l) => l.stage === "open").length,
    paidToday: links.links.filter(
      (l) => l.status === "paid" && paidOnSaoPauloDay(l.payment?.paidAt, now),
    ).length,
    lastBatch: batches[0] ?? null,
    clients,
    watchedVehicles,
    lastVisit: since?.toISOString() ?? null,
  };
}
