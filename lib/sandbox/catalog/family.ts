import { createHash } from "node:crypto";
import { cpfCheckDigits, renavamCheckDigit } from "../validators";
import { SANDBOX_VEHICLES, type CatalogVehicle, type ScenarioName } from "./vehicles";

// Generated test vehicles, like Stripe's "any future expiry works": every plate TST<digit><letter>
// <digit><digit> (TST0A00 … TST9Z99) is a copy of `withDebts` with its own RENAVAM, owner CPF and
// debt ids. Paid debts leave later lookups, so tests running side by side each take their own plate
// instead of paying each other's debts. Likewise every RDR<digit><letter><digit><digit> is a copy
// of `radarTimeline` (debts that change with the clock), for fleets of watched vehicles. BXA, BXN
// and BXR plates are copies of `withDebts` whose paid debts the authority drops late, never, or
// relists with another amount (lookup/authority-lag.ts), for the product's delisting check.

export const FAMILY_PLATE = /^TST\d[A-Z]\d{2}$/;
export const RADAR_FAMILY_PLATE = /^RDR\d[A-Z]\d{2}$/;
/** Paid debts stay listed for AUTHORITY_LAG_DAYS (scaled) of sandbox clock, then leave. */
export const LAG_FAMILY_PLATE = /^BXA\d[A-Z]\d{2}$/;
/** As BXA, but a paid fine stays listed forever (a baixa that never comes by itself). */
export const NEVER_FAMILY_PLATE = /^BXN\d[A-Z]\d{2}$/;
/** As BXA, but a paid fine is relisted at once under a new id, same AIT, with a residual amount. */
export const RELISTED_FAMILY_PLATE = /^BXR\d[A-Z]\d{2}$/;

/** How the authority drops a paid debt of a generated plate; undefined: at once, as everywhere. */
export type Delisting = "lag" | "never" | "relisted";

type Family = { plate: RegExp; template: "withDebts" | "radarTimeline"; delisting?: Delisting };

const FAMILIES: readonly Family[] = [
  { plate: FAMILY_PLATE, template: "withDebts" },
  { plate: RADAR_FAMILY_PLATE, template: "radarTimeline" },
  { plate: LAG_FAMILY_PLATE, template: "withDebts", delisting: "lag" },
  { plate: NEVER_FAMILY_PLATE, template: "withDebts", delisting: "never" },
  { plate: RELISTED_FAMILY_PLATE, template: "withDebts", delisting: "relisted" },
];

const familyOf = (plate: string) => FAMILIES.find((f) => f.plate.test(plate));

/** The catalog vehicle a generated plate copies (its debt plan), or undefined for any other plate. */
export function familyTemplate(plate: string): ScenarioName | undefined {
  return familyOf(plate)?.template;
}

/** The authority's lag story of a generated plate (BXA, BXN, BXR), or undefined: dropped at once. */
export function delistingOf(plate: string): Delisting | undefined {
  return familyOf(plate)?.delisting;
}

function digitsFrom(seed: string, count: number): string {
  const hex = createHash("sha256").update(seed).digest("hex");
  let out = "";
  for (let i = 0; out.length < count; i += 2) out += String(parseInt(hex.slice(i, i + 2), 16) % 10);
  return out;
}

// Built once per plate (three SHA-256 each, on every lookup and enrichment otherwise); each of the
// five families has at most 26,000 plates, so the cache is bounded by construction.
const generated = new Map<string, Readonly<CatalogVehicle>>();

/** The generated vehicle for a family plate (normalized), or undefined for any other plate. */
export function familyVehicle(plate: string): Readonly<CatalogVehicle> | undefined {
  const template = familyOf(plate)?.template;
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
