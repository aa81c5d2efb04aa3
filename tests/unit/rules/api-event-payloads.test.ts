import { describe, expect, it } from "vitest";
import {
  batchFinishedEvent,
  linkExpiredEvent,
  linkPaymentEvent,
  radarDebtFoundEvent,
} from "@/lib/rules/api-events";

// Webhook payloads carry ids, amounts, states and times, never a person's data
// (docs/api-webhooks.md). The builders are handed whole rows, personal columns included, as a
// careless caller would: nothing of those may come out.

const PERSON = {
  customerName: "Maria Aparecida da Silva",
  customerEmail: "maria.silva@example.com",
  customerCpfCnpj: "52998224725",
  customerPhone: "11987654321",
  name: "Maria Aparecida da Silva",
  cpfCnpj: "52998224725",
  email: "maria.silva@example.com",
  phone: "11987654321",
  renavam: "00895624151",
  cardLastFour: "4242",
  cardBrand: "visa",
  pixCode: "00020126580014br.gov.bcb.pix",
};
const FORBIDDEN = [
  "Maria",
  "maria.silva",
  "52998224725",
  "529.982.247-25",
  "11987654321",
  "00895624151",
  "4242",
  "visa",
  "br.gov.bcb.pix",
];
const at = new Date("2026-11-29T12:00:00Z");

function expectNoPerson(body: unknown) {
  const text = JSON.stringify(body);
  for (const word of FORBIDDEN) expect(text).not.toContain(word);
  for (const key of Object.keys(PERSON)) expect(text).not.toContain(`"${key}"`);
}

describe("API event payloads", () => {
  const link = {
    ...PERSON,
    linkId: "lnk_token",
    clientId: "client1",
    plate: "ABC1D23",
    uf: "SP",
    amountCents: 12_345,
    expiresAt: at,
  };
  const payment = {
    ...PERSON,
    paymentRef: "ref1",
    method: "pix",
    status: "paid",
    liquidationStatus: "settled",
    amountCents: 12_345,
    paidAt: at,
    settledAt: at,
    updatedAt: at,
  };

  it("link.paid and link.settled: the link, its payment's state and amounts, the times to order by", () => {
    for (const type of ["link.paid", "link.settled"] as const) {
      const body = linkPaymentEvent(type, link, payment, at);
      expectNoPerson(body);
      expect(body).toEqual({
        type,
        timestamp: at.toISOString(),
        data: {
          occurredAt: at.toISOString(),
          link: {
            id: "lnk_token",
            clientId: "client1",
            plate: "ABC1D23",
            uf: "SP",
            amountCents: 12_345,
            expiresAt: at.toISOString(),
          },
          payment: {
            ref: "ref1",
            method: "pix",
            status: "paid",
            liquidationStatus: "settled",
            amountCents: 12_345,
            paidAt: at.toISOString(),
            settledAt: at.toISOString(),
            updatedAt: at.toISOString(),
          },
        },
      });
    }
  });

  it("link.expired, batch.finished and radar.debt_found carry no person either", () => {
    expectNoPerson(linkExpiredEvent(link, at));
    expectNoPerson(
      batchFinishedEvent(
        { ...PERSON, batchId: "b1", items: 3, done: 2, failed: 1, createdAt: at },
        at,
      ),
    );
    const found = radarDebtFoundEvent(
      {
        ...PERSON,
        radarEventId: "re1",
        watchId: "w1",
        vehicleId: "v1",
        clientId: "c1",
        plate: "ABC1D23",
        uf: "SP",
        lookupId: "l1",
        debtId: "d1",
        debtType: "ticket",
        title: "Multa - Excesso de velocidade",
        amountCents: 19_523,
        dueDate: at,
        expirationDate: null,
      },
      at,
    );
    expectNoPerson(found);
    expect(found.data).toMatchObject({
      occurredAt: at.toISOString(),
      debt: { amountCents: 19_523 },
    });
  });
});
