import "server-only";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { moduleLogger } from "@/lib/log/logger";
import { formatPlate } from "@/lib/rules/plate";
import { upstream } from "@/lib/upstream/client";
import { isUpstreamError } from "@/lib/upstream/errors";
import type { Uf, Vehicle } from "@/lib/upstream/types";
import type { EnrichmentInput } from "@/lib/validation/enrichment-input";

const log = moduleLogger("lookups");

/**
 * The page's vehicle card: registration data without RENAVAM and chassis. Anyone can type a plate,
 * and the RENAVAM is half of what a debt lookup asks for.
 */
export type VehicleView = Omit<Vehicle, "renavam" | "chassis">;

function toView(vehicle: Vehicle): VehicleView {
  const view: Partial<Vehicle> = { ...vehicle };
  delete view.renavam;
  delete view.chassis;
  return view as VehicleView;
}

/**
 * Make and model, kept per plate and UF so the lookup that follows can name the vehicle later (the
 * status page, days after). Losing it only loses that line: a failed write never fails the card.
 */
async function rememberMakeAndModel(plate: string, vehicle: Vehicle): Promise<void> {
  const data = { make: vehicle.make, model: vehicle.model };
  try {
    await db.vehicleProfile.upsert({
      where: { plate_uf: { plate, uf: vehicle.uf } },
      create: { plate, uf: vehicle.uf, ...data },
      update: data,
    });
  } catch (error) {
    log.warn({ err: error }, "vehicle make and model not kept");
  }
}

/** Make and model enrichment said for this plate and UF, as the lookup row keeps them; null when never enriched. */
export async function knownMakeAndModel(plate: string, uf: string): Promise<string | null> {
  const row = await db.vehicleProfile.findUnique({
    where: { plate_uf: { plate, uf } },
    select: { make: true, model: true },
  });
  return row ? JSON.stringify(row) : null;
}

/** Enrichment with the two outcomes the page draws by code: VEHICLE_NOT_FOUND and AUTHORITY_UNAVAILABLE. */
export async function enrichVehicle(input: EnrichmentInput): Promise<VehicleView> {
  try {
    const vehicle = await upstream.enrichVehicle(input.plate, input.uf as Uf | undefined);
    await rememberMakeAndModel(input.plate, vehicle);
    return toView(vehicle);
  } catch (error) {
    if (isUpstreamError(error) && error.code === "UPSTREAM_NOT_FOUND") {
      const where = input.uf ? ` em ${input.uf}` : "";
      throw new AppError({
        code: "VEHICLE_NOT_FOUND",
        message: `Não encontramos o veículo de placa ${formatPlate(input.plate)}${where}. Confira a placa.`,
      });
    }
    if (isUpstreamError(error) && error.code === "UPSTREAM_UNAVAILABLE") {
      throw new AppError({
        code: "AUTHORITY_UNAVAILABLE",
      });
    }
    throw error;
  }
}
