import { randomUUID } from "node:crypto";
import type { CatalogVehicle } from "@/lib/sandbox/catalog/vehicles";
import { familyVehicle } from "@/lib/sandbox/catalog/family";
import { timelineDayMs, timelineDayStart, timelinePosition } from "@/lib/sandbox/catalog/timeline";
import { TEST_API_KEY } from "./test-keys";
import { sleep } from "./time";

// Radar watches written straight to the database, already active and due (turning a watch on is
// the workspace's and the owner's part), and the loop that runs Radar's queues in this process.

/** n generated RDR plates (the sandbox's vehicles that change over time), distinct per digit. */
export function radarPlates(n: number, digit: number, offset = 0): CatalogVehicle[] {
  return Array.from({ length: n }, (_, i) => {
    const k = offset + i;
    return familyVehicle(
      `RDR${digit}${String.fromCharCode(65 + Math.floor(k / 100))}${String(k % 100).padStart(2, "0")}`,
    )!;
  });
}

/** An owner watch of `v`, active and due `dueInMs` from now (its own sealed copy of the data). */
export async function ownerWatch(
  v: Pick<CatalogVehicle, "uf" | "plate" | "renavam" | "cpfCnpj">,
  opts: { dueInMs?: number; recurrence?: string } = {},
): Promise<string> {
  const { db } = await import("@/lib/db/client");
  const due = new Date(Date.now() + (opts.dueInMs ?? -1000));
  const watch = await db.radarWatch.create({
    data: {
      kind: "owner",
      status: "active",
      recurrence: opts.recurrence ?? "weekly",
      uf: v.uf,
      plate: v.plate,
      renavam: v.renavam,
      cpfCnpj: v.cpfCnpj,
      email: `dono.${v.plate.toLowerCase()}@example.test`,
      ownerKey: randomUUID(),
      confirmedAt: new Date(),
      nextScanAt: due,
      notBefore: due,
    },
  });
  return watch.id;
}

/** Many owner watches at once, all due now (createMany: the fleet test seeds a thousand). */
export async function ownerWatches(
  vehicles: readonly CatalogVehicle[],
  opts: { dueInMs?: number; recurrence?: string } = {},
): Promise<string[]> {
  const { db } = await import("@/lib/db/client");
  const due = new Date(Date.now() + (opts.dueInMs ?? -1000));
  const rows = vehicles.map((v) => ({
    id: randomUUID(),
    kind: "owner",
    status: "active",
    recurrence: opts.recurrence ?? "weekly",
    uf: v.uf,
    plate: v.plate,
    renavam: v.renavam,
    cpfCnpj: v.cpfCnpj,
    email: `dono.${v.plate.toLowerCase()}@example.test`,
    ownerKey: randomUUID(),
    confirmedAt: new Date(),
    nextScanAt: due,
    notBefore: due,
  }));
  for (let i = 0; i < rows.length; i += 500)
    await db.radarWatch.createMany({ data: rows.slice(i, i + 500) });
  return rows.map((r) => r.id);
}

/** Makes a watch's next turn due now (as if its period had passed). */
export async function dueNow(watchId: string): Promise<void> {
  const { db } = await import("@/lib/db/client");
  const at = new Date(Date.now() - 1000);
  await db.radarWatch.update({ where: { id: watchId }, data: { nextScanAt: at, notBefore: at } });
}

/** Pins the sandbox's clock (null: back to the real one). */
export async function pinSandboxClock(sandboxUrl: string, now: Date | null): Promise<void> {
  const res = await fetch(`${sandboxUrl}/__sandbox/clock`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": TEST_API_KEY },
    body: JSON.stringify({ now: now?.toISOString() ?? null }),
  });
  if (!res.ok) throw new Error(`clock pin failed: ${res.status}`);
}

/** Pins the sandbox's clock to the middle of timeline day `day` of the cycle after the current one. */
export async function pinTimelineDay(
  sandboxUrl: string,
  day: number,
  timeScale: number,
): Promise<void> {
  const { cycle } = timelinePosition(new Date(), timeScale);
  await pinSandboxClock(
    sandboxUrl,
    new Date(timelineDayStart(cycle + 1, day, timeScale).getTime() + timelineDayMs(timeScale) / 2),
  );
}

/**
 * Runs Radar's queues and the webhook inbox in this process until nothing is due and no lookup is
 * awaited (a scan waiting to retry after an authority error is not waited for), or throws after `timeoutMs`.
 */
export async function runRadar(timeoutMs = 20_000): Promise<void> {
  const { db } = await import("@/lib/db/client");
  const { radarPlanner, radarScans } = await import("@/lib/radar/workers");
  const { dispatchPendingWebhooks } = await import("@/lib/webhooks/dispatch");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await radarPlanner.kick();
    await radarScans.kick();
    await dispatchPendingWebhooks();
    const open = await db.radarScan.count({
      where: {
        status: { in: ["queued", "running"] },
        OR: [{ notBefore: null }, { notBefore: { lte: new Date() } }, { lookupId: { not: null } }],
      },
    });
    const due = await db.radarWatch.count({
      where: { status: "active", notBefore: { lte: new Date() } },
    });
    if (open === 0 && due === 0) return;
    if (Date.now() > deadline)
      throw new Error(`radar still has ${open} open scans and ${due} due watches`);
    await sleep(50);
  }
}
