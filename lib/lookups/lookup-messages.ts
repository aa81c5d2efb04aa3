// pt-BR words for a lookup that did not end with debts. Upstream's messages are English and
// generic; its error codes 900-903 are documented, so we say what they mean.

const AUTHORITY_ERRORS: Record<string, string> = {
  "900": "O serviço de consulta está indisponível no momento. Tente novamente em alguns minutos.",
  "901": "O Detran demorou demais para responder. Tente novamente em alguns minutos.",
  "902": "O Detran devolveu dados inconsistentes para este veículo. Tente novamente mais tarde.",
  "903":
    "O Detran está em manutenção programada. Tente novamente mais tarde (em SP, a manutenção vai das 0h às 7h).",
};

export function lookupMessage(status: string, errorCode: string | null): string | undefined {
  switch (status) {
    case "delayed":
      return "A consulta está demorando mais que o normal. Você pode aguardar ou tentar de novo.";
    case "no_debts":
      return "Nenhum débito pendente encontrado para este veículo.";
    case "not_found":
      return "Veículo não encontrado no Detran. Confira a placa, o RENAVAM, a UF e o CPF/CNPJ do proprietário.";
    case "error":
      return (
        (errorCode && AUTHORITY_ERRORS[errorCode]) ??
        "Não foi possível concluir a consulta no Detran. Tente novamente."
      );
    case "failed":
      return "Não foi possível iniciar a consulta. Tente novamente em instantes.";
    default:
      return undefined;
  }
}
