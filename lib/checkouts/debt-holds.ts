import "server-only";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import type { Code } from "@/lib/errors/codes";
import { Prisma } from "@/lib/generated/prisma/client";
import { type DebtView, toDebtView } from "./lookup-view";
import { moduleLogger } from "@/lib/log/logger";
import {
  type Availability,
  debtAvailability,
  firstUnavailable,
} from "@/lib/rules/debt-availability";
import { toSelectable } from "@/lib/rules/debt-selection";
import { heldDebtIds } from "./held-debts";
import { clock } from "@/lib/clock";

// "Never pay a debt twice": a lookup is a snapshot nobody updates, so each checkout, each payment
// and each page judges its debts against what is paid or in payment NOW (lib/rules/debt-availability).

const log = moduleLogger("checkouts");

type Reader = Parameters<typeof heldDebtIds>[0] &
  Pick<Prisma.TransactionClient, "lookupDebt" | "checkoutDebt">;

/** Every debt of the lookup with its availability; payments of `exceptCheckoutId` do not count. */
export async function availabilityOf(
  debts: readonly DebtView[],
  options: { exceptCheckoutId?: string } = {},
  tx: Reader = db,
): Promise<Availability[]> {
  const held = await heldDebtIds(
    tx,
    debts.map((d) => d.id),
    options,
  );
  return debtAvailability(debts.map(toSelectable), held);
}

export type DebtRefusalCode = Extract<Code, "DEBT_ALREADY_PAID" | "DEBT_IN_PAYMENT">;
export type Refusal = { code: DebtRefusalCode; message: string; debtId: string };

/** Why these debts can no longer be paid (the first one, in the lookup's order), or null. */
export function refusalFor(
  debtIds: readonly string[],
  debts: readonly DebtView[],
  availability: readonly Availability[],
): Refusal | null {
  const first = firstUnavailable(debtIds, availability);
  if (!first) return null;
  const paid = first.state === "paid" || (first.state === "blocked" && first.byState === "paid");
  const title = debts.find((d) => d.id === first.id)?.title ?? "um dos débitos";
  return {
    code: paid ? "DEBT_ALREADY_PAID" : "DEBT_IN_PAYMENT",
    message: `Não é possível pagar “${title}”. ${first.reason}`,
    debtId: first.id,
  };
}

export function refusalError(refusal: Refusal): AppError {
  return new AppError({ code: refusal.code, message: refusal.message });
}

/**
 * Whether a checkout (a link opened later, or paid from an old lookup) can still be paid: its debts
 * judged against the payments of every OTHER checkout (its own attempts are upstream's business).
 */
export async function checkoutRefusal(
  checkout: { id: string; lookupId: string },
  tx: Reader = db,
): Promise<Refusal | null> {
  const [lookupDebts, own] = await Promise.all([
    tx.lookupDebt.findMany({ where: { lookupId: checkout.lookupId }, orderBy: { id: "asc" } }),
    tx.checkoutDebt.findMany({ where: { checkoutId: checkout.id }, select: { debtId: true } }),
  ]);
  const debts = lookupDebts.map(toDebtView);
  const availability = await availabilityOf(debts, { exceptCheckoutId: checkout.id }, tx);
  return refusalFor(
    own.map((d) => d.debtId),
    debts,
    availability,
  );
}

const normalizedPlate = (plate: string) => plate.replace(/-/g, "").toUpperCase();

/**
 * Runs `fn` in a transaction that first writes the vehicle's lock row: payments of one vehicle's
 * debts then check and hold one after the other. The write comes first so SQLite takes its write
 * lock at once (a read-then-write transaction can fail with SQLITE_BUSY_SNAPSHOT, see
 * lib/payments/apply-update.ts) and PostgreSQL holds the row lock until commit.
 */
export async function withVehicleLock<T>(
  plate: string,
  fn: (tx: Prisma.TransactionClient) => Promise<T>,
): Promise<T> {
  const key = normalizedPlate(plate);
  await ensureLockRow(key);
  return db.$transaction(
    async (tx) => {
      await tx.vehicleLock.updateMany({ where: { plate: key }, data: { takenAt: clock.now() } });
      return fn(tx);
    },
    { maxWait: 10_000, timeout: 10_000 },
  );
}

async function ensureLockRow(plate: string): Promise<void> {
  const exists = await db.vehicleLock.findUnique({ where: { plate } });
  if (exists) return;
  try {
    await db.vehicleLock.create({ data: { plate } });
  } catch (error) {
    // Another request created it first: that is all we needed.
    if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002"))
      throw error;
    log.debug({}, "vehicle lock row created concurrently");
  }
}
