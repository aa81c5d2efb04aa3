// Keys whose values never reach a log line, at any of the first few nesting levels. Redaction is
// the second line of defence: the first is that we never log request or response bodies.
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

const DEPTH = 4;

/** pino redact paths for every key at depth 0..DEPTH-1 (pino's `*` matches one level). */
export function redactPaths(): string[] {
  const paths: string[] = [];
  for (const key of REDACTED_KEYS) {
    const bracket = !/^[A-Za-z_$][\w$]*$/.test(key);
    for (let depth = 0; depth < DEPTH; depth++) {
      const stars = Array.from({ length: depth }, () => "*").join(".");
      if (!bracket) paths.push(stars ? `${stars}.${key}` : key);
      else paths.push(`${stars}["${key}"]`);
    }
  }
  return [...new Set(paths)];
}
