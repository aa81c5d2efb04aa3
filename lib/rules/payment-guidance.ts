// What a card payment under review or refused means, and what to do next. People who see
// "em análise" tend to pay again "to be sure", and the two charges may both go through; people
// who see "recusado" need a next step, not a dead end.

// How long the review usually takes is said by the status page's waiting block itself.
export const IN_ANALYSIS = {
  what: "O emissor do cartão e a análise antifraude do processador de pagamentos estão conferindo esta transação, para proteger você contra o uso indevido do cartão. É um procedimento de segurança comum e não quer dizer que algo esteja errado.",
  noSecondPayment:
    "Não faça outro pagamento destes débitos enquanto a análise não terminar: se ela aprovar, você pagaria duas vezes. Se ela recusar, nada é cobrado e você poderá tentar outro cartão ou PIX.",
} as const;

/** The pay page's notice while an earlier card attempt is still open. */
export const PAYMENT_IN_FLIGHT = {
  body: "Não pague de novo: acompanhe o pagamento até ele terminar. Se for recusado, nada é cobrado e esta página volta a aceitar outro cartão ou PIX.",
} as const;

/** What to try after a refusal, most likely first. `viaPix` false where PIX is not on offer. */
export function refusedNextSteps(viaPix = true): string[] {
  return [
    "Confira o número, a validade e o CVV: um dígito trocado basta para a recusa.",
    "Tente outro cartão de crédito.",
    "Fale com o seu banco: a recusa pode ser por limite, por bloqueio de segurança ou por compras pela internet desativadas.",
    ...(viaPix
      ? ["Pague com PIX, direto da sua conta: o pagamento é confirmado em segundos."]
      : []),
  ];
}

/** What the form kept after a refusal, and what must be typed again (never kept). */
export const REFUSED_FORM_KEPT =
  "Mantivemos o nome, a validade e as parcelas. Por segurança, o número do cartão e o CVV não ficam guardados: digite-os de novo.";

export const NOTHING_CHARGED = "Nenhum valor foi cobrado.";
