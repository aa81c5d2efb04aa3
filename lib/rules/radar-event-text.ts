import { formatBRL, formatDateBR } from "./money";

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
const day = (value: string | Date | null) => (value === null ? null : formatDateBR(value));

/** The headline (kind, in words) and one sentence saying what changed. */
export function describeRadarEvent(e: RadarEventFacts): { label: string; sentence: string } {
  const label = RADAR_KIND_LABELS[e.kind] ?? "Aviso";
  const title = e.title ?? "Débito";
  const amount = money(e.amountCents);
  const due = day(e.dueDate);
  switch (e.kind) {
    case "appeared":
      return {
        label,
        sentence: `${title}${amount ? `: ${amount}` : ""}${due ? `, vence em ${due}` : ""}.`,
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
        sentence: `${title} vence em ${due ?? "breve"}${amount ? ` (${amount})` : ""}.`,
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
