import { lastDayText } from "./discount-window";
import { formatBRL } from "./money";

// What a Radar event says to a person, in pt-BR, in one place so the Radar page and the digest
// e-mail tell a change the same way. The event's fields are those of RadarEvent (docs/radar.md).

export type RadarEventFacts = {
  kind: string;
  reason: string | null;
  title: string | null;
  amountCents: number | null;
  previousAmountCents: number | null;
  dueDate: string | Date | null;
};

export const RADAR_KIND_LABELS: Readonly<Record<string, string>> = {
  appeared: "Novo débito",
  amountChanged: "Valor mudou",
  disappeared: "Saiu da lista",
  discountEnds: "Desconto acabando",
  dueSoon: "Vencimento próximo",
  stopped: "Radar parado",
};

const money = (cents: number | null) => (cents === null ? null : formatBRL(cents));
/** "em 28/11/2026", or "hoje" (lastDayText): "vence hoje", never "vence em hoje". */
const onDay = (day: string) => (day === "hoje" ? day : `em ${day}`);
/**
 * The headline (kind, in words) and one sentence saying what changed. `today` (an instant, or a
 * São Paulo day `YYYY-MM-DD`) turns a last day that is today into "hoje".
 */
export function describeRadarEvent(
  e: RadarEventFacts,
  today: string | Date | null = null,
): { label: string; sentence: string } {
  const label = RADAR_KIND_LABELS[e.kind] ?? "Aviso";
  const title = e.title ?? "Débito";
  const amount = money(e.amountCents);
  const due = e.dueDate === null ? null : lastDayText(e.dueDate, today);
  switch (e.kind) {
    case "appeared":
      return {
        label,
        sentence: `${title}${amount ? `: ${amount}` : ""}${due ? `, vence ${onDay(due)}` : ""}.`,
      };
    case "amountChanged": {
      const from = money(e.previousAmountCents);
      const change =
        from && amount
          ? ` passou de ${from} para ${amount}`
          : amount
            ? ` agora é ${amount}`
            : " mudou de valor";
      const why =
        e.reason === "discountEnded"
          ? " (o desconto acabou)"
          : e.reason === "increased"
            ? " (juros ou multa de atraso)"
            : "";
      return { label, sentence: `${title}${change}${why}.` };
    }
    case "disappeared":
      return e.reason === "settledAfterOurPayment"
        ? {
            label: "Baixa confirmada",
            sentence: `${title} foi baixado pelo órgão depois do pagamento pelo link.`,
          }
        : {
            label,
            sentence: `${title} não aparece mais na consulta (pago em outro lugar ou cancelado).`,
          };
    case "discountEnds":
      return {
        label,
        sentence: `${title}: o desconto vale até ${due ?? "o vencimento"}${amount ? ` (${amount})` : ""}.`,
      };
    case "dueSoon":
      return {
        label,
        sentence: `${title} vence ${due ? onDay(due) : "em breve"}${amount ? ` (${amount})` : ""}.`,
      };
    case "stopped":
      return {
        label,
        sentence:
          e.reason === "wrong_document"
            ? "O CPF/CNPJ do cliente não confere com o veículo no Detran. Corrija o cadastro e ligue o Radar de novo."
            : "O Detran não encontrou este veículo. Confira a placa e o RENAVAM e ligue o Radar de novo.",
      };
    default:
      return { label, sentence: title };
  }
}

// What a person must read first, on the Radar page and in every Radar mail: what changed in the
// debts (a new fine first), then what is coming due; a stop last. A vehicle's first check finds
// its coming due dates too, and a new fine must not hide below them.
const READING_ORDER = ["appeared", "amountChanged", "disappeared", "discountEnds", "dueSoon"];
const rank = (kind: string) =>
  READING_ORDER.includes(kind) ? READING_ORDER.indexOf(kind) : READING_ORDER.length;

/** The events in reading order (stable within a kind: the caller's order stays there). */
export function inReadingOrder<E extends { kind: string }>(events: readonly E[]): E[] {
  return [...events].sort((a, b) => rank(a.kind) - rank(b.kind));
}

/**
 * The Radar page's order: new since the last visit first; inside each part the newest check first
 * (`createdAt`, ISO, one instant per check); inside a check, reading order.
 */
export function inFeedOrder<E extends { kind: string; isNew: boolean; createdAt: string }>(
  events: readonly E[],
): E[] {
  return [...events].sort(
    (a, b) =>
      Number(b.isNew) - Number(a.isNew) ||
      (a.createdAt === b.createdAt ? 0 : a.createdAt < b.createdAt ? 1 : -1) ||
      rank(a.kind) - rank(b.kind),
  );
}

/** A new or changed debt can go straight into a payment link. */
export function canMakeLink(e: {
  kind: string;
  debtId: string | null;
  lookupId: string | null;
}): boolean {
  return (
    (e.kind === "appeared" ||
      e.kind === "amountChanged" ||
      e.kind === "discountEnds" ||
      e.kind === "dueSoon") &&
    Boolean(e.debtId && e.lookupId)
  );
}
