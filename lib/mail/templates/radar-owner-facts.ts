import { lastDayText } from "@/lib/rules/discount-window";
import { formatBRL } from "@/lib/rules/money";

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
/** "em 28/11/2026", or "hoje" (lastDayText): "vence hoje", never "vence em hoje". */
const onDay = (day: string) => (day === "hoje" ? day : `em ${day}`);

function debtName(c: RadarChangeFacts): string {
  const title = c.title?.trim() || "Débito";
  return c.type === "ticket" && !/multa/i.test(title) ? `Multa: ${title}` : title;
}

/**
 * A headline (what happened to which debt) and one line of detail (amount, deadline). `today`
 * (the São Paulo day the mail was queued, `YYYY-MM-DD`) turns a last day that is today into "hoje".
 */
export function describeChange(
  c: RadarChangeFacts,
  today: string | null = null,
): { headline: string; detail: string } {
  const name = debtName(c);
  const amount = money(c.amountCents);
  const due = c.dueDate ? lastDayText(c.dueDate, today) : null;
  switch (c.kind) {
    case "appeared":
      return {
        headline:
          c.type === "ticket" ? `Nova multa: ${c.title ?? "sem título"}` : `Novo débito: ${name}`,
        detail:
          [amount ? `Valor: ${amount}` : null, due ? `vencimento ${onDay(due)}` : null]
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
        headline: `${name}: o desconto termina ${due ? onDay(due) : "em breve"}`,
        detail: `Pague ${amount ?? "o valor com desconto"} até ${due ?? "o vencimento"} para manter o desconto.`,
      };
    case "dueSoon":
      return {
        headline: `${name}: vence ${due ? onDay(due) : "em breve"}`,
        detail: amount ? `Valor: ${amount}.` : "Confira o valor na consulta.",
      };
    default:
      return { headline: name, detail: amount ? `Valor: ${amount}.` : "" };
  }
}

/** Why a watch stopped by itself, in words. */
export function stopReasonText(reason: string | null): string {
  if (reason === "wrong_document")
    return "o órgão de trânsito informou que o CPF/CNPJ não é o do proprietário deste veículo";
  if (reason === "vehicle_not_found") return "o órgão de trânsito não encontrou mais este veículo";
  return "não foi possível continuar consultando este veículo";
}
