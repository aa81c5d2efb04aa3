// The rows N settled card payments leave (tests/bench/delisting.ts), written in bulk: the person's
// lookup (sealed, as lookupRowData makes it) with its result, a checkout of two of its fines, the
// payment paid and settled with its debts, and the DelistingWatch that watchSettledPayment makes in
// the settling transaction, made by that reaction itself. Each payment's two fines carry ids and
// AITs of its own that no sandbox lookup lists, so its first check confirms both. Import after the
// storefront's environment is set (storefrontOnSandbox).
import { randomBytes, randomUUID } from "node:crypto";
import { db } from "../../../lib/db/client";
import { insertRows, orderedIds } from "../../../lib/db/bulk-sql";
import { watchSettledPayment } from "../../../lib/delisting/reactions";
import { env } from "../../../lib/env";
import { lookupRowData } from "../../../lib/lookups/start-lookup";
import { documentIndex } from "../../../lib/privacy";
import { checkMoments } from "../../../lib/rules/delisting";
import { familyVehicle } from "../../../lib/sandbox/catalog/family";

const CHUNK = 500;
const FINE_CENTS = [13_016, 19_523];
const DAY_MS = 24 * 3_600_000;

/** Time spent in watchSettledPayment (the rest of the seeding is the bulk inserts). */
export const timing = { watchesMs: 0 };

type Row = Record<string, string | number | boolean | Date | null>;

/** Seeds N settled payments on `plate(i)`; resolves when the first check of every one is due. */
export async function seedSettledPayments(
  n: number,
  plate: (i: number) => string,
): Promise<{ settledAt: Date; firstCheck: Date }> {
  const now = new Date();
  // Settled a week ago, a few seconds apart: the first check (1 business day later) is due for all.
  const base = now.getTime() - 7 * DAY_MS;
  for (let from = 0; from < n; from += CHUNK) {
    const size = Math.min(CHUNK, n - from);
    await seedChunk(from, size, plate, base);
  }
  const last = new Date(base + (n - 1) * 2_000);
  const firstCheck = checkMoments(last, env.delisting.checkDays)[0]!;
  if (firstCheck > now) throw new Error("seeded payments' first check is not due yet");
  const due = await db.delistingWatch.count({
    where: { status: "checking", notBefore: { lte: now } },
  });
  if (due !== n) throw new Error(`${due} delisting watches due, ${n} expected`);
  return { settledAt: new Date(base), firstCheck };
}

async function seedChunk(
  from: number,
  size: number,
  plate: (i: number) => string,
  base: number,
): Promise<void> {
  const lookupIds = orderedIds(size);
  const checkoutIds = orderedIds(size);
  const paymentIds = orderedIds(size);
  const lookups: Row[] = [];
  const lookupDebts: Row[] = [];
  const checkouts: Row[] = [];
  const checkoutDebts: Row[] = [];
  const payments: Row[] = [];
  const paymentDebts: Row[] = [];
  for (let k = 0; k < size; k++) {
    const i = from + k;
    const v = familyVehicle(plate(i))!;
    const settledAt = new Date(base + i * 2_000);
    const paidAt = new Date(settledAt.getTime() - 3_600_000);
    const createdAt = new Date(paidAt.getTime() - 600_000);
    const debtIds = [randomUUID(), randomUUID()];
    lookups.push({
      ...lookupRowData(
        { uf: v.uf as "MG", plate: v.plate, renavam: v.renavam, cpfCnpj: v.cpfCnpj },
        {},
      ),
      id: lookupIds[k]!,
      status: "debts",
      createdAt,
      updatedAt: createdAt,
      resolvedAt: createdAt,
    });
    debtIds.forEach((debtId, d) =>
      lookupDebts.push({
        id: `${lookupIds[k]}d${d}`,
        lookupId: lookupIds[k]!,
        debtId,
        type: "ticket",
        title: "Multa de trânsito",
        description: `Infração ${i}-${d}`,
        amountCents: FINE_CENTS[d]!,
        dueDate: new Date(createdAt.getTime() + 30 * DAY_MS),
        hasDiscount: false,
        isExpired: false,
        year: createdAt.getUTCFullYear(),
        required: false,
        dependsOn: "[]",
        distinct: "[]",
        // An AIT no sandbox vehicle has: the paid fine is matched neither by id nor by key.
        ait: `BX${String(i).padStart(6, "0")}${d}`,
      }),
    );
    const amountCents = FINE_CENTS[0]! + FINE_CENTS[1]!;
    checkouts.push({
      id: checkoutIds[k]!,
      publicToken: randomBytes(24).toString("base64url"),
      upstreamCheckoutId: randomUUID(),
      lookupId: lookupIds[k]!,
      amountCents,
      expiresAt: new Date(createdAt.getTime() + 3_600_000),
      customerName: `Pessoa ${i}`,
      customerEmail: `pessoa.${i}@example.test`,
      customerCpfCnpj: v.cpfCnpj,
      customerCpfCnpjIndex: documentIndex(v.cpfCnpj),
      customerPhone: "11999999999",
      plate: v.plate,
      renavam: v.renavam,
      uf: v.uf,
      kind: "owner",
      createdAt,
    });
    debtIds.forEach((debtId, d) =>
      checkoutDebts.push({
        id: `${checkoutIds[k]}d${d}`,
        checkoutId: checkoutIds[k]!,
        debtId,
        title: "Multa de trânsito",
        type: "ticket",
        amountCents: FINE_CENTS[d]!,
      }),
    );
    payments.push({
      id: paymentIds[k]!,
      externalId: randomUUID(),
      publicRef: randomBytes(24).toString("base64url"),
      paymentId: randomUUID(),
      transactionId: randomUUID(),
      checkoutId: checkoutIds[k]!,
      method: "credit_card",
      // Not settled yet: watchSettledPayment runs in the update that settles it (below).
      status: "paid",
      liquidationStatus: "pending",
      amountCents,
      installments: 1,
      cardBrand: "visa",
      cardLastFour: "1111",
      paidAt,
      settledAt,
      createdAt,
      updatedAt: settledAt,
    });
    debtIds.forEach((debtId, d) =>
      paymentDebts.push({
        id: `${paymentIds[k]}d${d}`,
        paymentId: paymentIds[k]!,
        debtId,
        status: "settled",
        settledAt,
      }),
    );
  }
  const cols = (rows: Row[]) => Object.keys(rows[0]!);
  await db.$transaction(
    async (tx) => {
      await insertRows(tx, "Lookup", cols(lookups), lookups);
      await insertRows(tx, "LookupDebt", cols(lookupDebts), lookupDebts);
      await insertRows(tx, "Checkout", cols(checkouts), checkouts);
      await insertRows(tx, "CheckoutDebt", cols(checkoutDebts), checkoutDebts);
      await insertRows(tx, "Payment", cols(payments), payments);
      await insertRows(tx, "PaymentDebt", cols(paymentDebts), paymentDebts);
      const watchesFrom = Date.now();
      // Settled, as applyPaymentUpdate settles a payment, with its reaction in the same transaction.
      await tx.payment.updateMany({
        where: { id: { in: paymentIds } },
        data: { liquidationStatus: "settled" },
      });
      for (const paymentRowId of paymentIds)
        await watchSettledPayment(tx, {
          paymentRowId,
          before: { status: "paid", liquidationStatus: "pending" },
          after: { status: "paid", liquidationStatus: "settled" },
        });
      timing.watchesMs += Date.now() - watchesFrom;
    },
    { timeout: 120_000 },
  );
}
