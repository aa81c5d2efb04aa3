import {
  batchFinishedEvent,
  linkExpiredEvent,
  linkPaymentEvent,
  radarDebtFoundEvent,
  type ApiEventType,
} from "@/lib/rules/api-events";

// One body per event type, made by the builders the deliveries use, for the OpenAPI document's
// examples (tests/unit/api/event-schemas.test.ts parses each with its schema).

const at = new Date("2026-11-29T12:00:00.000Z");
const link = {
  linkId: "cm3lnk0000000qz8h3v7f2b1c",
  clientId: "cm3cli0000000qz8h3v7f2b1c",
  plate: "ABC1D23",
  uf: "SP",
  amountCents: 19_315,
  expiresAt: new Date("2026-12-06T12:00:00.000Z"),
};
const payment = {
  paymentRef: "Yp3v0l6oN9V2dI3x3gk1c0m8u0pQq9o1",
  method: "pix",
  status: "paid",
  liquidationStatus: null,
  amountCents: 19_315,
  paidAt: at,
  settledAt: null,
  updatedAt: at,
};

export const EVENT_EXAMPLES: Record<ApiEventType, ReturnType<typeof linkExpiredEvent>> = {
  "link.paid": linkPaymentEvent("link.paid", link, payment, at),
  "link.settled": linkPaymentEvent(
    "link.settled",
    link,
    { ...payment, liquidationStatus: "settled", settledAt: at },
    at,
  ),
  "link.expired": linkExpiredEvent(link, link.expiresAt),
  "batch.finished": batchFinishedEvent(
    { batchId: "cm3bat0000000qz8h3v7f2b1c", items: 20, done: 18, failed: 2, createdAt: at },
    at,
  ),
  "radar.debt_found": radarDebtFoundEvent(
    {
      radarEventId: "cm3evt0000000qz8h3v7f2b1c",
      watchId: "cm3wat0000000qz8h3v7f2b1c",
      vehicleId: "cm3veh0000000qz8h3v7f2b1c",
      clientId: link.clientId,
      plate: "ABC1D23",
      uf: "SP",
      lookupId: "5d0f7b0e-1c1a-4c8e-9a51-0b6b2b0c9e11",
      debtId: "0f6a3c1e-6a43-4d3e-9a0c-1d2e3f4a5b6c",
      debtType: "ticket",
      title: "Multa - Excesso de velocidade",
      amountCents: 19_553,
      dueDate: at,
      expirationDate: null,
    },
    at,
  ),
};

export const LINK_PAID_EXAMPLE = EVENT_EXAMPLES["link.paid"];
