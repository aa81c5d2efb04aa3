import { formatCpfCnpj } from "./cpf-cnpj";
import { formatBRL } from "./money";

// Who receives a PIX and why, in the words shown next to the code. A payer who sees a payments
// company instead of "Detran" in the bank app, with no explanation, has every reason to stop:
// these sentences say who sells the service, who receives the money and what to compare.

export type Company = { name: string; cnpj: string };

export function pixPayeeWording(company: Company): {
  whoSells: string;
  whyPaymentsCompany: string;
} {
  return {
    whoSells: `Este serviço é prestado pela ${company.name}, CNPJ ${formatCpfCnpj(company.cnpj)}, responsável por este site.`,
    whyPaymentsCompany:
      "O favorecido do PIX é a instituição de pagamento que processa o pagamento para nós e repassa o valor ao órgão de trânsito. O Detran não recebe PIX de sites e aplicativos parceiros; por isso o favorecido não é o Detran, e a quitação de cada débito aparece nesta página depois do pagamento.",
  };
}

/** What the bank app must show before the person confirms: the same beneficiary and amount as here. */
export function bankAppCheck(beneficiary: string | null, amountCents: number | null): string {
  const same = [
    beneficiary ? `o favorecido é ${beneficiary}` : null,
    amountCents !== null ? `o valor é ${formatBRL(amountCents)}` : null,
  ].filter(Boolean);
  const what =
    same.length > 0
      ? `${same.join(" e ")}, como nesta página`
      : "o favorecido e o valor são os desta página";
  return `Antes de confirmar, confira no app do banco se ${what}. Se algo for diferente, não confirme: volte aqui e gere um novo código.`;
}

/**
 * The PIX amount split into the debts and the interest (PIX carries interest too). Null when the
 * code has no amount or it is below the debts (never true of a code we generated: show nothing
 * rather than a negative interest).
 */
export function pixAmountBreakdown(
  debtCents: readonly number[],
  pixCents: number | null,
): { debtsCents: number; interestCents: number } | null {
  if (pixCents === null) return null;
  const debtsCents = debtCents.reduce((sum, c) => sum + c, 0);
  if (pixCents < debtsCents) return null;
  return { debtsCents, interestCents: pixCents - debtsCents };
}
