// Rows the Prisma micro-benchmarks seed (bench:prisma, tools/pg-read-strategies.ts): a checkout
// as the app stores one, for a lookup already written.

/** A checkout's columns for `lookupId`; `key` keeps its unique ids apart from every other seeded one. */
export function benchCheckout(key: string, lookupId: string, plate: string) {
  return {
    publicToken: `${key}-token`,
    upstreamCheckoutId: `${key}-checkout`,
    lookupId,
    amountCents: 40_006,
    expiresAt: new Date(Date.now() + 3_600_000),
    customerName: "Bench",
    customerEmail: "bench@example.com",
    customerCpfCnpj: "12345678909",
    customerPhone: "11999999999",
    plate,
    renavam: "12345678901",
    uf: "SP",
  };
}
