import { randomUUID } from "node:crypto";
import { randomCpf } from "./workspace-seed";

// Rows as the storefront leaves them, written straight into the test database with the dates a
// test needs (the retention task is then run with a clock moved days or years ahead). One person
// per call: a lookup, optionally a checkout made from it with one payment, the raw result event
// that carried the owner's document, and the e-mail the payer got (tied to its payment, or to the
// checkout when there is none, by its dedupe key as lib/mail writes it).

export const DAY_MS = 86_400_000;

/** A valid CPF no other seeded person shares (the operator command checks the digits). */
export const testDocument = randomCpf;

export type SeedOptions = {
  cpfCnpj?: string;
  createdAt: Date;
  /** No checkout when absent; a checkout with no payment when `payment` is null. */
  checkout?: { payment: { status: string; paidAt?: Date; updatedAt?: Date } | null };
  email?: string;
};

export async function seedPerson(options: SeedOptions) {
  const cpfCnpj = options.cpfCnpj ?? testDocument();
  const renavam = `1${cpfCnpj.slice(1)}`;
  const email = options.email ?? `pessoa.${cpfCnpj}@exemplo.test`;
  const at = options.createdAt;
  const plate = `TST${cpfCnpj.slice(-4)}`;
  const { db } = await import("@/lib/db/client");
  const { documentIndex } = await import("@/lib/privacy");
  const lookup = await db.lookup.create({
    data: {
      externalId: randomUUID(),
      transactionId: `tx-${randomUUID()}`,
      uf: "MG",
      plate,
      renavam,
      cpfCnpj,
      cpfCnpjIndex: documentIndex(cpfCnpj),
      status: "debts",
      resultJson: JSON.stringify({
        vehicle: { uf: "MG", document: cpfCnpj, licensePlate: plate, renavam },
      }),
      createdAt: at,
      resolvedAt: at,
      debts: {
        create: [
          {
            debtId: randomUUID(),
            type: "ticket",
            title: "Multa",
            description: "Avanço de sinal",
            amountCents: 19_523,
          },
        ],
      },
    },
  });
  await db.webhookEvent.create({
    data: {
      dedupeKey: `lookup:${lookup.transactionId}`,
      type: "debts",
      transactionId: lookup.transactionId,
      payload: lookup.resultJson ?? "",
      receivedAt: at,
      outcome: "applied",
      appliedAt: at,
    },
  });
  if (!options.checkout)
    return {
      cpfCnpj,
      renavam,
      email,
      lookupId: lookup.id,
      checkoutId: null,
      paymentId: null,
      transactionId: lookup.transactionId,
      plate,
      messageId: null,
    };
  const checkout = await db.checkout.create({
    data: {
      publicToken: randomUUID(),
      upstreamCheckoutId: randomUUID(),
      lookupId: lookup.id,
      amountCents: 19_523,
      expiresAt: new Date(at.getTime() + DAY_MS),
      customerName: "Pessoa de Teste",
      customerEmail: email,
      customerCpfCnpj: cpfCnpj,
      customerCpfCnpjIndex: documentIndex(cpfCnpj),
      customerPhone: "31987654321",
      plate,
      renavam,
      uf: "MG",
      createdAt: at,
      debts: {
        create: [{ debtId: randomUUID(), title: "Multa", type: "ticket", amountCents: 19_523 }],
      },
    },
  });
  const p = options.checkout.payment;
  const payment = p
    ? await db.payment.create({
        data: {
          externalId: randomUUID(),
          checkoutId: checkout.id,
          method: "pix",
          status: p.status,
          amountCents: 19_523,
          paidAt: p.paidAt ?? null,
          createdAt: at,
          updatedAt: p.updatedAt ?? p.paidAt ?? at,
        },
      })
    : null;
  const mail = await db.mailMessage.create({
    data: {
      dedupeKey: payment
        ? `payment-approved:${payment.id}`
        : `payment-link:${checkout.id}:${randomUUID()}`,
      to: email,
      subject: "Pagamento aprovado",
      template: "payment-approved",
      props: JSON.stringify({ customerName: "Pessoa de Teste", plate }),
      messageId: `<${randomUUID()}@placapaga.test>`,
      status: "sent",
      sentAt: at,
      createdAt: at,
    },
  });
  return {
    cpfCnpj,
    renavam,
    email,
    lookupId: lookup.id,
    checkoutId: checkout.id,
    paymentId: payment?.id ?? null,
    transactionId: lookup.transactionId,
    plate,
    /** The payer's mail's Message-ID (what the test mailbox stores of it). */
    messageId: mail.messageId,
  };
}

/** The test mailbox's copy of a seeded mail, as the embedded SMTP server stores it. */
export async function seedMailboxCopy(mail: { messageId: string; email: string; plate?: string }) {
  const { db } = await import("@/lib/db/client");
  return db.receivedMail.create({
    data: {
      messageId: mail.messageId,
      from: "nao-responda@placapaga.test",
      to: mail.email,
      subject: `Pagamento aprovado ${mail.plate ?? ""}`.trim(),
      html: "h",
      text: "t",
    },
  });
}

/** The person's fields of a lookup and its checkout as stored now (for "erased" / "kept" assertions). */
export async function storedPerson(ids: { lookupId: string; checkoutId: string | null }) {
  const { db } = await import("@/lib/db/client");
  const lookup = await db.lookup.findUniqueOrThrow({
    where: { id: ids.lookupId },
    select: {
      cpfCnpj: true,
      renavam: true,
      resultJson: true,
      plate: true,
      status: true,
      personalDataErasedAt: true,
      debts: { select: { amountCents: true } },
    },
  });
  const checkout = ids.checkoutId
    ? await db.checkout.findUniqueOrThrow({
        where: { id: ids.checkoutId },
        select: {
          customerName: true,
          customerEmail: true,
          customerCpfCnpj: true,
          customerPhone: true,
          renavam: true,
          amountCents: true,
          createdAt: true,
          personalDataErasedAt: true,
          payments: { select: { status: true, amountCents: true, paidAt: true } },
        },
      })
    : null;
  return { lookup, checkout };
}
