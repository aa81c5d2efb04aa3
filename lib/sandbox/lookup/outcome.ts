import type { LookupRecord, SandboxContext, SandboxDebt, WebhookPayload } from "../context";
import { buildDebts } from "../catalog/debts";
import { findVehicle } from "../catalog/find-vehicle";
import { formerIdsOf, timelineMoment, timelineStep } from "../catalog/timeline";
import type { CatalogVehicle, LookupErrorCode, LookupOutcome } from "../catalog/vehicles";
import { paidDebtFate, relistedDebt, withinLag } from "./authority-lag";

export const LOOKUP_ERROR_MESSAGES: Record<LookupErrorCode, string> = {
  "900": "Service unavailable",
  "901": "Timeout querying the traffic authority",
  "902": "Inconsistent data returned by the traffic authority",
  "903": "Scheduled maintenance of the traffic authority",
};

export type LookupQuery = { state: string; licensePlate: string; renavam: string; cpfCnpj: string };

const SAO_PAULO_HOUR = new Intl.DateTimeFormat("en-GB", {
  timeZone: "America/Sao_Paulo",
  hour: "2-digit",
  hourCycle: "h23",
});

/** True from 00:00:00 to 06:59:59 in America/Sao_Paulo, when the SP authority is in maintenance. */
export function inSpMaintenance(now: Date): boolean {
  return Number(SAO_PAULO_HOUR.format(now)) < 7;
}

/**
 * What the authority answers. The SP window wins over everything (the authority cannot even say
 * whether the vehicle exists). A vehicle is only "found" when state, renavam and document all
 * match the catalog entry; any mismatch is VehicleNotFound, as a real Detran would answer.
 */
export function resolveLookup(
  q: LookupQuery,
  now: Date,
): { outcome: LookupOutcome; vehicle?: CatalogVehicle } {
  if (q.state === "SP" && inSpMaintenance(now))
    return { outcome: { kind: "search-error-event", errorCode: "903" } };
  const v = findVehicle(q.licensePlate);
  if (!v || v.uf !== q.state || v.renavam !== q.renavam || v.cpfCnpj !== q.cpfCnpj) {
    return { outcome: { kind: "VehicleNotFound" } };
  }
  return { outcome: v.lookup, vehicle: v };
}

/**
 * Builds the debts of a found vehicle and records them for checkout, minus those already paid and
 * their `distinct` alternatives (cota única paid means the same year's parcelas are settled too).
 * The lag plates (BXA, BXN, BXR: authority-lag.ts) keep some listed, or relist a paid fine. A paid
 * dependency no longer constrains anything, so it leaves dependsOn/distinct as well.
 */
export function produceDebts(
  ctx: SandboxContext,
  record: LookupRecord,
  vehicle: CatalogVehicle,
  built?: SandboxDebt[],
): SandboxDebt[] {
  const paid = ctx.store.paidAtByDebtId;
  const now = ctx.options.now();
  const earliest = (a: Date | undefined, id: string) => {
    const at = paid.get(id);
    return at && (!a || at < a) ? at : a;
  };
  // A timeline debt reissued under a new id is still the debt a payment of its old id paid.
  const paidAt = (d: SandboxDebt) =>
    [...formerIdsOf(d.id), ...d.distinct].reduce(earliest, paid.get(d.id));
  const listed: SandboxDebt[] = [];
  for (const d of built ?? buildDebts(vehicle, now)) {
    const at = paid.size ? paidAt(d) : undefined;
    const fate = at ? paidDebtFate(vehicle.plate, d, at, now, ctx.options.timeScale) : "listed";
    if (fate === "listed") listed.push(d);
    if (fate !== "relisted") continue;
    // The relisted fine is a debt of its own: once paid, it follows the lag.
    const again = relistedDebt(vehicle.plate, d);
    const againPaidAt = paid.get(again.id);
    if (!againPaidAt || withinLag(againPaidAt, now, ctx.options.timeScale)) listed.push(again);
  }
  const debts = listed.map((d) => ({
    ...d,
    dependsOn: d.dependsOn.filter((id) => !paid.has(id)),
    distinct: d.distinct.filter((id) => !paid.has(id)),
  }));
  const { uf, licensePlate, renavam } = record.vehicle;
  for (const debt of debts)
    ctx.store.debtsById.set(debt.id, { debt, vehicle: { uf, licensePlate, renavam } });
  record.debts = debts;
  return debts;
}

/** The webhook event for an asynchronous outcome, exactly per the spec's Events table. */
export function resultEvent(
  ctx: SandboxContext,
  record: LookupRecord,
  outcome: Exclude<LookupOutcome, { kind: "never" } | { kind: "sync" }>,
  vehicle: CatalogVehicle | undefined,
): WebhookPayload {
  const base = { transactionId: record.transactionId, externalId: record.externalId };
  const { uf, document, licensePlate, renavam } = record.vehicle;
  // A timeline vehicle answers what its story says at this moment of the sandbox clock.
  const step =
    outcome.kind === "timeline" && vehicle
      ? timelineStep(
          vehicle,
          timelineMoment(
            ctx.options.now(),
            ctx.options.timeScale,
            ctx.store.timelinePins.get(vehicle.plate),
          ),
          ctx.options.timeScale,
        )
      : undefined;
  if (step && "error" in step)
    return resultEvent(ctx, record, { kind: "search-error-event", errorCode: step.error }, vehicle);
  switch (outcome.kind) {
    case "debts":
    case "timeline": {
      const debts = vehicle ? produceDebts(ctx, record, vehicle, step?.debts) : [];
      if (debts.length === 0) {
        // Everything was paid since: the authority answers as for a vehicle without debts.
        record.outcome = "VehicleWithoutDebts";
        return {
          type: "VehicleWithoutDebts",
          ...base,
          vehicle: { uf, document, licensePlate, renavam },
        };
      }
      record.outcome = "debts";
      return { type: "debts", ...base, vehicle: { uf, document, licensePlate, renavam }, debts };
    }
    case "VehicleWithoutDebts":
      record.outcome = "VehicleWithoutDebts";
      return {
        type: "VehicleWithoutDebts",
        ...base,
        vehicle: { uf, document, licensePlate, renavam },
      };
    case "VehicleNotFound":
      record.outcome = "VehicleNotFound";
      return { type: "VehicleNotFound", ...base };
    case "search-error-event":
      record.outcome = "search-error-event";
      return {
        type: "search-error-event",
        ...base,
        status: "ERROR",
        error: [
          { errorCode: outcome.errorCode, message: LOOKUP_ERROR_MESSAGES[outcome.errorCode] },
        ],
      };
  }
}

/** The synchronous variant shown in the spec's client-flow example (only the fields it shows). */
export function syncAnswer(record: LookupRecord) {
  const debts = record.debts.map((d) => ({
    id: d.id,
    amount: d.amount,
    title: d.title,
    description: d.description,
    type: d.type,
    ...(d.type === "ipva" || d.type === "licensing" ? { year: d.year } : { dueDate: d.dueDate }),
    isExpired: d.isExpired,
  }));
  const totalAmount = Math.round(record.debts.reduce((s, d) => s + d.amount * 100, 0)) / 100;
  return { success: true, transactionId: record.transactionId, debts, totalAmount };
}
