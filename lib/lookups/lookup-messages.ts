// pt-BR words for a lookup that did not end with debts. Upstream's messages are English and
// generic; its error codes 900-903 are documented, so we say what they mean: the words of their
// stored failure codes (AUTHORITY_900..903, any other AUTHORITY_ERROR: lib/errors/failure-codes.ts).
import { authorityFailure, FAILURE_CODES } from "@/lib/errors/failure-codes";

export function lookupMessage(status: string, errorCode: string | null): string | undefined {
  switch (status) {
    case "delayed":
      return "A consulta está demorando mais que o normal. Você pode aguardar ou tentar de novo.";
    case "no_debts":
      return "Nenhum débito pendente encontrado para este veículo.";
    case "not_found":
      return "Veículo não encontrado no Detran. Confira a placa, o RENAVAM, a UF e o CPF/CNPJ do proprietário.";
    case "error":
      return FAILURE_CODES[authorityFailure(errorCode)].message;
    case "failed":
      return "Não foi possível iniciar a consulta. Tente novamente em instantes.";
    default:
      return undefined;
  }
}
