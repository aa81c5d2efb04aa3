import { formatBRL, formatDateBR } from "@/lib/rules/money";

// What one Radar change or reminder says to the vehicle's owner, in words (pure: the templates,
// their text part and the tests share it). Amounts in cents, dates as ISO strings (JSON props).

export type RadarChangeFacts = {
  kind: string;
  reason: string | null;
  type: string | null;
  title: string | null;
  amountCents: number | null;
  previousAmountCents: number | null;
  dueDate: string | null;
  expirationDate: string | null;
};

const money = (cents: number | null) => (cents === null ? null : formatBRL(cents));
const day = (iso: string | null) => (iso ? formatDateBR(iso) : null);

function debtName(c: RadarChangeFacts): string {
  const title = c.title?.trim() || "Débito";
  return c.type === "ticket" && !/multa/i.test(title) ? `Multa: ${title}` : title;
}

/** A headline (what happened to which debt) and one line of detail (amount, deadline). */
export function describeChange(c: RadarChangeFacts): { headline: string; detail: string } {
  const name = debtName(c);
  const amount = money(c.amountCents);
  const due = day(c.dueDate);
  switch (c.kind) {
    case "appeared":
      return {
        headline:
          c.type === "ticket" ? `Nova multa: ${c.title ?? "sem título"}` : `Novo débito: ${name}`,
        detail:
          [amount ? `Valor: ${amount}` : null, due ? `vencimento em ${due}` : null]
            .filter(Boolean)
            .join(", ") + ".",
      };
    case "amountChanged": {
      const what =
        c.reason === "discountEnded"
          ? "o desconto terminou"
          : c.reason === "decreased"
            ? "o valor diminuiu"
            : "o valor aumentou";
      return {
        headline: `${name}: ${what}`,
        detail: `De ${money(c.previousAmountCents) ?? "—"} para ${amount ?? "—"}.`,
      };
    }
    case "disappeared":
      return c.reason === "settledAfterOurPayment"
        ? {
            headline: `${name}: baixado pelo órgão`,
            detail: "O pagamento feito pela Placa Paga foi reconhecido; o débito saiu da lista.",
          }
        : {
            headline: `${name}: saiu da lista de débitos`,
            detail: "Foi pago em outro lugar ou baixado pelo órgão.",
          };
    case "discountEnds":
      return {
        headline: `${name}: o desconto termina em ${due ?? "breve"}`,
        detail: `Pague ${amount ?? "o valor com desconto"} até ${due ?? "o vencimento"} para manter o desconto.`,
      };
    case "dueSoon":
      return {
        headline: `${name}: vence em ${due ?? "breve"}`,
        detail: amount ? `Valor: ${amount}.` : "Confira o valor na consulta.",
      };
    default:
      return { headline: name, detail: amount ? `Valor: ${amount}.` : "" };
  }
}

// What the owner must read first: what changed in the debts, then what is coming due.
const ORDER = ["appeared", "amountChanged", "disappeared", "discountEnds", "dueSoon"];
const rank = (kind: string) => (ORDER.includes(kind) ? ORDER.indexOf(kind) : ORDER.length);

/** The changes in reading order (stable within a kind). */
export function inReadingOrder<C extends { kind: string }>(changes: readonly C[]): C[] {
  return [...changes].sort((a, b) => rank(a.kind) - rank(b.kind));
}

/** Why a watch stopped by itself, in words. */
export function stopReasonText(reason: string | null): string {
  if (reason === "wrong_document")
    return "o órgão de trânsito informou que o CPF/CNPJ não é o do proprietário deste veículo";
  if (reason === "vehicle_not_found") return "o órgão de trânsito não encontrou mais este veículo";
  return "não foi possível continuar consultando este veículo";
}
