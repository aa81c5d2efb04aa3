// Names of fields that hold card data, tokens, personal data or credentials: their values never
// reach a log line (lib/log/redact.ts) nor leave in a span (lib/tracing/scrub.ts). Pure, and
// imported by relative path: lib/server/serve.ts loads lib/tracing under plain Node.
export const REDACTED_KEYS = [
  // card data (our request keys and upstream's names). Not `name`: errors and queues carry one; the
  // payer's name travels under `customer`, redacted whole.
  "cardNumber",
  "number",
  "cvv",
  "expiry",
  "expirationDate",
  "cardholderName",
  // tokens: card tokens and our share-link tokens
  "cardToken",
  "token",
  "publicToken",
  "checkoutToken",
  // personal data
  "cpfCnpj",
  "cpf",
  "cnpj",
  "document",
  "email",
  "phone",
  "customer",
  // credentials
  "x-api-key",
  "apiKey",
  "authorization",
  "cookie",
  "upstreamApiKey",
  "webhookSecret",
  "secret",
] as const;
