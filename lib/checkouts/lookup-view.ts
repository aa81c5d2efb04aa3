import "server-only";
import { db } from "@/lib/db/client";
import { heldDebtIds } from "./held-debts";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import type { LookupDebt } from "@/lib/generated/prisma/client";
import { debtAvailability } from "@/lib/rules/debt-availability";
import { toSelectable } from "@/lib/rules/debt-selection";
import { LOOKUP_ID } from "@/lib/lookups/lookup-id";
import { lookupMessage } from "@/lib/lookups/lookup-messages";
import { clock } from "@/lib/clock";

// What GET /api/lookups/{id} answers (docs/internal-api.md, LookupView). The CPF/CNPJ and the
// RENAVAM are never part of it: the id may end up in a shared link.

export type LookupStatus =
  "pending" | "delayed" | "debts" | "no_debts" | "not_found" | "error" | "failed";

export type DebtView = {
  id: string;
  type: string;
  title: string;
  description: string;
  amountCents: number;
  dueDate?: string;
  expirationDate?: string;
  hasDiscount: boolean;
  isExpired: boolean;
  year?: number;
  required: boolean;
  dependsOn: string[];
  distinct: string[];
  ait?: string;
  /**
   * Set when the debt can no longer be chosen from this lookup: paid or in an open payment of ours
   * (any checkout of the vehicle), or blocked by a paid / in-payment alternative or dependency.
   */
  availability?: { state: "paid" | "in_payment" | "blocked"; reason: string };
};

export type LookupView = {
  id: string;
  status: LookupStatus;
  uf: string;
  plate: string;
  createdAt: string;
  /** When the authority's answer came (the result's age is counted from here). */
  checkedAt?: string;
  errorCode?: string;
  message?: string;
  debts: DebtView[];
};

const ids = (json: string): string[] => {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
};

export function toDebtView(d: LookupDebt): DebtView {
  return {
    id: d.debtId,
    type: d.type,
    title: d.title,
    description: d.description,
    amountCents: d.amountCents,
    ...(d.dueDate ? { dueDate: d.dueDate.toISOString() } : {}),
    ...(d.expirationDate ? { expirationDate: d.expirationDate.toISOString() } : {}),
    hasDiscount: d.hasDiscount,
    isExpired: d.isExpired,
    ...(d.year !== null ? { year: d.year } : {}),
    required: d.required,
    dependsOn: ids(d.dependsOn),
    distinct: ids(d.distinct),
    ...(d.ait ? { ait: d.ait } : {}),
  };
}

/** The API's read: an unknown id is a 404 error. */
export async function getLookupView(lookupId: string, now = clock.now()): Promise<LookupView> {
  const view = await findLookupView(lookupId, now);
  if (!view) throw new AppError({ code: "LOOKUP_NOT_FOUND" });
  return view;
}

/** Null for an unknown id; the lookup page answers it with its 404. Database only, never upstream. */
export async function findLookupView(
  lookupId: string,
  now = clock.now(),
): Promise<LookupView | null> {
  // Ids are cuids: junk never reaches the database (PostgreSQL rejects a NUL byte with an error).
  if (!LOOKUP_ID.test(lookupId)) return null;
  const lookup = await db.lookup.findUnique({
    where: { id: lookupId },
    include: { debts: { orderBy: { id: "asc" } } },
  });
  if (!lookup) return null;
  let status = lookup.status as LookupStatus;
  if (status === "pending" && now.getTime() - lookup.createdAt.getTime() > env.lookupDelayedAfterMs)
    status = "delayed";
  const message = lookupMessage(status, lookup.errorCode);
  return {
    id: lookup.id,
    status,
    uf: lookup.uf,
    plate: lookup.plate,
    createdAt: lookup.createdAt.toISOString(),
    ...(lookup.resolvedAt ? { checkedAt: lookup.resolvedAt.toISOString() } : {}),
    ...(lookup.errorCode ? { errorCode: lookup.errorCode } : {}),
    ...(message ? { message } : {}),
    debts: await withAvailability(lookup.debts.map(toDebtView)),
  };
}

/** The lookup's debts as they stand now: what was paid or went into a payment since is marked. */
async function withAvailability(debts: DebtView[]): Promise<DebtView[]> {
  if (debts.length === 0) return debts;
  const availability = debtAvailability(
    debts.map(toSelectable),
    await heldDebtIds(
      db,
      debts.map((d) => d.id),
    ),
  );
  return debts.map((d, i) => {
    const a = availability[i]!;
    return a.state === "available"
      ? d
      : { ...d, availability: { state: a.state, reason: a.reason } };
  });
}
