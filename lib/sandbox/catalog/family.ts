import { createHash } from "node:crypto";
import { cpfCheckDigits, renavamCheckDigit } from "../validators";
import { SANDBOX_VEHICLES, type CatalogVehicle } from "./vehicles";

// Generated test vehicles, like Stripe's "any future expiry works": every plate TST<digit><letter>
// <digit><digit> (TST0A00 … TST9Z99) is a copy of `withDebts` with its own RENAVAM, owner CPF and
// debt ids. Paid debts leave later lookups, so tests running side by side each take their own plate
// instead of paying each other's debts. Likewise every RDR<digit><letter><digit><digit> is a copy
// of `radarTimeline` (debts that change with the clock), for fleets of watched vehicles.

export const FAMILY_PLATE = /^TST\d[A-Z]\d{2}$/;
export const RADAR_FAMILY_PLATE = /^RDR\d[A-Z]\d{2}$/;

function digitsFrom(seed: string, count: number): string {
  const hex = createHash("sha256").update(seed).digest("hex");
  let out = "";
  for (let i = 0; out.length < count; i += 2) out += String(parseInt(hex.slice(i, i + 2), 16) % 10);
  return out;
}

// Built once per plate (three SHA-256 each, on every lookup and enrichment otherwise); each family
// has at most 26,000 plates, so the cache is bounded by construction.
const generated = new Map<string, Readonly<CatalogVehicle>>();

/** The generated vehicle for a family plate (normalized), or undefined for any other plate. */
export function familyVehicle(plate: string): Readonly<CatalogVehicle> | undefined {
  const template = FAMILY_PLATE.test(plate)
    ? "withDebts"
    : RADAR_FAMILY_PLATE.test(plate)
      ? "radarTimeline"
      : undefined;
  if (!template) return undefined;
  let vehicle = generated.get(plate);
  if (!vehicle) generated.set(plate, (vehicle = generate(plate, template)));
  return vehicle;
}

function generate(plate: string, templateName: "withDebts" | "radarTimeline"): CatalogVehicle {
  const first10 = digitsFrom(`renavam:${plate}`, 10);
  const renavam = `${first10}${renavamCheckDigit(first10)}`;
  // The leading 1 keeps the CPF from being all one digit, which check-digit validators reject.
  const first9 = `1${digitsFrom(`cpf:${plate}`, 8)}`;
  const cpfCnpj = `${first9}${cpfCheckDigits(first9)}`;
  const template = SANDBOX_VEHICLES[templateName];
  return {
    ...template,
    plate,
    renavam,
    cpfCnpj,
    outcome: `generated copy of ${templateName} (own RENAVAM, CPF and debt ids)`,
    data: {
      ...template.data,
      placa: plate,
      renavam,
      chassi: `9BWTST${digitsFrom(`chassi:${plate}`, 11)}`,
    },
  };
}
