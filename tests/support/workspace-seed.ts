// One despachante's workspace rows, written straight through Prisma (no route involved), for the
// authorization tests: a client, its vehicle, a finished lookup with one debt, a batch with the
// vehicle's item, and a link (share checkout) owned by the account for that client. Every value a
// person could recognise is random and returned in `secrets`, so a test can assert that none of
// them reaches another account. Works with the app's client (integration tests) and with one
// opened on the e2e server's database file (tests/e2e).
import { randomBytes, randomInt, randomUUID } from "node:crypto";
import type { Db } from "@/lib/db/create-client";
import {
  formatCpfCnpj,
  maskCpfCnpjForMail,
  maskCpfCnpjForSharing,
  maskPhone,
  formatPhone,
  maskEmail,
} from "@/lib/rules/cpf-cnpj";
import { formatPlate } from "@/lib/rules/plate";
import { renavamCheckDigit } from "@/lib/rules/renavam";

export type WorkspaceIds = {
  clientId: string;
  vehicleId: string;
  batchId: string;
  itemId: string;
  linkToken: string;
  lookupId: string;
  checkoutId: string;
  debtId: string;
  eventId: string;
  keyId: string;
  endpointId: string;
  deliveryId: string;
};
export type SeededWorkspace = { userId: string; ids: WorkspaceIds; secrets: string[] };

function checkDigit(digits: string, first: number): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (first - i);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** A valid CPF (check digits right) that no other seeded account shares. */
export function randomCpf(): string {
  const base = Array.from({ length: 9 }, () => randomInt(10)).join("");
  const d1 = checkDigit(base, 10);
  return `${base}${d1}${checkDigit(`${base}${d1}`, 11)}`;
}

export function randomRenavam(): string {
  const ten = `0${Array.from({ length: 9 }, () => randomInt(10)).join("")}`;
  return `${ten}${renavamCheckDigit(ten)}`;
}

/** A Mercosul plate of random letters (never a sandbox catalog or TST family plate). */
export function randomPlate(): string {
  const L = () => String.fromCharCode(65 + randomInt(26));
  return `Q${L()}${L()}${randomInt(10)}${L()}${randomInt(10)}${randomInt(10)}`;
}

/** Seeds one account's rows. `tag` makes names readable in a failure message ("Beatriz B…"). */
export async function seedWorkspace(db: Db, userId: string, tag: string): Promise<SeededWorkspace> {
  const suffix = randomBytes(4).toString("hex");
  const name = `${tag} Cliente ${suffix}`;
  const cpf = randomCpf();
  const email = `cliente.${suffix}@${tag.toLowerCase()}.test`;
  const phone = `119${String(randomInt(10_000_000, 99_999_999))}`;
  const plate = randomPlate();
  const renavam = randomRenavam();
  const debtId = randomUUID();
  const linkToken = randomBytes(24).toString("base64url");

  const client = await db.workspaceClient.create({
    data: { userId, name, cpfCnpj: cpf, phone, email },
  });
  const vehicle = await db.workspaceVehicle.create({
    data: { userId, clientId: client.id, plate, uf: "MG", renavam },
  });
  const lookup = await db.lookup.create({
    data: {
      id: randomUUID(),
      externalId: randomUUID(),
      uf: "MG",
      plate,
      renavam,
      cpfCnpj: cpf,
      status: "debts",
      resolvedAt: new Date(),
      debts: {
        create: [
          {
            debtId,
            type: "ticket",
            title: `Multa ${suffix}`,
            description: "Avanço de sinal",
            amountCents: 19_315,
            ait: `AIT${suffix}`,
          },
        ],
      },
    },
  });
  const summary = {
    totalCents: 19_315,
    finesCents: 19_315,
    ipvaCents: 0,
    licensingCents: 0,
    otherCents: 0,
    debtCount: 1,
    licensing: { count: 0, totalCents: 0, titles: [] },
  };
  const batch = await db.lookupBatch.create({ data: { userId } });
  const item = await db.lookupBatchItem.create({
    data: {
      batchId: batch.id,
      vehicleId: vehicle.id,
      status: "done",
      lookupId: lookup.id,
      summary: JSON.stringify(summary),
      startedAt: new Date(),
      finishedAt: new Date(),
    },
  });
  const checkout = await db.checkout.create({
    data: {
      publicToken: linkToken,
      upstreamCheckoutId: randomUUID(),
      lookupId: lookup.id,
      amountCents: 19_315,
      expiresAt: new Date(Date.now() + 24 * 3600_000),
      customerName: name,
      customerEmail: email,
      customerCpfCnpj: cpf,
      customerPhone: phone,
      plate,
      renavam,
      uf: "MG",
      kind: "share",
      ownerUserId: userId,
      clientId: client.id,
      debts: {
        create: [{ debtId, title: `Multa ${suffix}`, type: "ticket", amountCents: 19_315 }],
      },
    },
  });
  // A Radar watch of the vehicle (off, so no scan takes it) and the fine as a debt it found: the "Gerar link" page's event.
  const watch = await db.radarWatch.create({
    data: {
      kind: "workspace",
      userId,
      vehicleId: vehicle.id,
      status: "stopped",
      stopReason: "radar_off",
      recurrence: "weekly",
    },
  });
  const event = await db.radarEvent.create({
    data: {
      watchId: watch.id,
      userId,
      dedupeKey: `seed|${watch.id}|appeared`,
      kind: "appeared",
      debtKey: `ticket:ait:AIT${suffix}`,
      debtId,
      lookupId: lookup.id,
      type: "ticket",
      title: `Multa ${suffix}`,
      amountCents: 19_315,
    },
  });
  const apiKey = await db.apiKey.create({
    data: {
      userId,
      name: `Chave ${suffix}`,
      hash: `seed-${suffix}-${userId}`,
      prefix: "pp_test_seed",
      mode: "test",
      scope: "write",
    },
  });
  // A webhook endpoint (on a port nothing listens on) with one given-up delivery of an API event.
  const webhookSecret = `whsec_${randomBytes(24).toString("base64")}`;
  const endpoint = await db.apiEndpoint.create({
    data: {
      userId,
      url: `http://127.0.0.1:9/hook-${suffix}`,
      events: JSON.stringify(["link.paid"]),
      secret: webhookSecret,
      mode: "test",
    },
  });
  const apiEvent = await db.apiEvent.create({
    data: {
      id: `evt_seed${suffix}`,
      userId,
      type: "link.paid",
      payload: "{}",
      dedupeKey: `seed:${suffix}:${userId}`,
    },
  });
  const delivery = await db.apiDelivery.create({
    data: { eventId: apiEvent.id, endpointId: endpoint.id, outcome: "failed", attempts: 8 },
  });
  const secrets = [
    webhookSecret,
    endpoint.url,
    name,
    cpf,
    formatCpfCnpj(cpf),
    maskCpfCnpjForSharing(cpf),
    maskCpfCnpjForMail(cpf),
    email,
    maskEmail(email),
    phone,
    formatPhone(phone),
    maskPhone(phone),
    plate,
    formatPlate(plate),
    renavam,
    linkToken,
  ];
  return {
    userId,
    ids: {
      clientId: client.id,
      vehicleId: vehicle.id,
      batchId: batch.id,
      itemId: item.id,
      linkToken,
      lookupId: lookup.id,
      checkoutId: checkout.id,
      debtId,
      eventId: event.id,
      keyId: apiKey.id,
      endpointId: endpoint.id,
      deliveryId: delivery.id,
    },
    secrets,
  };
}

/** The secrets of `other` found in a response body (empty when it leaks nothing). */
export function leakedSecrets(body: string, other: SeededWorkspace): string[] {
  return other.secrets.filter((s) => body.includes(s));
}
