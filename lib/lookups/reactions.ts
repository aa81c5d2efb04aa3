import "server-only";
import { reactionPoint } from "@/lib/db/reactions";

// Lookup facts that higher capabilities react to in the same transaction (lib/db/reactions.ts;
// registered in lib/background/reactions.ts): a despachante's batch item ends with its lookup, a
// Radar scan compares its result with the watch's last one.

/** A LookupDebt row as applyLookupResults inserts it. */
export type StoredDebt = {
  debtId: string;
  title: string;
  amountCents: number;
  type: string;
  year: number | null;
  required: boolean;
  dependsOn: string;
  distinct: string;
  dueDate: Date | null;
  expirationDate: Date | null;
  hasDiscount: boolean;
  isExpired: boolean;
  ait: string | null;
};

/** Lookups this transaction resolved (only those: a late or duplicate result is not here). */
export type LookupsResolved = {
  now: Date;
  /** `origin`: the tag the lookup was started with (lookupRowData), null for a person's own. */
  lookups: readonly {
    lookupRowId: string;
    origin: string | null;
    status: string;
    errorCode: string | null;
    errorMessage: string | null;
    debts: readonly StoredDebt[];
  }[];
};
export const lookupsResolved = reactionPoint<LookupsResolved>("lookups.resolved");
