import "server-only";
import type { LookupInput } from "@/lib/validation/lookup-input";

// What a watch looks up: a workspace watch reads its vehicle (and the client's CPF/CNPJ), so an
// edit in the workspace is followed; an owner watch reads its own sealed copy. Read only when a
// lookup is about to be sent: opening sealed columns costs, and most claims of a backlog wait.

export const WATCH_TARGET_SELECT = {
  id: true,
  kind: true,
  userId: true,
  status: true,
  recurrence: true,
  uf: true,
  plate: true,
  renavam: true,
  cpfCnpj: true,
  vehicle: {
    select: { uf: true, plate: true, renavam: true, client: { select: { cpfCnpj: true } } },
  },
} as const;

export type WatchWithTarget = {
  id: string;
  kind: string;
  userId: string | null;
  status: string;
  recurrence: string;
  uf: string | null;
  plate: string | null;
  renavam: string | null;
  cpfCnpj: string | null;
  vehicle: { uf: string; plate: string; renavam: string; client: { cpfCnpj: string } } | null;
};

/** The lookup's input, or null when the watch has nothing to look up (its data erased). */
export function targetOf(watch: WatchWithTarget): LookupInput | null {
  const t =
    watch.kind === "workspace" && watch.vehicle
      ? {
          uf: watch.vehicle.uf,
          plate: watch.vehicle.plate,
          renavam: watch.vehicle.renavam,
          cpfCnpj: watch.vehicle.client.cpfCnpj,
        }
      : { uf: watch.uf, plate: watch.plate, renavam: watch.renavam, cpfCnpj: watch.cpfCnpj };
  if (!t.uf || !t.plate || !t.renavam || !t.cpfCnpj) return null;
  return t as LookupInput;
}

/** The watch's UF without opening sealed columns (the schedule and São Paulo's window need it). */
export function ufOf(watch: { uf: string | null; vehicle: { uf: string } | null }): string | null {
  return watch.vehicle?.uf ?? watch.uf ?? null;
}
