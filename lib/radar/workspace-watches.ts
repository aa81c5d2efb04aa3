import "server-only";
import { notInWorkspace } from "@/lib/auth/user-route";
import { db } from "@/lib/db/client";
import { orderedIds } from "@/lib/db/bulk-sql";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import { messageOf } from "@/lib/errors/codes";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { RadarSelection } from "@/lib/validation/radar-input";
import { baselineForVehicle } from "./baseline";
import { radarLog } from "./logger";
import { activationData, lookupsPerMonth, type Recurrence } from "./watch-schedule";
import { clock } from "@/lib/clock";

// The despachante turns Radar on and off for their vehicles. Every upstream lookup costs money in
// production, so the cost a month is shown before confirming and the account's cap is held in the
// same transaction that turns the watches on (the account's row is written first: on PostgreSQL
// that locks it, so two confirmations at once cannot both pass the cap). A client or vehicle id
// that is not the account's is refused with the same answer as one that does not exist.

type Tx = Prisma.TransactionClient;

export type RadarCost = {
  /** Vehicles in the selection. */
  vehicles: number;
  /** Lookups a month the selection costs at the chosen recurrence. */
  selectionPerMonth: number;
  /** Lookups a month of the account's other active watches (outside the selection). */
  othersPerMonth: number;
  totalPerMonth: number;
  monthlyCap: number;
  withinCap: boolean;
};

/** The account's cap, created with the configured default the first time it is needed. */
export async function radarAccountOf(userId: string, client: Pick<Tx, "radarAccount"> = db) {
  const found = await client.radarAccount.findUnique({ where: { userId } });
  return (
    found ?? {
      userId,
      monthlyCap: env.radar.defaultMonthlyCap,
      radarSeenAt: null,
      painelSeenAt: null,
      lastDigestDay: null,
    }
  );
}

async function chosenVehicles(
  tx: Pick<Tx, "workspaceVehicle" | "workspaceClient">,
  userId: string,
  selection: RadarSelection,
) {
  if (selection.scope === "all")
    return tx.workspaceVehicle.findMany({ where: { userId }, select: { id: true, uf: true } });
  if (selection.scope === "clients") {
    const ids = [...new Set(selection.clientIds)];
    const found = await tx.workspaceClient.count({ where: { userId, id: { in: ids } } });
    if (found !== ids.length) throw notInWorkspace("Cliente");
    return tx.workspaceVehicle.findMany({
      where: { userId, clientId: { in: ids } },
      select: { id: true, uf: true },
    });
  }
  const ids = [...new Set(selection.vehicleIds)];
  const vehicles = await tx.workspaceVehicle.findMany({
    where: { userId, id: { in: ids } },
    select: { id: true, uf: true },
  });
  if (vehicles.length !== ids.length) throw notInWorkspace("Veículo");
  return vehicles;
}

async function costOf(
  tx: Tx,
  userId: string,
  vehicleIds: string[],
  recurrence: Recurrence,
  monthlyCap: number,
): Promise<RadarCost> {
  const chosen = new Set(vehicleIds);
  const active = await tx.radarWatch.findMany({
    where: { userId, kind: "workspace", status: "active" },
    select: { vehicleId: true, recurrence: true },
  });
  const othersPerMonth = active
    .filter((w) => !w.vehicleId || !chosen.has(w.vehicleId))
    .reduce((n, w) => n + lookupsPerMonth(w.recurrence), 0);
  const selectionPerMonth = vehicleIds.length * lookupsPerMonth(recurrence);
  const totalPerMonth = othersPerMonth + selectionPerMonth;
  return {
    vehicles: vehicleIds.length,
    selectionPerMonth,
    othersPerMonth,
    totalPerMonth,
    monthlyCap,
    withinCap: totalPerMonth <= monthlyCap,
  };
}

/** What turning Radar on for this selection would cost a month; nothing is written. */
export async function previewRadar(
  userId: string,
  selection: RadarSelection,
  recurrence: Recurrence,
): Promise<RadarCost> {
  return db.$transaction(async (tx) => {
    const vehicles = await chosenVehicles(tx, userId, selection);
    const account = await radarAccountOf(userId, tx);
    return costOf(
      tx,
      userId,
      vehicles.map((v) => v.id),
      recurrence,
      account.monthlyCap,
    );
  });
}

/** What the registry's words say after their first sentence (what to do), kept as they are. */
const capAdvice = () => {
  const words = messageOf("RADAR_CAP_EXCEEDED");
  return words.slice(words.indexOf(". ") + 2);
};

/**
 * The refusal: the registry's words (docs/errors.md) with this choice's numbers in the first
 * sentence, and the whole cost in `fields`, so the page can show what the cap allows now.
 */
export const capExceeded = (cost: RadarCost) =>
  new AppError({
    code: "RADAR_CAP_EXCEEDED",
    message: `Essa escolha custaria ${cost.totalPerMonth.toLocaleString("pt-BR")} consultas por mês, acima do limite de ${cost.monthlyCap.toLocaleString("pt-BR")} da sua conta. ${capAdvice()}`,
    fields: {
      vehicles: String(cost.vehicles),
      selectionPerMonth: String(cost.selectionPerMonth),
      othersPerMonth: String(cost.othersPerMonth),
      totalPerMonth: String(cost.totalPerMonth),
      monthlyCap: String(cost.monthlyCap),
    },
  });

/**
 * Turns Radar on for the selection at the recurrence: new watches are created, stopped ones start
 * again (from the result they last knew: what changed while off is told), active ones take the new
 * recurrence. Over the cap nothing changes. A new watch starts from the vehicle's newest batch
 * lookup, else from none (its first scan's result becomes the baseline: no "appeared" for debts
 * already there).
 */
export async function turnRadarOn(
  userId: string,
  selection: RadarSelection,
  recurrence: Recurrence,
  now = clock.now(),
): Promise<RadarCost & { turnedOn: number }> {
  const result = await db.$transaction(async (tx) => {
    const account = await tx.radarAccount.upsert({
      where: { userId },
      create: { userId, monthlyCap: env.radar.defaultMonthlyCap },
      update: { updatedAt: now },
    });
    const vehicles = await chosenVehicles(tx, userId, selection);
    const cost = await costOf(
      tx,
      userId,
      vehicles.map((v) => v.id),
      recurrence,
      account.monthlyCap,
    );
    if (!cost.withinCap) throw capExceeded(cost);
    const existing = await tx.radarWatch.findMany({
      where: { vehicleId: { in: vehicles.map((v) => v.id) } },
      select: { id: true, vehicleId: true, status: true, recurrence: true },
    });
    const byVehicle = new Map(existing.map((w) => [w.vehicleId, w]));
    const fresh = vehicles.filter((v) => !byVehicle.has(v.id));
    const ids = orderedIds(fresh.length, now.getTime());
    const baselines = await Promise.all(fresh.map((v) => baselineForVehicle(v.id)));
    await tx.radarWatch.createMany({
      data: fresh.map((v, i) => ({
        id: ids[i]!,
        kind: "workspace",
        userId,
        vehicleId: v.id,
        recurrence,
        confirmedAt: now,
        baselineLookupId: baselines[i],
        ...activationData({ id: ids[i]!, recurrence }, v.uf, now),
      })),
    });
    let changed = fresh.length;
    for (const v of vehicles) {
      const watch = byVehicle.get(v.id);
      // An active watch at the same recurrence keeps its place on the grid.
      if (!watch || (watch.status === "active" && watch.recurrence === recurrence)) continue;
      await tx.radarWatch.update({
        where: { id: watch.id },
        data: {
          recurrence,
          confirmedAt: now,
          ...activationData({ id: watch.id, recurrence }, v.uf, now),
        },
      });
      changed += 1;
    }
    return { ...cost, turnedOn: changed };
  });
  radarLog.info(
    { vehicles: result.vehicles, turnedOn: result.turnedOn, perMonth: result.totalPerMonth },
    "radar turned on",
  );
  return result;
}

/** Stops the selection's watches; the engine claims only active ones, so nothing more is looked up. */
export async function turnRadarOff(
  userId: string,
  selection: RadarSelection,
  now = clock.now(),
): Promise<{ turnedOff: number }> {
  const turnedOff = await db.$transaction(async (tx) => {
    const vehicles = await chosenVehicles(tx, userId, selection);
    const { count } = await tx.radarWatch.updateMany({
      where: {
        userId,
        kind: "workspace",
        vehicleId: { in: vehicles.map((v) => v.id) },
        status: { not: "stopped" },
      },
      data: { status: "stopped", stopReason: "radar_off", stoppedAt: now, notBefore: null },
    });
    return count;
  });
  radarLog.info({ turnedOff }, "radar turned off");
  return { turnedOff };
}

/** The account's monthly cap; a lower one than today's use stops nothing, it refuses more. */
export async function setMonthlyCap(
  userId: string,
  monthlyCap: number,
): Promise<{ monthlyCap: number }> {
  const account = await db.radarAccount.upsert({
    where: { userId },
    create: { userId, monthlyCap },
    update: { monthlyCap },
  });
  return { monthlyCap: account.monthlyCap };
}

/** Lookups a month of the account's active watches. */
export async function usedPerMonth(userId: string): Promise<number> {
  const active = await db.radarWatch.findMany({
    where: { userId, kind: "workspace", status: "active" },
    select: { recurrence: true },
  });
  return active.reduce((n, w) => n + lookupsPerMonth(w.recurrence), 0);
}

/** The settings form's choices: every client's vehicles with their watch, if any. */
export async function radarChoices(userId: string) {
  const clients = await db.workspaceClient.findMany({
    where: { userId },
    select: {
      id: true,
      name: true,
      vehicles: {
        select: {
          id: true,
          plate: true,
          uf: true,
          radarWatch: { select: { status: true, recurrence: true } },
        },
        orderBy: { plate: "asc" },
      },
    },
  });
  return clients
    .filter((c) => c.vehicles.length > 0)
    .sort((a, b) => a.name.localeCompare(b.name, "pt-BR"))
    .map((c) => ({
      id: c.id,
      name: c.name,
      vehicles: c.vehicles.map((v) => ({
        id: v.id,
        plate: v.plate,
        uf: v.uf,
        watching:
          v.radarWatch?.status === "active" ? (v.radarWatch.recurrence as Recurrence) : null,
      })),
    }));
}

export type RadarChoiceClient = Awaited<ReturnType<typeof radarChoices>>[number];

/** Lookups a month of one watch at each recurrence, for the form's arithmetic before the server's. */
export const perMonthByRecurrence = (): Record<Recurrence, number> => ({
  weekly: lookupsPerMonth("weekly"),
  daily: lookupsPerMonth("daily"),
});
