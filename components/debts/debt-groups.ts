// Grouping for the debt list: by type in the order people think of them, then by year.
import type { DebtView } from "@/lib/browser/types";

const TYPE_ORDER = ["ticket", "ipva", "licensing", "service"];
const TYPE_LABELS: Record<string, string> = {
  ticket: "Multas",
  ipva: "IPVA",
  licensing: "Licenciamento",
  service: "Taxas",
};

export type DebtGroup = {
  type: string;
  label: string;
  years: Array<{ year: number | null; debts: DebtView[] }>;
};

export function groupDebts(debts: readonly DebtView[]): DebtGroup[] {
  const types = [...new Set(debts.map((d) => d.type))].sort(
    (a, b) => (TYPE_ORDER.indexOf(a) + 1 || 99) - (TYPE_ORDER.indexOf(b) + 1 || 99),
  );
  return types.map((type) => {
    const ofType = debts.filter((d) => d.type === type);
    // Newest year first; debts without a year (fines) form one block.
    const years = [...new Set(ofType.map((d) => d.year ?? null))].sort(
      (a, b) => (b ?? 0) - (a ?? 0),
    );
    return {
      type,
      label: TYPE_LABELS[type] ?? "Outros débitos",
      years: years.map((year) => ({
        year,
        debts: ofType.filter((d) => (d.year ?? null) === year),
      })),
    };
  });
}

export const isCotaUnica = (debt: DebtView) =>
  /cota\s+[úu]nica/i.test(`${debt.title} ${debt.description}`);
