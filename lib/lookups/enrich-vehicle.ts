import "server-only";
import { AppError } from "@/lib/errors/app-error";
import { formatPlate } from "@/lib/rules/plate";
import { upstream } from "@/lib/upstream/client";
import { isUpstreamError } from "@/lib/upstream/errors";
import type { Uf, Vehicle } from "@/lib/upstream/types";
import type { EnrichmentInput } from "@/lib/validation/enrichment-input";

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

/** Enrichment with the two outcomes the page draws by code: VEHICLE_NOT_FOUND and AUTHORITY_UNAVAILABLE. */
export async function enrichVehicle(input: EnrichmentInput): Promise<VehicleView> {
  try {
    return toView(await upstream.enrichVehicle(input.plate, input.uf as Uf | undefined));
  } catch (error) {
    if (isUpstreamError(error) && error.code === "UPSTREAM_NOT_FOUND") {
      const where = input.uf ? ` em ${input.uf}` : "";
      throw new AppError({ code: "VEHICLE_NOT_FOUND", message: `Não encontramos o veículo de placa ${formatPlate(input.plate)}${where}. Confira a placa.` });
    }
    if (isUpstreamError(error) && error.code === "UPSTREAM_UNAVAILABLE") {
      throw new AppError({
        code: "AUTHORITY_UNAVAILABLE",
      });
    }
    throw error;
  }
}
