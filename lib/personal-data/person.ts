import "server-only";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import type { Prisma } from "@/lib/generated/prisma/client";
import { documentIndex } from "@/lib/privacy";
import { retentionCutoffs } from "@/lib/rules/retention";
import { findTraces } from "./traces";
import { clock } from "@/lib/clock";

// Everything we hold about one CPF/CNPJ, found by its keyed hash (lib/privacy documentIndex; the
// columns are sealed, so never by the digits). An erased row has lost its hash with its person,
// so it is not found: there is nothing of the person left in it.
// What those rows left elsewhere (webhook deliveries, mails) is found by ./traces.ts.

export const byDocument = (digits: string) => {
  const index = documentIndex(digits);
  return {
    lookup: { cpfCnpjIndex: index } satisfies Prisma.LookupWhereInput,
    checkout: { customerCpfCnpjIndex: index } satisfies Prisma.CheckoutWhereInput,
    client: { cpfCnpjIndex: index } satisfies Prisma.WorkspaceClientWhereInput,
    radarWatch: { cpfCnpjIndex: index, kind: "owner" } satisfies Prisma.RadarWatchWhereInput,
  };
};

const paymentFields = {
  id: true,
  externalId: true,
  transactionId: true,
  method: true,
  status: true,
  amountCents: true,
  paidAt: true,
  createdAt: true,
  updatedAt: true,
} as const;

/** The person's rows, read in one go (a person has a handful; the lists are capped anyway). */
export async function findPerson(digits: string, tx: Prisma.TransactionClient = db) {
  const where = byDocument(digits);
  const lookups = await tx.lookup.findMany({
    where: where.lookup,
    orderBy: { createdAt: "asc" },
    take: 1000,
    include: {
      debts: { select: { title: true, type: true, amountCents: true, dueDate: true, year: true } },
    },
  });
  const lookupIds = lookups.map((l) => l.id);
  // A checkout of the person's lookup holds the person's RENAVAM even when someone else paid.
  const checkouts = await tx.checkout.findMany({
    where: { OR: [where.checkout, { lookupId: { in: lookupIds } }], personalDataErasedAt: null },
    orderBy: { createdAt: "asc" },
    take: 1000,
    include: {
      debts: { select: { title: true, type: true, amountCents: true } },
      payments: { select: paymentFields, orderBy: { createdAt: "asc" } },
    },
  });
  const clients = await tx.workspaceClient.findMany({
    where: where.client,
    take: 1000,
    include: { vehicles: { select: { plate: true, uf: true, renavam: true, createdAt: true } } },
  });
  // An owner's Radar watches: their own sealed copy of the vehicle, the document and the address.
  const radarWatches = await tx.radarWatch.findMany({
    where: where.radarWatch,
    orderBy: { createdAt: "asc" },
    take: 1000,
    include: {
      events: {
        select: {
          kind: true,
          reason: true,
          title: true,
          amountCents: true,
          dueDate: true,
          createdAt: true,
          ownerMailedAt: true,
        },
      },
    },
  });
  const traces = await findTraces(
    {
      checkoutIds: checkouts.map((c) => c.id),
      paymentIds: checkouts.flatMap((c) => c.payments.map((p) => p.id)),
      watchIds: radarWatches.map((w) => w.id),
      eventKeys: [
        ...lookups.flatMap((l) => [l.externalId, l.transactionId ?? ""]),
        ...checkouts.flatMap((c) =>
          c.payments.flatMap((p) => [p.externalId, p.transactionId ?? ""]),
        ),
      ],
    },
    tx,
  );
  return { lookups, checkouts, clients, radarWatches, ...traces };
}

export type PersonRows = Awaited<ReturnType<typeof findPerson>>;

const parsedJson = (text: string | null): unknown => {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** What the person gets: every field we hold about them, in their own words' order (LGPD art. 18, II). */
export function exportOf(digits: string, rows: PersonRows, now = clock.now()) {
  return {
    document: digits,
    exportedAt: now.toISOString(),
    lookups: rows.lookups.map((l) => ({
      id: l.id,
      createdAt: l.createdAt,
      uf: l.uf,
      plate: l.plate,
      renavam: l.renavam,
      cpfCnpj: l.cpfCnpj,
      status: l.status,
      vehicle: parsedJson(l.vehicleJson),
      debts: l.debts,
    })),
    checkouts: rows.checkouts.map((c) => ({
      id: c.id,
      createdAt: c.createdAt,
      kind: c.kind,
      vehicle: { plate: c.plate, uf: c.uf, renavam: c.renavam },
      customer: {
        name: c.customerName,
        email: c.customerEmail,
        cpfCnpj: c.customerCpfCnpj,
        phone: c.customerPhone,
      },
      amountCents: c.amountCents,
      debts: c.debts,
      payments: c.payments.map((p) => ({
        method: p.method,
        status: p.status,
        amountCents: p.amountCents,
        paidAt: p.paidAt,
        createdAt: p.createdAt,
      })),
    })),
    workspaceClients: rows.clients.map((c) => ({
      id: c.id,
      despachanteUserId: c.userId,
      name: c.name,
      cpfCnpj: c.cpfCnpj,
      email: c.email,
      phone: c.phone,
      createdAt: c.createdAt,
      vehicles: c.vehicles,
    })),
    radarWatches: rows.radarWatches.map((w) => ({
      id: w.id,
      createdAt: w.createdAt,
      status: w.status,
      stopReason: w.stopReason,
      confirmedAt: w.confirmedAt,
      vehicle: { uf: w.uf, plate: w.plate, renavam: w.renavam },
      cpfCnpj: w.cpfCnpj,
      email: w.email,
      events: w.events,
    })),
    mails: rows.mails.map((m) => ({
      to: m.to,
      subject: m.subject,
      template: m.template,
      status: m.status,
      createdAt: m.createdAt,
      sentAt: m.sentAt,
    })),
    webhookEvents: rows.webhookEvents.map((e) => ({
      type: e.type,
      receivedAt: e.receivedAt,
      outcome: e.outcome,
      payload: parsedJson(e.payload),
    })),
    testMailbox: rows.testMailbox.map((m) => ({
      to: m.to,
      subject: m.subject,
      receivedAt: m.receivedAt,
    })),
  };
}

/** The export of everything held about a CPF/CNPJ (digits). */
export async function exportPerson(digits: string, now = clock.now()) {
  return exportOf(digits, await findPerson(digits), now);
}

/** The cut-off of the legal period now (a paid record younger than it is kept). */
export const legalCutoff = (now: Date) => retentionCutoffs(env.retention, now).paidBefore;
