// What people read of the delisting checks (lib/rules/delisting.ts): each paid debt's third step on
// the status page after "Pago" and "Quitado", what to do when the authority still lists a debt, and
// the mark of a paid link in the despachante's lists. Pure: the pages pass the view's plain data.

import { DELISTING_LABELS, type DelistingState } from "./delisting";
import { formatBRL, formatDateBR } from "./money";

export type DelistingTone = "brand" | "success" | "warning" | "neutral";

/** text: the badge; note: what follows it in the same sentence (a date, the listed amount). */
export type DelistingStep = { text: string; tone: DelistingTone; note: string | null };

const dayMonth = (at: string) => formatDateBR(at)?.slice(0, 5) ?? null;

/** One paid debt's third step. paidCents: what was paid for it (the authority may list another). */
export function delistingStep(
  debt: { state: DelistingState; confirmedAt?: string; listedAmountCents?: number },
  o: { paidCents: number; nextCheckAt?: string },
): DelistingStep {
  switch (debt.state) {
    case "checking": {
      const next = o.nextCheckAt ? dayMonth(o.nextCheckAt) : null;
      return {
        text: DELISTING_LABELS.checking,
        tone: "brand",
        note: next ? `próxima conferência em ${next}` : null,
      };
    }
    case "confirmed": {
      const day = debt.confirmedAt ? formatDateBR(debt.confirmedAt) : null;
      // Read as one sentence, "Baixa confirmada pelo órgão em dd/mm/aaaa", like "Quitado em …".
      return { text: DELISTING_LABELS.confirmed, tone: "success", note: day ? `em ${day}` : null };
    }
    case "still_listed":
      return {
        text: DELISTING_LABELS.still_listed,
        tone: "warning",
        note:
          debt.listedAmountCents !== undefined && debt.listedAmountCents !== o.paidCents
            ? `O órgão agora lista ${formatBRL(debt.listedAmountCents)} para este débito.`
            : null,
      };
    case "unverified":
      return { text: DELISTING_LABELS.unverified, tone: "neutral", note: null };
  }
}

/** Under the debts: what the payer does when the verdict is not a confirmation (null otherwise). */
export function delistingAdvice(
  state: "checking" | Exclude<DelistingState, "checking">,
  uf: string,
): { title: string; lines: string[]; tone: "warning" | "neutral" } | null {
  if (state === "still_listed") {
    return {
      title: "O órgão ainda lista um débito pago",
      tone: "warning",
      lines: [
        "O pagamento foi feito e quitado pela operadora, mas na última conferência o órgão de trânsito ainda listava o débito marcado acima.",
        "Guarde o comprovante (PDF) deste pagamento.",
        `Peça a baixa ao Detran-${uf}, apresentando o comprovante e os identificadores do pagamento abaixo.`,
      ],
    };
  }
  if (state === "unverified") {
    return {
      title: "Não conseguimos consultar o órgão",
      tone: "neutral",
      lines: [
        "O órgão de trânsito não respondeu às nossas conferências, então não sabemos se ele já retirou os débitos da lista.",
        "O pagamento em si está correto e quitado. Guarde o comprovante (PDF).",
      ],
    };
  }
  return null;
}

/** A paid link's mark in "Meus links" and the workspace (unverified: none, the payment is fine). */
export function delistingLinkMark(
  state: "checking" | Exclude<DelistingState, "checking"> | undefined,
): { text: string; tone: DelistingTone } | null {
  switch (state) {
    case "checking":
      return { text: "Conferindo no órgão", tone: "brand" };
    case "confirmed":
      return { text: "Confirmado no órgão", tone: "success" };
    case "still_listed":
      return { text: "Ainda listado no órgão", tone: "warning" };
    default:
      return null;
  }
}
