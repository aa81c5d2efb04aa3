// The failure codes we store, not answer: a batch item's and a Radar scan's `errorCode` column,
// shown to people beside their pt-BR words ("Código do órgão"). No HTTP status: no request gets
// them. docs/errors.md lists them (scripts/errors-doc.ts, compared by tests/unit/errors/codes.test.ts).
// A stored code may also be one of lib/errors/codes.ts's (NOT_FOUND, VEHICLE_NOT_FOUND, the
// UPSTREAM_* refusal a lookup met): StoredErrorCode is either. Plain data, like codes.ts.
import { isCode, type Code } from "./codes";

type Entry = { readonly message: string; readonly meaning: string };

export const FAILURE_CODES = {
  LOOKUP_FAILED: {
    message: "Não foi possível concluir a consulta. Tente novamente.",
    meaning:
      "The lookup ended without a result or a code of its own (given up after its last attempt).",
  },
  LOOKUP_TIMEOUT: {
    message: "O Detran não respondeu a tempo. Tente novamente mais tarde.",
    meaning: "The lookup's result did not arrive within the give-up time.",
  },
  SCAN_FAILED: {
    message: "Não foi possível consultar o veículo nesta verificação. Tentaremos na próxima.",
    meaning: "A Radar scan given up after its last attempt.",
  },
  DELISTING_FAILED: {
    message:
      "Não foi possível conferir no órgão se os débitos pagos saíram da lista. O pagamento e a quitação não mudam.",
    meaning:
      "A delisting watch given up after its last attempt (its undecided debts end unverified).",
  },
  WRONG_DOCUMENT: {
    message:
      "Os dados do veículo não conferem (placa, RENAVAM ou CPF/CNPJ). O acompanhamento foi encerrado.",
    meaning:
      "A Radar scan's lookup was refused as invalid (UPSTREAM_INVALID_REQUEST or UPSTREAM_UNPROCESSABLE): the watch stops.",
  },
  STALE_RESULT: {
    message: "Esta consulta chegou depois de uma mais recente e não foi comparada.",
    meaning: "An older Radar scan's result landed after a newer one's: nothing is compared.",
  },
  AUTHORITY_900: {
    message:
      "O serviço de consulta está indisponível no momento. Tente novamente em alguns minutos.",
    meaning: "The upstream's lookup error 900: service unavailable.",
  },
  AUTHORITY_901: {
    message: "O Detran demorou demais para responder. Tente novamente em alguns minutos.",
    meaning: "The upstream's lookup error 901: timeout querying the authority.",
  },
  AUTHORITY_902: {
    message:
      "O Detran devolveu dados inconsistentes para este veículo. Tente novamente mais tarde.",
    meaning: "The upstream's lookup error 902: inconsistent data returned by the authority.",
  },
  AUTHORITY_903: {
    message:
      "O Detran está em manutenção programada. Tente novamente mais tarde (em SP, a manutenção vai das 0h às 7h).",
    meaning: "The upstream's lookup error 903: scheduled maintenance of the authority.",
  },
  AUTHORITY_ERROR: {
    message: "Não foi possível concluir a consulta no Detran. Tente novamente.",
    meaning: "A lookup error with any other code, or none (the spec documents 900-903).",
  },
} as const satisfies Record<string, Entry>;

export type FailureCode = keyof typeof FAILURE_CODES;

/** What an `errorCode` column of a batch item or a Radar scan holds. */
export type StoredErrorCode = FailureCode | Code;

export const isFailureCode = (value: unknown): value is FailureCode =>
  typeof value === "string" && Object.hasOwn(FAILURE_CODES, value);

/** The upstream's lookup error code (search-error-event), as we store it: 900-903, else AUTHORITY_ERROR. */
export function authorityFailure(upstreamCode: string | null | undefined): FailureCode {
  const code = `AUTHORITY_${upstreamCode ?? ""}`;
  return /^AUTHORITY_\d+$/.test(code) && isFailureCode(code) ? code : "AUTHORITY_ERROR";
}

/** A failed lookup's code (the refusal its start met: one of our codes), else LOOKUP_FAILED. */
export function failedLookupCode(errorCode: string | null | undefined): StoredErrorCode {
  return isCode(errorCode) ? errorCode : "LOOKUP_FAILED";
}
