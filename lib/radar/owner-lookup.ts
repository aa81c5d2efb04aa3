import "server-only";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { startLookup } from "@/lib/lookups/start-lookup";
import type { LookupInput } from "@/lib/validation/lookup-input";
import { watchIdOfLookupToken } from "./owner-links";

// The link in the owner's mail that starts a fresh lookup of the watched vehicle: the vehicle and
// the person come from the watch's sealed copy, so no CPF travels in the URL. Only a watch still
// holding its data can look up; a cancelled one has nothing left to look up with.

export type FreshLookupState =
  { kind: "ready"; plate: string } | { kind: "cancelled" } | { kind: "invalid" };

async function watchOf(token: string) {
  const id = watchIdOfLookupToken(token);
  if (!id) return null;
  return db.radarWatch.findUnique({
    where: { id },
    select: {
      kind: true,
      uf: true,
      plate: true,
      renavam: true,
      cpfCnpj: true,
      personalDataErasedAt: true,
    },
  });
}

export async function freshLookupState(token: string): Promise<FreshLookupState> {
  const watch = await watchOf(token);
  if (!watch || watch.kind !== "owner") return { kind: "invalid" };
  if (watch.personalDataErasedAt || !watch.plate) return { kind: "cancelled" };
  return { kind: "ready", plate: watch.plate };
}

/** Starts the lookup (the caller counts it against the client's lookup limit); its id for the result page. */
export async function startFreshLookup(token: string): Promise<{ lookupId: string }> {
  const watch = await watchOf(token);
  if (!watch || watch.kind !== "owner" || watch.personalDataErasedAt || !watch.plate || !watch.uf)
    throw new AppError({ code: "LOOKUP_NOT_FOUND" });
  return startLookup({
    uf: watch.uf as LookupInput["uf"],
    plate: watch.plate,
    renavam: watch.renavam ?? "",
    cpfCnpj: watch.cpfCnpj ?? "",
  });
}
