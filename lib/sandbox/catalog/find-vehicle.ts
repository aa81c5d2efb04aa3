import { familyVehicle } from "./family";
import { SANDBOX_VEHICLES, type CatalogVehicle } from "./vehicles";

// Apart from vehicles.ts because the generated family is built from the catalog's own withDebts:
// the catalog must not import the family back.

const byPlate = new Map<string, CatalogVehicle>(
  Object.values(SANDBOX_VEHICLES).map((v) => [v.plate, v]),
);

/** Looks a normalized plate up in the catalog, then in the generated families (family.ts). */
export function findVehicle(plate: string): CatalogVehicle | undefined {
  return byPlate.get(plate) ?? familyVehicle(plate);
}
