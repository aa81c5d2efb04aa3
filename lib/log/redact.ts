// Keys whose values never reach a log line, at any of the first few nesting levels. Redaction is
// the second line of defence: the first is that we never log request or response bodies.
export const REDACTED_KEYS = [
  // card data (our pt-BR form names and upstream's names)
  "cardNumber", "numero", "cvv", "validade", "expirationDate", "cardholderName", "nome",
  // tokens: card tokens and our share-link tokens
  "cardToken", "token", "publicToken", "checkoutToken",
  // personal data
  "cpfCnpj", "cpf", "cnpj", "document", "email", "phone", "celular", "customer",
  // credentials
  "x-api-key", "apiKey", "authorization", "cookie", "upstreamApiKey", "webhookSecret", "secret",
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
