import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db/create-client";
import { TEST_WEBHOOK_SECRET } from "./test-keys";

// Webhook deliveries for the multi-instance suite (tests/integration/multi-instance.test.ts): lookup
// results whose effect is countable (status, debt rows), for lookups seeded as our lookup service
// writes them, posted over HTTP to the instances' webhook route. Same shapes as webhook-flood.test.ts.

export type LookupKind = "debts" | "VehicleWithoutDebts" | "VehicleNotFound";
export type LookupEvent = { kind: LookupKind; lookupId: string; body: string };
export const EXPECTED_STATUS: Record<LookupKind, string> = {
  debts: "debts",
  VehicleWithoutDebts: "no_debts",
  VehicleNotFound: "not_found",
};
export const WEBHOOK_PATH = `/api/webhooks/uvvi/${TEST_WEBHOOK_SECRET}`;

export const MALFORMED = [
  "{not json",
  "",
  "[]",
  "null",
  JSON.stringify({ transactionId: 1, externalId: "x" }),
  JSON.stringify({ type: "payment-status-update", transactionId: 1, externalId: "x" }),
  JSON.stringify({
    type: "debts",
    transactionId: 1,
    externalId: "x",
    debts: [{ id: "d", amount: "12,00" }],
  }),
  JSON.stringify({ type: "VehicleNotFound", transactionId: { n: 1 }, externalId: "x" }),
];

const debt = (amount: number) => ({
  id: randomUUID(),
  amount,
  title: "Multa",
  description: "Excesso de velocidade",
  type: "ticket",
  dueDate: null,
  expirationDate: null,
  hasDiscount: false,
  isExpired: false,
  year: null,
  required: false,
  dependsOn: [],
  distinct: [],
});

/** Seeds `count` pending lookups and returns one result event for each. */
export async function seedLookupEvents(
  db: Db,
  count: number,
  firstTransactionId: number,
): Promise<LookupEvent[]> {
  const kinds: LookupKind[] = ["debts", "VehicleWithoutDebts", "VehicleNotFound"];
  const lookups = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    externalId: randomUUID(),
    transactionId: String(firstTransactionId + i),
    uf: "MG",
    plate: "MGD1E23",
    renavam: "01234567803",
    cpfCnpj: "52998224725",
  }));
  for (let i = 0; i < lookups.length; i += 1_000)
    await db.lookup.createMany({ data: lookups.slice(i, i + 1_000) });
  return lookups.map((l, i) => {
    const kind = kinds[i % kinds.length]!;
    const base = { type: kind, transactionId: Number(l.transactionId), externalId: l.externalId };
    return {
      kind,
      lookupId: l.id,
      body: JSON.stringify(
        kind === "debts"
          ? { ...base, vehicle: { uf: "MG" }, debts: [debt(130.16), debt(1.005)] }
          : base,
      ),
    };
  });
}

export function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** Lookups among `events` whose state is not exactly what their one event says (status, debt rows). */
export async function wrongLookups(db: Db, events: LookupEvent[]): Promise<string[]> {
  const ids = new Set(events.map((e) => e.lookupId));
  const status = new Map(
    (await db.lookup.findMany({ select: { id: true, status: true } }))
      .filter((r) => ids.has(r.id))
      .map((r) => [r.id, r.status]),
  );
  const debtRows = new Map(
    (await db.lookupDebt.groupBy({ by: ["lookupId"], _count: true })).map((r) => [
      r.lookupId,
      r._count,
    ]),
  );
  return events
    .filter(
      (e) =>
        status.get(e.lookupId) !== EXPECTED_STATUS[e.kind] ||
        (debtRows.get(e.lookupId) ?? 0) !== (e.kind === "debts" ? 2 : 0),
    )
    .map(
      (e) =>
        `${e.kind} ${e.lookupId}: ${status.get(e.lookupId)}, ${debtRows.get(e.lookupId) ?? 0} debts`,
    );
}
