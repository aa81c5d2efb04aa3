import "server-only";
import { notInWorkspace } from "@/lib/auth/user-route";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import { parseOrThrow } from "@/lib/http/validation";
import { startLookup } from "@/lib/lookups/start-lookup";
import { budget } from "@/lib/upstream/budget";
import { DEBT_LOOKUP } from "@/lib/upstream/client";
import { lookupInputSchema } from "@/lib/validation/lookup-input";
import { apiLog } from "../logger";
import { DEBT_COLUMNS, debtOut } from "./debts";

// One vehicle of the account looked up now, through the API. The API's lookups take a unit of
// their own ceiling (API_LOOKUP_SHARE_PERCENT of the lookups' budget, counted in ApiBudgetWindow)
// with the general unit, as Radar's do: a program looking up in a loop spends its share, never
// what people's lookups and the money path keep. The lookup is the storefront's own (startLookup:
// a late answer arrives by webhook), marked with the account and vehicle so only they read it.

type Status = "pending" | "debts" | "no_debts" | "not_found" | "error" | "failed";

export async function startApiLookup(userId: string, vehicleId: string) {
  const vehicle = await db.workspaceVehicle.findFirst({
    where: { id: vehicleId, userId },
    select: { plate: true, uf: true, renavam: true, client: { select: { cpfCnpj: true } } },
  });
  if (!vehicle) throw notInWorkspace("Veículo");
  const input = parseOrThrow(lookupInputSchema, {
    uf: vehicle.uf,
    plate: vehicle.plate,
    renavam: vehicle.renavam,
    cpfCnpj: vehicle.client.cpfCnpj,
  });
  const wait = await budget.takeShare(DEBT_LOOKUP, env.api.lookupShare, "api");
  if (wait > 0) {
    apiLog.warn({ retryAfterSeconds: wait }, "api lookup refused: the API's share is spent");
    throw new AppError({ code: "API_LOOKUP_SHARE_SPENT", retryAfterSeconds: wait });
  }
  const { lookupId } = await startLookup(input, { owner: { userId, vehicleId } });
  return readApiLookup(userId, lookupId);
}

export async function readApiLookup(userId: string, lookupId: string) {
  const row = await db.lookup.findFirst({
    where: { id: lookupId, ownerUserId: userId },
    select: {
      id: true,
      vehicleId: true,
      plate: true,
      uf: true,
      status: true,
      errorCode: true,
      createdAt: true,
      resolvedAt: true,
      debts: {
        orderBy: [{ dueDate: "asc" }, { debtId: "asc" }],
        select: DEBT_COLUMNS,
      },
    },
  });
  if (!row) throw notInWorkspace("Consulta");
  return {
    id: row.id,
    vehicleId: row.vehicleId!,
    plate: row.plate,
    uf: row.uf,
    status: row.status as Status,
    errorCode: row.errorCode,
    debts: row.debts.map(debtOut),
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}
