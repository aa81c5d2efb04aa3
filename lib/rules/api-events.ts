// The API events a workspace account's endpoints receive (docs/api-webhooks.md) and their payloads.
// Pure: each builder copies named fields only, so a row passed whole (with a payer's name, CPF or
// e-mail beside the ids) cannot leak into a payload. Ids, amounts in centavos, states and
// timestamps; never a CPF/CNPJ, a name, an e-mail, a phone or card data.

/** The events an endpoint may choose, each emitted by a reaction of lib/api-events. */
export const API_EVENT_TYPES = [
  "link.paid",
  "link.settled",
  "link.expired",
  "batch.finished",
  "radar.debt_found",
] as const;
export type ApiEventType = (typeof API_EVENT_TYPES)[number];

export const isApiEventType = (t: string): t is ApiEventType =>
  (API_EVENT_TYPES as readonly string[]).includes(t);

/** What each event means, in pt-BR, for the page's checkboxes. */
export const API_EVENT_LABELS: Readonly<Record<ApiEventType, string>> = {
  "link.paid": "Link pago",
  "link.settled": "Débitos do link quitados",
  "link.expired": "Link expirado sem pagamento",
  "batch.finished": "Lote de consultas concluído",
  "radar.debt_found": "Radar encontrou um débito novo",
};

/** The body sent (Standard Webhooks' shape): the type, when it happened, and the object. */
export type ApiEventBody<D = Record<string, unknown>> = {
  type: ApiEventType;
  /** When the fact happened (ISO 8601), also `data.occurredAt`. */
  timestamp: string;
  data: D;
};

const iso = (d: Date | string | null | undefined): string | null =>
  d ? new Date(d).toISOString() : null;

export type LinkFacts = {
  /** The link's id in the API (/api/v1/links/{id}); never its token, the payer's secret URL. */
  linkId: string;
  clientId: string | null;
  plate: string;
  uf: string;
  amountCents: number;
  expiresAt: Date;
};

export type PaymentFacts = {
  /** The payment's public reference (its status page). */
  paymentRef: string | null;
  method: string;
  status: string;
  liquidationStatus: string | null;
  amountCents: number | null;
  paidAt: Date | null;
  settledAt: Date | null;
  /** The payment row's updatedAt: a receiver orders two events about one payment by it. */
  updatedAt: Date;
};

const linkData = (l: LinkFacts) => ({
  id: l.linkId,
  clientId: l.clientId,
  plate: l.plate,
  uf: l.uf,
  amountCents: l.amountCents,
  expiresAt: iso(l.expiresAt),
});

const paymentData = (p: PaymentFacts) => ({
  ref: p.paymentRef,
  method: p.method,
  status: p.status,
  liquidationStatus: p.liquidationStatus,
  amountCents: p.amountCents,
  paidAt: iso(p.paidAt),
  settledAt: iso(p.settledAt),
  updatedAt: iso(p.updatedAt),
});

/** link.paid / link.settled: a workspace link's payment, as the upstream confirmed it. */
export function linkPaymentEvent(
  type: "link.paid" | "link.settled",
  link: LinkFacts,
  payment: PaymentFacts,
  occurredAt: Date,
): ApiEventBody {
  return {
    type,
    timestamp: occurredAt.toISOString(),
    data: {
      occurredAt: occurredAt.toISOString(),
      link: linkData(link),
      payment: paymentData(payment),
    },
  };
}

/** link.expired: a workspace link reached its end unpaid. */
export function linkExpiredEvent(link: LinkFacts, occurredAt: Date): ApiEventBody {
  return {
    type: "link.expired",
    timestamp: occurredAt.toISOString(),
    data: { occurredAt: occurredAt.toISOString(), link: linkData(link) },
  };
}

export type BatchFacts = {
  batchId: string;
  items: number;
  done: number;
  failed: number;
  createdAt: Date;
};

/** batch.finished: every item of a batch ended (done or failed). */
export function batchFinishedEvent(batch: BatchFacts, occurredAt: Date): ApiEventBody {
  return {
    type: "batch.finished",
    timestamp: occurredAt.toISOString(),
    data: {
      occurredAt: occurredAt.toISOString(),
      batch: {
        id: batch.batchId,
        items: batch.items,
        done: batch.done,
        failed: batch.failed,
        createdAt: iso(batch.createdAt),
        finishedAt: occurredAt.toISOString(),
      },
    },
  };
}

export type RadarDebtFacts = {
  /** The RadarEvent's id (one per debt found). */
  radarEventId: string;
  watchId: string;
  vehicleId: string | null;
  clientId: string | null;
  plate: string | null;
  uf: string | null;
  lookupId: string | null;
  debtId: string | null;
  debtType: string | null;
  title: string | null;
  amountCents: number | null;
  dueDate: Date | null;
  expirationDate: Date | null;
};

/** radar.debt_found: a Radar scan found a debt its last result did not have. */
export function radarDebtFoundEvent(found: RadarDebtFacts, occurredAt: Date): ApiEventBody {
  return {
    type: "radar.debt_found",
    timestamp: occurredAt.toISOString(),
    data: {
      occurredAt: occurredAt.toISOString(),
      id: found.radarEventId,
      watchId: found.watchId,
      vehicle: {
        id: found.vehicleId,
        clientId: found.clientId,
        plate: found.plate,
        uf: found.uf,
      },
      lookupId: found.lookupId,
      debt: {
        id: found.debtId,
        type: found.debtType,
        title: found.title,
        amountCents: found.amountCents,
        dueDate: iso(found.dueDate),
        expirationDate: iso(found.expirationDate),
      },
    },
  };
}
