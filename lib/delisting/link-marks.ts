import "server-only";
import { db } from "@/lib/db/client";
import type { LinkView } from "@/lib/links/list-links";
import { isSettled } from "@/lib/rules/payment-status";
import { delistingOf, type DelistingView } from "./delisting-view";

// The despachante's link lists ("Meus links", the workspace's links) with each paid link's
// delisting state, for its mark ("Conferindo no órgão", "Confirmado no órgão", "Ainda listado no
// órgão": lib/rules/delisting-marks.ts). Here because lib/links sits below this layer.

export type WithDelisting<T> = T & { delisting?: DelistingView["state"] };

/** Two reads for the whole list, and none when no link is paid and settled. */
export async function withDelisting<T extends LinkView>(links: T[]): Promise<WithDelisting<T>[]> {
  const refs = links
    .filter((l) => l.status === "paid" && isSettled(l.payment?.liquidationStatus))
    .map((l) => l.payment!.ref);
  if (refs.length === 0) return links;
  const rows = await db.payment.findMany({
    where: { publicRef: { in: refs } },
    select: { id: true, publicRef: true },
  });
  const views = await delistingOf(rows.map((r) => r.id));
  const byRef = new Map(rows.map((r) => [r.publicRef, views.get(r.id)?.state]));
  return links.map((l) => {
    const state = l.payment ? byRef.get(l.payment.ref) : undefined;
    return state ? { ...l, delisting: state } : l;
  });
}
