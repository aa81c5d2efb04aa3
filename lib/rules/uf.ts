// The 26 states and the Federal District, as upstream's `uf` accepts them, in pt-BR alphabetical
// order of their names (ufOptions relies on it).

export const UF_CODES = [
  "AC",
  "AL",
  "AP",
  "AM",
  "BA",
  "CE",
  "DF",
  "ES",
  "GO",
  "MA",
  "MT",
  "MS",
  "MG",
  "PA",
  "PB",
  "PR",
  "PE",
  "PI",
  "RJ",
  "RN",
  "RS",
  "RO",
  "RR",
  "SC",
  "SP",
  "SE",
  "TO",
] as const;

export type Uf = (typeof UF_CODES)[number];

export const UF_NAMES: Readonly<Record<Uf, string>> = {
  AC: "Acre",
  AL: "Alagoas",
  AP: "Amapá",
  AM: "Amazonas",
  BA: "Bahia",
  CE: "Ceará",
  DF: "Distrito Federal",
  ES: "Espírito Santo",
  GO: "Goiás",
  MA: "Maranhão",
  MT: "Mato Grosso",
  MS: "Mato Grosso do Sul",
  MG: "Minas Gerais",
  PA: "Pará",
  PB: "Paraíba",
  PR: "Paraná",
  PE: "Pernambuco",
  PI: "Piauí",
  RJ: "Rio de Janeiro",
  RN: "Rio Grande do Norte",
  RS: "Rio Grande do Sul",
  RO: "Rondônia",
  RR: "Roraima",
  SC: "Santa Catarina",
  SP: "São Paulo",
  SE: "Sergipe",
  TO: "Tocantins",
};

const UF_SET: ReadonlySet<string> = new Set(UF_CODES);

/** Exact match on the uppercase code: normalising case is the caller's (or the schema's) job. */
export function isUf(value: unknown): value is Uf {
  return typeof value === "string" && UF_SET.has(value);
}

/** States whose authority returns IPVA only as a single installment (cota única). */
export const COTA_UNICA_ONLY_UFS = ["GO", "MA", "MS", "RS"] as const satisfies readonly Uf[];

export function isCotaUnicaOnlyUf(uf: string): boolean {
  return (COTA_UNICA_ONLY_UFS as readonly string[]).includes(uf);
}

/**
 * UF options sorted by name, for a select. UF_CODES is already in pt-BR alphabetical order of the
 * names (tests/unit/rules/plate-uf-renavam.test.ts checks it with localeCompare): sorting here
 * would build an ICU collator per comparison, a visible share of the home page's first render.
 */
export function ufOptions(): Array<{ value: Uf; label: string }> {
  return UF_CODES.map((uf) => ({ value: uf, label: `${UF_NAMES[uf]} (${uf})` }));
}
