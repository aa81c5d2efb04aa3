// The one table of error codes our API answers with: each code's HTTP status, the pt-BR message a
// person sees unless the thrower must name specifics (a debt's title, a row count), and a line of
// English for docs/errors.md (which a unit test keeps equal to this table). AppError, UpstreamError,
// route(), the webhook route, the production server and the browser's ApiError all take `Code`.
// Plain data on purpose: no server-only, env or Prisma, so browser code may import it.
// The sandbox's codes are the upstream's vocabulary (its spec), not ours: they are not here.

type Entry = { readonly status: number; readonly message: string; readonly meaning: string };

export const ERROR_CODES = {
  // The request itself
  VALIDATION_ERROR: {
    status: 400,
    message: "Alguns dados estão inválidos. Confira os campos destacados.",
    meaning: "The body or query failed the shared zod schema; `fields` names each field.",
  },
  MALFORMED_JSON: {
    status: 400,
    message: "Requisição inválida: o corpo não é um JSON válido.",
    meaning: "The body is not JSON.",
  },
  UNAUTHENTICATED: {
    status: 401,
    message: "Entre na sua conta para continuar.",
    meaning: "A workspace route without a valid session.",
  },
  FORBIDDEN_ORIGIN: {
    status: 403,
    message: "Requisição recusada: origem não permitida.",
    meaning: "A state-changing route called without our own Origin header.",
  },
  NOT_FOUND: {
    status: 404,
    message: "Não encontrado.",
    meaning:
      "No such row in this account (or not yours: the same answer), or a wrong webhook secret.",
  },
  BODY_TOO_LARGE: {
    status: 413,
    message: "Requisição grande demais.",
    meaning: "The JSON body is over the size limit.",
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    message: "Requisição inválida: envie o corpo como application/json.",
    meaning: "A JSON route called without Content-Type: application/json.",
  },
  RATE_LIMITED: {
    status: 429,
    message: "Muitas tentativas em pouco tempo. Aguarde alguns minutos e tente de novo.",
    meaning: "One of our own limits is spent; `retryAfterSeconds` says when to retry.",
  },
  INTERNAL_ERROR: {
    status: 500,
    message: "Tivemos um problema inesperado. Tente novamente em instantes.",
    meaning: "An unexpected error of ours (logged); never carries the detail.",
  },

  // Webhook route (the upstream is the caller)
  FORBIDDEN: {
    status: 403,
    message: "Origem não permitida.",
    meaning: "A webhook from a source address outside the allowed list.",
  },
  INVALID_EVENT: {
    status: 400,
    message: "Evento inválido.",
    meaning: "A webhook body that is not a valid event (nothing stored).",
  },
  STORE_UNAVAILABLE: {
    status: 503,
    message: "Não conseguimos guardar o evento agora. Tente novamente.",
    meaning: "The webhook inbox cannot be written now; the upstream retries.",
  },

  // Sign-in and the despachante's workspace
  INVALID_EMAIL: {
    status: 422,
    message: "E-mail inválido. Confira o endereço, como nome@exemplo.com.",
    meaning: "An e-mail address we cannot send to (sign-in, a mail recipient).",
  },
  INVALID_REQUEST: {
    status: 422,
    message: "Pedido de acesso inválido.",
    meaning: "A sign-in link request that is malformed apart from the e-mail.",
  },
  CLIENT_EXISTS: {
    status: 409,
    message: "Já existe um cliente com este CPF/CNPJ na sua conta.",
    meaning: "The account already has a client with this CPF/CNPJ.",
  },
  PLATE_TAKEN: {
    status: 409,
    message: "Esta placa já está cadastrada para outro cliente.",
    meaning: "The plate belongs to another client of the account.",
  },
  CLIENT_INCOMPLETE: {
    status: 422,
    message: "Complete o cadastro do cliente (nome completo, e-mail e celular) para gerar o link.",
    meaning: "The client lacks what a payment link needs.",
  },
  RADAR_CAP_EXCEEDED: {
    status: 422,
    // The page's words; the thrower puts the choice's numbers in the first sentence (capExceeded).
    message:
      "Essa escolha custaria mais consultas por mês do que o limite da sua conta. Nada foi alterado: escolha menos veículos, a recorrência semanal ou aumente o limite.",
    meaning:
      "Turning Radar on would cost more upstream lookups a month than the account's cap; nothing changed.",
  },
  IMPORT_TOO_LARGE: {
    status: 413,
    message: "Arquivo grande demais: o limite é 1 MB. Divida a planilha em partes.",
    meaning: "The client spreadsheet is over 1 MB.",
  },
  IMPORT_TOO_MANY_ROWS: {
    status: 413,
    message: "A planilha tem linhas demais para uma importação. Divida a planilha em partes.",
    meaning: "The client spreadsheet has more rows than one import takes.",
  },
  IMPORT_EMPTY: {
    status: 422,
    message: "A planilha está vazia. Use o modelo: a primeira linha traz os nomes das colunas.",
    meaning: "The client spreadsheet has no header.",
  },
  IMPORT_COLUMNS: {
    status: 422,
    message: "Não reconhecemos o cabeçalho da planilha. Use o modelo.",
    meaning: "The spreadsheet header misses or repeats columns; `fields` names them.",
  },
  BATCH_EMPTY: {
    status: 422,
    message: "Nenhum veículo encontrado na seleção. Cadastre veículos ou escolha outros clientes.",
    meaning: "A lookup batch whose selection has no vehicle.",
  },
  BATCH_TOO_LARGE: {
    status: 422,
    message: "A seleção tem veículos demais para um lote. Escolha menos clientes ou veículos.",
    meaning: "A lookup batch over the per-batch vehicle limit.",
  },
  WEBHOOK_URL_REFUSED: {
    status: 422,
    message:
      "Este endereço não pode receber webhooks. Use um endereço https público (em teste, também http://localhost).",
    meaning:
      "A webhook endpoint URL that is malformed, not https with a live deployment, or resolves to a loopback, private or link-local address (docs/api-webhooks.md); `fields.url` says which.",
  },
  WEBHOOK_ENDPOINTS_LIMIT: {
    status: 422,
    message: "Sua conta já tem o máximo de endereços de webhooks. Apague um para cadastrar outro.",
    meaning: "An account over its number of webhook endpoints.",
  },

  // Vehicles and lookups
  VEHICLE_NOT_FOUND: {
    status: 404,
    message: "Não encontramos o veículo desta placa. Confira a placa.",
    meaning: "The authority has no vehicle with this plate.",
  },
  AUTHORITY_UNAVAILABLE: {
    status: 503,
    message:
      "O Detran deste estado não está respondendo agora. Tente de novo em alguns minutos, ou siga direto para a consulta de débitos.",
    meaning: "The state's authority is unstable (upstream 503 on vehicle data).",
  },
  LOOKUP_NOT_FOUND: {
    status: 404,
    message: "Consulta não encontrada. Faça a consulta de novo.",
    meaning: "No lookup with this id.",
  },
  RADAR_NOT_WATCHABLE: {
    status: 409,
    message:
      "Esta consulta não encontrou o veículo, então não há o que acompanhar. Confira os dados e consulte de novo.",
    meaning: "An owner asked Radar to watch a lookup that found no vehicle or failed.",
  },
  LOOKUP_NOT_READY: {
    status: 409,
    message: "Esta consulta não tem débitos para pagar.",
    meaning: "A checkout asked for a lookup that has no debts (yet).",
  },

  // Checkouts: the checkout's own state (CHECKOUT_*) and debts held elsewhere (DEBT_*)
  SELECTION_INVALID: {
    status: 422,
    message: "Esta seleção de débitos não pode ser paga assim. Confira os débitos escolhidos.",
    meaning:
      "The chosen debts break a selection rule (a required or dependent debt missing, alternatives together).",
  },
  CHECKOUT_NOT_FOUND: {
    status: 404,
    message: "Link de pagamento não encontrado. Confira o endereço recebido.",
    meaning: "No checkout (payment link) with this token.",
  },
  CHECKOUT_ALREADY_PAID: {
    status: 409,
    message: "Este pagamento já foi concluído.",
    meaning: "This checkout (link) itself is paid: nothing left to pay, renew or send.",
  },
  CHECKOUT_EXPIRED: {
    status: 410,
    message: "Este link de pagamento expirou. Faça uma nova consulta para gerar outro.",
    meaning: "This checkout expired (by our clock or upstream's).",
  },
  DEBT_ALREADY_PAID: {
    status: 409,
    message:
      "Um ou mais destes débitos já foram pagos. Faça uma nova consulta para ver o que ainda está em aberto.",
    meaning:
      "A chosen debt, or a distinct alternative of it, is paid by another checkout (ours or elsewhere).",
  },
  DEBT_IN_PAYMENT: {
    status: 409,
    message:
      "Um destes débitos tem um pagamento em andamento. Aguarde a confirmação antes de gerar outro pagamento.",
    meaning:
      "A chosen debt, or a distinct alternative of it, is in an open payment of another checkout.",
  },
  LINK_STILL_OPEN: {
    status: 409,
    message: "Este link ainda está válido: envie o mesmo link.",
    meaning:
      "Renewing a share link that has not expired (and whose latest PIX was not ended `abandoned`).",
  },
  LINK_NOT_REPAYABLE: {
    status: 409,
    message:
      "Só é possível gerar um novo pagamento quando o código PIX deste link não pôde ser mostrado. Pague por este mesmo link.",
    meaning:
      'The payer\'s "Gerar novo pagamento" on an open share link whose latest attempt is not `abandoned`.',
  },
  LINK_EXPIRED: {
    status: 409,
    message: "Este link expirou. Gere um novo link antes de enviar.",
    meaning: "Sending an expired workspace link by e-mail (renew it first).",
  },
  LINK_ERASED: {
    status: 409,
    message:
      "Os dados do pagador deste link já foram apagados pelo prazo de guarda. Faça uma nova consulta para gerar outro link.",
    meaning: "Renewing a link whose payer the retention task (or a person's request) erased.",
  },

  // Card and payments
  CARD_REFUSED: {
    status: 422,
    message: "Não foi possível validar este cartão. Confira os dados ou use outro cartão.",
    meaning: "The upstream refused to tokenize the card.",
  },
  CARD_TOKEN_INVALID: {
    status: 422,
    message: "Os dados do cartão expiraram. Preencha o cartão de novo.",
    meaning: "A card token we never issued, expired or already used.",
  },
  CARD_TOKEN_MISMATCH: {
    status: 422,
    message:
      "Estes dados de cartão foram informados em outro pagamento. Preencha o cartão de novo.",
    meaning: "A card token made for another checkout.",
  },
  INSTALLMENTS_INVALID: {
    status: 422,
    message: "Este número de parcelas não está disponível para este valor.",
    meaning: "The upstream does not offer this number of installments for the amount.",
  },
  ATTEMPT_CONFLICT: {
    status: 409,
    message: "Tentativa de pagamento inválida. Atualize a página.",
    meaning: "An attemptId already used on another checkout.",
  },
  PAYMENT_IN_PROGRESS: {
    status: 409,
    message:
      "Já existe um pagamento em andamento para este link. Aguarde a confirmação ou o PIX expirar.",
    meaning:
      "An earlier attempt of this checkout is still open or unanswered (docs/payment-states.md).",
  },
  PAYMENT_NOT_FOUND: {
    status: 404,
    message: "Pagamento não encontrado.",
    meaning: "No payment with this public reference.",
  },
  PAYMENT_NOT_PAID: {
    status: 409,
    message: "O comprovante fica disponível quando o pagamento for aprovado.",
    meaning: "A receipt asked for a payment that is not paid.",
  },
  PAYMENT_LINK_REPLACED: {
    status: 410,
    message:
      "Este link de pagamento foi substituído por um novo, mais seguro. Abra o link mais recente que você recebeu ou volte à página de pagamento.",
    meaning: "A payment's old address (its row id); no data is answered.",
  },
  PIX_STILL_VALID: {
    status: 409,
    message: "O código PIX atual ainda vale. Pague com ele.",
    meaning: "Renewing a PIX code before it expires; `retryAfterSeconds` is the time left.",
  },
  PIX_STILL_OPEN: {
    status: 409,
    message: "O código PIX atual ainda está sendo encerrado. Tente de novo em instantes.",
    meaning: "Past expiry by our clock, still open upstream: retry in a few seconds.",
  },
  PIX_NOT_RENEWABLE: {
    status: 409,
    message: "Este pagamento não tem um código PIX para renovar.",
    meaning: "Renewing a payment that is not an expired PIX.",
  },
  PIX_TOTAL_CHANGED: {
    status: 409,
    message:
      "O valor do novo código PIX não confere com o anterior. Volte aos débitos e gere o pagamento de novo.",
    meaning: "The renewed PIX code carries another total; it is never shown.",
  },

  // A person's rights (lib/personal-data: the operator's export and erasure, a client's deletion)
  PERSONAL_DATA_PAYMENT_OPEN: {
    status: 409,
    message:
      "Não é possível apagar agora: há um pagamento em andamento com estes dados. Tente de novo quando ele terminar.",
    meaning:
      "Erasing a CPF/CNPJ that a payment still open (not paid, refused, expired or not created) needs; nothing was erased.",
  },

  // The public API (lib/api, /api/v1): programs read `code`; `message` is the `meaning` below
  API_KEY_INVALID: {
    status: 401,
    message: "Chave de API ausente, inválida ou revogada.",
    meaning: "No API key, an unknown one, or a revoked one (Authorization: Bearer pp_…).",
  },
  API_KEY_READ_ONLY: {
    status: 403,
    message: "Esta chave de API só pode ler.",
    meaning: "A read-only API key asked to write.",
  },
  API_KEY_LIMIT: {
    status: 422,
    message: "Sua conta já tem o máximo de chaves de API ativas. Revogue uma para criar outra.",
    meaning: "The account already has the most active API keys it may have.",
  },
  IDEMPOTENCY_KEY_INVALID: {
    status: 400,
    message: "Idempotency-Key inválida: use de 1 a 255 caracteres visíveis.",
    meaning: "The Idempotency-Key header is empty, too long or not printable ASCII.",
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    message: "Esta Idempotency-Key já foi usada com outra requisição.",
    meaning:
      "This Idempotency-Key was used with another method, path or body in the last 24 hours.",
  },
  IDEMPOTENCY_IN_PROGRESS: {
    status: 409,
    message: "Uma requisição com esta Idempotency-Key ainda está em andamento. Tente de novo.",
    meaning: "A request with this Idempotency-Key is still running; retry after Retry-After.",
  },
  API_LOOKUP_SHARE_SPENT: {
    status: 429,
    message: "As consultas pela API deste minuto se esgotaram. Tente de novo em instantes.",
    meaning:
      "The API's share of this minute's lookups is spent (API_LOOKUP_SHARE_PERCENT); retry after Retry-After.",
  },

  // The upstream (lib/upstream/errors.ts maps its statuses and shapes to these)
  UPSTREAM_INVALID_REQUEST: {
    status: 422,
    message: "Alguns dados não foram aceitos pelo serviço. Confira e tente novamente.",
    meaning: "The upstream answered 400 (or another 4xx we do not name).",
  },
  UPSTREAM_UNAUTHORIZED: {
    status: 502,
    message: "Estamos com uma instabilidade no serviço. Tente novamente mais tarde.",
    meaning: "The upstream answered 401/403: our key or base URL is wrong (generic to the person).",
  },
  UPSTREAM_NOT_FOUND: {
    status: 404,
    message: "Não encontramos o que você procurou.",
    meaning: "The upstream answered 404.",
  },
  UPSTREAM_UNPROCESSABLE: {
    status: 422,
    message: "Não foi possível processar esses dados. Confira e tente novamente.",
    meaning: "The upstream answered 422 without a rule we map to a code of our own.",
  },
  UPSTREAM_RATE_LIMITED: {
    status: 429,
    message: "Muitas consultas ao mesmo tempo. Aguarde alguns instantes e tente de novo.",
    meaning: "The upstream answered 429, or the fleet's shared budget is spent.",
  },
  UPSTREAM_SERVER_ERROR: {
    status: 502,
    message: "O serviço de débitos teve um erro. Tente novamente em instantes.",
    meaning: "The upstream answered 500 or another 5xx.",
  },
  UPSTREAM_BAD_GATEWAY: {
    status: 502,
    message: "O serviço de débitos está fora do ar no momento. Tente novamente em instantes.",
    meaning: "The upstream answered 502/504 (often a proxy's HTML page).",
  },
  UPSTREAM_UNAVAILABLE: {
    status: 503,
    message:
      "O serviço de débitos está indisponível no momento (instabilidade do Detran). Tente novamente em instantes.",
    meaning: "The upstream answered 503 (usually the authority's instability).",
  },
  UPSTREAM_TIMEOUT: {
    status: 504,
    message: "O serviço demorou demais para responder. Tente novamente em instantes.",
    meaning: "No upstream answer within our per-call timeout.",
  },
  UPSTREAM_NETWORK: {
    status: 502,
    message: "Não conseguimos falar com o serviço de débitos. Tente novamente em instantes.",
    meaning: "Connection refused, reset or DNS failure talking to the upstream.",
  },
  UPSTREAM_BAD_RESPONSE: {
    status: 502,
    message:
      "Recebemos uma resposta inesperada do serviço de débitos. Tente novamente em instantes.",
    meaning: "A 2xx we cannot read (not JSON, or not the documented shape).",
  },
} as const satisfies Record<string, Entry>;

export type Code = keyof typeof ERROR_CODES;
/** The codes UpstreamError carries; every other code is an AppError's. */
export type UpstreamCode = Extract<Code, `UPSTREAM_${string}`>;
export type AppCode = Exclude<Code, UpstreamCode>;

/** The contract's error body: `{ error: { code, message, fields? } }` (+ retryAfterSeconds on 429). */
export type ErrorBody = {
  error: { code: Code; message: string; fields?: Record<string, string>; issues?: string[] };
  retryAfterSeconds?: number;
};

export const isCode = (value: unknown): value is Code =>
  typeof value === "string" && Object.hasOwn(ERROR_CODES, value);
export const statusOf = (code: Code): number => ERROR_CODES[code].status;
export const messageOf = (code: Code): string => ERROR_CODES[code].message;
