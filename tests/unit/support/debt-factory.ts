// Fixture factory for debts, with overrides (rather than copied literals), and a catalog shaped
// like a real São Paulo lookup: IPVA as cota única or parcelas, licensing that needs the cota
// única, fines where the newer one needs the older one, and a fee that needs licensing.

import type { DebtForSelection } from "@/lib/rules/debt-selection";

let counter = 0;

export function makeDebt(overrides: Partial<DebtForSelection> = {}): DebtForSelection {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, "0")}`,
    title: `Débito ${counter}`,
    amountCents: 10_000,
    type: "service",
    year: null,
    required: false,
    dependsOn: [],
    distinct: [],
    ...overrides,
  };
}

export const IDS = {
  ipvaCota: "11111111-1111-4111-8111-111111111111",
  ipvaParcelas: "22222222-2222-4222-8222-222222222222",
  licensing: "33333333-3333-4333-8333-333333333333",
  fineOld: "44444444-4444-4444-8444-444444444444",
  fineNew: "55555555-5555-4555-8555-555555555555",
  fee: "66666666-6666-4666-8666-666666666666",
} as const;

export function spCatalog(): DebtForSelection[] {
  return [
    makeDebt({
      id: IDS.ipvaCota,
      title: "IPVA 2026 (cota única)",
      type: "ipva",
      year: 2026,
      amountCents: 185_000,
      distinct: [IDS.ipvaParcelas],
    }),
    // Only the cota única lists the conflict: the rule must still hold from this side.
    makeDebt({
      id: IDS.ipvaParcelas,
      title: "IPVA 2026 (3 parcelas)",
      type: "ipva",
      year: 2026,
      amountCents: 192_000,
    }),
    makeDebt({
      id: IDS.licensing,
      title: "Licenciamento 2026",
      type: "licensing",
      year: 2026,
      amountCents: 16_093,
      required: true,
      dependsOn: [IDS.ipvaCota],
    }),
    makeDebt({
      id: IDS.fineOld,
      title: "Multa por estacionamento irregular",
      type: "ticket",
      amountCents: 19_523,
    }),
    makeDebt({
      id: IDS.fineNew,
      title: "Multa por excesso de velocidade",
      type: "ticket",
      amountCents: 13_016,
      dependsOn: [IDS.fineOld],
    }),
    makeDebt({
      id: IDS.fee,
      title: "Taxa de emissão do CRLV",
      type: "service",
      amountCents: 2_000,
      dependsOn: [IDS.licensing],
    }),
  ];
}
