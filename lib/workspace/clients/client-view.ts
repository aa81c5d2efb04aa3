// What the workspace screens get for a client and a vehicle. Pure. The CPF/CNPJ travels masked
// (a CNPJ too, though public: every workspace screen masks both alike), except in the edit
// form's own payload.

import { maskCpfCnpjForMail, formatPhone } from "@/lib/rules/cpf-cnpj";
import { formatPlate } from "@/lib/rules/plate";

export type VehicleRow = {
  id: string;
  plate: string;
  uf: string;
  renavam: string;
  createdAt: Date;
};
export type ClientRow = {
  id: string;
  name: string;
  cpfCnpj: string;
  phone: string | null;
  email: string | null;
  createdAt: Date;
  updatedAt: Date;
};

export type VehicleView = {
  id: string;
  plate: string;
  plateLabel: string;
  uf: string;
  renavam: string;
};
export type ClientSummary = {
  id: string;
  name: string;
  cpfCnpjMasked: string;
  phone: string | null;
  email: string | null;
  vehicleCount: number;
  plates: string[];
};
export type ClientDetail = Omit<ClientSummary, "plates"> & {
  vehicles: VehicleView[];
  createdAt: string;
  updatedAt: string;
};
/** Only for the edit form: the one place the whole CPF/CNPJ is shown. */
export type ClientEditValues = { name: string; cpfCnpj: string; phone: string; email: string };

const collator = new Intl.Collator("pt-BR", { sensitivity: "base", numeric: true });

/** Clients by name (then id, for a stable order), in memory: names are sealed at rest, so the database cannot sort them. */
export function byName<T extends { id: string; name: string }>(a: T, b: T): number {
  return collator.compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export const maskedDocument = (cpfCnpj: string) => maskCpfCnpjForMail(cpfCnpj);

export function vehicleView(v: VehicleRow): VehicleView {
  return {
    id: v.id,
    plate: v.plate,
    plateLabel: formatPlate(v.plate),
    uf: v.uf,
    renavam: v.renavam,
  };
}

export function clientSummary(c: ClientRow, vehicles: Pick<VehicleRow, "plate">[]): ClientSummary {
  return {
    id: c.id,
    name: c.name,
    cpfCnpjMasked: maskedDocument(c.cpfCnpj),
    phone: c.phone ? formatPhone(c.phone) : null,
    email: c.email,
    vehicleCount: vehicles.length,
    plates: vehicles.map((v) => formatPlate(v.plate)),
  };
}

export function clientDetail(c: ClientRow, vehicles: VehicleRow[]): ClientDetail {
  const summary: Partial<ClientSummary> = clientSummary(c, vehicles);
  delete summary.plates; // the detail lists the vehicles themselves
  return {
    ...(summary as Omit<ClientSummary, "plates">),
    vehicles: vehicles.map(vehicleView),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

export function clientEditValues(c: ClientRow): ClientEditValues {
  return {
    name: c.name,
    cpfCnpj: c.cpfCnpj,
    phone: c.phone ? formatPhone(c.phone) : "",
    email: c.email ?? "",
  };
}

/** Case- and accent-blind text for search: "joão" finds "JOAO". */
export function searchKey(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/**
 * Does a client match what was typed: name or plate (with or without hyphen). Never the CPF/CNPJ:
 * the search travels in the address (?q=), and a CPF must never be in one.
 */
export function matchesSearch(
  c: Pick<ClientRow, "name">,
  plates: string[],
  query: string,
): boolean {
  const q = searchKey(query.trim());
  if (q === "") return true;
  if (searchKey(c.name).includes(q)) return true;
  const compact = q.replace(/[\s.\-/]/g, "").toUpperCase();
  return compact.length >= 3 && plates.some((p) => p.includes(compact));
}
