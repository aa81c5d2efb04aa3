import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_CARDS } from "@/lib/sandbox/payments/cards-catalog";
import { SANDBOX_VEHICLES } from "@/lib/sandbox/catalog/vehicles";
import { eventually, receivedFor } from "../support/mail-harness";
import { pdfText, squeeze, storedAttachments } from "../support/pdf-text";
import { CUSTOMER, paidByCard } from "../support/storefront-flow";
import { setupTestEnvironment, type TestEnvironment } from "../support/test-env";

// The comprovante travels by e-mail: a card payment made through the storefront's routes against
// the sandbox over HTTP turns paid, the outbox delivers "payment approved" to the test's real SMTP
// server, and the PDF attached there is read back with pdf.js and compared with the payment as
// stored. Then the sandbox settles each debt, a status call records it, and the "quitado" e-mail
// carries the comprovante again, now titled quitado with each debt's settlement date.

type Db = import("@/lib/db/create-client").Db;
let env: TestEnvironment;
let db: Db;

beforeAll(async () => {
  // 1/100 time: settlement starts 0.6 s after paid, one debt settles every 0.6 s.
  env = await setupTestEnvironment({ sandbox: { timeScale: 0.01 }, env: { RATE_LIMIT_PAYMENTS: "1000", RATE_LIMIT_CARD_TOKENS: "1000", RATE_LIMIT_LOOKUPS: "1000", RATE_LIMIT_CHECKOUTS: "1000" } });
  const { createPrismaClient } = await import("@/lib/db/create-client");
  db = createPrismaClient(env.databaseUrl);
});
afterAll(async () => {
  await db?.$disconnect();
  await env?.close();
});

async function delivered(dedupeKey: string) {
  const queued = await db.mailMessage.findUniqueOrThrow({ where: { dedupeKey } });
  const { kickOutbox } = await import("@/lib/mail/worker");
  await kickOutbox();
  return eventually(async () => {
    const [m] = await receivedFor(db, [queued.messageId]);
    expect(m).toBeDefined();
    return m!;
  });
}

/** The one PDF attached to a received message, as text. */
async function attachedPdfText(attachmentsJson: string): Promise<string> {
  const attachments = storedAttachments(attachmentsJson);
  expect(attachments.map((a) => [a.filename, a.contentType])).toEqual([["comprovante.pdf", "application/pdf"]]);
  const pdf = attachments[0]!.content;
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  return squeeze(await pdfText(pdf));
}

const paymentRow = (externalId: string) =>
  db.payment.findUniqueOrThrow({ where: { externalId }, include: { debts: true, checkout: { include: { debts: true, lookup: { include: { debts: true } } } } } });

describe("the comprovante attached to the payment e-mails", () => {
  let externalId = "";
  let ref = "";

  it("'payment approved' carries a PDF whose text matches the payment: plate, debts, amounts, method, references", async () => {
    const paid = await paidByCard(env, 3, { allDebts: true });
    externalId = paid.attemptId;
    ref = paid.view.ref;
    const row = await paymentRow(externalId);
    expect(row.checkout.debts).toHaveLength(3);
    const got = await delivered(`payment-approved:${row.id}`);
    expect(got.to).toBe(CUSTOMER.email);
    // The e-mail's button is the status page's capability URL, never the replaced row-id address.
    for (const part of [got.html, got.text]) {
      expect(part).toContain(`http://localhost:3999/pagamento/${ref}`);
      expect(part).not.toContain(`/pagamento/${row.id}`);
    }

    const text = await attachedPdfText(got.attachments);
    const { formatBRL, formatDateTimeBR } = await import("@/lib/rules/money");
    const { formatPlate } = await import("@/lib/rules/plate");
    const v = SANDBOX_VEHICLES.syncAnswer;
    expect(text).toContain("Comprovante de pagamento");
    expect(text).toContain(`Placa ${formatPlate(v.plate)}`);
    expect(text).toContain(`UF ${v.uf}`);
    expect(text).toContain(`RENAVAM *******${v.renavam.slice(-4)}`);
    expect(text).toContain(`Nome ${CUSTOMER.name}`);
    const cpf = CUSTOMER.cpfCnpj.replace(/\D/g, "");
    expect(text).toContain(`CPF/CNPJ ***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`);
    const lookupDebt = new Map(row.checkout.lookup.debts.map((d) => [d.debtId, d]));
    for (const d of row.checkout.debts) {
      const reference = lookupDebt.get(d.debtId)?.ait ? `AIT ${lookupDebt.get(d.debtId)!.ait}` : lookupDebt.get(d.debtId)?.year ? `Exercício ${lookupDebt.get(d.debtId)!.year}` : "";
      expect(text).toContain(squeeze(`${d.title} ${formatBRL(d.amountCents)} ${reference}`).trim());
    }
    // The synchronous lookup answer carries no AIT (the spec's example shows none); the year does.
    expect(text).toMatch(/IPVA \d{4} - Cota única R\$ [\d.]+,\d\d Exercício \d{4}/);
    const debtsTotal = row.checkout.debts.reduce((sum, d) => sum + d.amountCents, 0);
    expect(row.amountCents!).toBeGreaterThan(debtsTotal); // 3x carries interest
    expect(text).toContain(squeeze(`Soma dos débitos ${formatBRL(debtsTotal)}`));
    expect(text).toContain(squeeze(`Juros ${formatBRL(row.amountCents! - debtsTotal)}`));
    expect(text).toContain(squeeze(`Total pago ${formatBRL(row.amountCents!)}`));
    expect(text).toContain(squeeze(`Pago em ${formatDateTimeBR(row.paidAt!)}`));
    expect(text).toContain("Forma de pagamento Visa final 1111 em 3x");
    expect(text).toContain(`Nossa referência ${row.externalId}`);
    expect(text).toContain(`paymentId ${row.paymentId}`);
    expect(text).toContain(`transactionId ${row.transactionId}`);
    // What must never be in a forwarded PDF: the card, the whole CPF or RENAVAM, the status page's capability.
    for (const secret of [SANDBOX_CARDS.visaPaid.number, cpf, CUSTOMER.cpfCnpj, v.renavam, ref]) expect(text).not.toContain(secret);
  });

  it("when every debt settles, the 'quitado' e-mail carries the comprovante marked quitado, each debt with its settlement date", async () => {
    expect(externalId).not.toBe("");
    const { checkPaymentNow } = await import("@/lib/payments/reconcile");
    // Nobody polls here: ask the status endpoint (the only writer of a settlement) until upstream has settled all.
    const settled = await eventually(async () => {
      await checkPaymentNow(await db.payment.findUniqueOrThrow({ where: { externalId } }));
      const row = await paymentRow(externalId);
      expect(row.liquidationStatus).toBe("settled");
      return row;
    }, 20_000, 300);
    expect(settled.debts).toHaveLength(3);
    expect(settled.debts.every((d) => d.status === "settled" && d.settledAt)).toBe(true);
    // A replayed status answer queues nothing more.
    await checkPaymentNow(settled);
    expect(await db.mailMessage.count({ where: { dedupeKey: { startsWith: `debts-settled:${settled.id}` } } })).toBe(1);

    const got = await delivered(`debts-settled:${settled.id}`);
    expect(got.subject).toMatch(/^Débitos quitados – SYN1C00/);
    expect(got.text).toContain(`/pagamento/${ref}`);
    const text = await attachedPdfText(got.attachments);
    const { formatDateTimeBR } = await import("@/lib/rules/money");
    expect(text).toContain("Comprovante — quitado");
    expect(text).not.toContain("Comprovante de pagamento");
    for (const d of settled.checkout.debts) {
      const when = settled.debts.find((s) => s.debtId === d.debtId)!.settledAt!;
      expect(text).toMatch(new RegExp(`${escape(squeeze(d.title))} .*?Situação: Quitado em ${escape(formatDateTimeBR(when)!)}`));
    }
    expect(text.match(/Situação: Quitado em/g)).toHaveLength(3);
    expect(text).toContain("Todos os débitos foram quitados junto ao órgão.");
  });
});

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
