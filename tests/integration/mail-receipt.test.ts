import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_CARDS } from "@/lib/sandbox/payments/cards-catalog";
import { SANDBOX_VEHICLES } from "@/lib/sandbox/catalog/vehicles";
import { eventually, receivedFor } from "../support/mail-harness";
import { pdfText, squeeze, storedAttachments } from "../support/pdf-text";
import { CUSTOMER, paidByCard } from "../support/storefront-flow";
import { setupTestEnvironment, type TestEnvironment } from "../support/test-env";
import { apiRequest, params } from "../support/upstream-helpers";

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
  env = await setupTestEnvironment({
    sandbox: { timeScale: 0.01 },
    env: {
      RATE_LIMIT_PAYMENTS: "1000",
      RATE_LIMIT_CARD_TOKENS: "1000",
      RATE_LIMIT_LOOKUPS: "1000",
      RATE_LIMIT_CHECKOUTS: "1000",
    },
  });
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
  expect(attachments.map((a) => [a.filename, a.contentType])).toEqual([
    ["comprovante.pdf", "application/pdf"],
  ]);
  const pdf = attachments[0]!.content;
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  return squeeze(await pdfText(pdf));
}

const paymentRow = (externalId: string) =>
  db.payment.findUniqueOrThrow({
    where: { externalId },
    include: {
      debts: true,
      checkout: { include: { debts: true, lookup: { include: { debts: true } } } },
    },
  });

describe("the comprovante attached to the payment e-mails", () => {
  let externalId = "";
  let ref = "";

  it("'payment approved' carries a PDF whose text matches the payment: plate, debts, amounts, method, references", async () => {
    // The vehicle card's enrichment first, as the home page does: the status page can then name the vehicle.
    const { GET: enrich } = await import("@/app/api/vehicles/[plate]/route");
    const sync = SANDBOX_VEHICLES.syncAnswer;
    expect(
      (
        await enrich(
          apiRequest(`/api/vehicles/${sync.plate}?uf=${sync.uf}`, { method: "GET" }),
          params({ plate: sync.plate }),
        )
      ).status,
    ).toBe(200);
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
      const reference = lookupDebt.get(d.debtId)?.ait
        ? `AIT ${lookupDebt.get(d.debtId)!.ait}`
        : lookupDebt.get(d.debtId)?.year
          ? `Exercício ${lookupDebt.get(d.debtId)!.year}`
          : "";
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
    for (const secret of [SANDBOX_CARDS.visaPaid.number, cpf, CUSTOMER.cpfCnpj, v.renavam, ref])
      expect(text).not.toContain(secret);

    // The same payment three ways: the e-mail (both parts), the status page's comprovante and the PDF
    // say the same method, debts, sum, interest and total, and the e-mail masks the document as the PDF.
    const { loadPaymentView } = await import("@/lib/payments/payment-view");
    const { findPaymentPage } = await import("@/lib/payments/get-payment");
    expect(await findPaymentPage(ref, "10.9.9.9")).toMatchObject({
      kind: "found",
      vehicle: { plate: sync.plate, uf: sync.uf, make: sync.data.marca, model: sync.data.modelo },
    });
    const { Receipt } = await import("@/components/status/receipt");
    const pageHtml = renderToStaticMarkup(
      createElement(Receipt, { payment: (await loadPaymentView(row.id))! }),
    );
    const interest = row.amountCents! - debtsTotal;
    const lines: [string, string][] = [
      ["Forma de pagamento", "Visa final 1111 em 3x"],
      ["Soma dos débitos", formatBRL(debtsTotal)],
      ["Juros", formatBRL(interest)],
      ["Total pago", formatBRL(row.amountCents!)],
    ];
    const readings = {
      "e-mail text": squeeze(got.text),
      "e-mail HTML": visibleText(got.html),
      page: visibleText(pageHtml),
      PDF: text,
    };
    for (const [where, reading] of Object.entries(readings)) {
      for (const [label, value] of lines)
        expect(reading, where).toMatch(new RegExp(`${escape(label)}:? ${escape(squeeze(value))}`));
      for (const d of row.checkout.debts)
        expect(reading, where).toMatch(
          new RegExp(`${escape(squeeze(d.title))}.*?${escape(squeeze(formatBRL(d.amountCents)))}`),
        );
      if (where !== "page")
        expect(reading, where).toContain(`***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`);
      for (const secret of [SANDBOX_CARDS.visaPaid.number, cpf, CUSTOMER.cpfCnpj])
        expect(reading, where).not.toContain(secret);
    }
  });

  it("when every debt settles, the 'quitado' e-mail carries the comprovante marked quitado, each debt with its settlement date", async () => {
    expect(externalId).not.toBe("");
    const { checkPaymentNow } = await import("@/lib/payments/reconcile");
    // Nobody polls here: ask the status endpoint (the only writer of a settlement) until upstream has settled all.
    const settled = await eventually(
      async () => {
        await checkPaymentNow(await db.payment.findUniqueOrThrow({ where: { externalId } }));
        const row = await paymentRow(externalId);
        expect(row.liquidationStatus).toBe("settled");
        return row;
      },
      20_000,
      300,
    );
    expect(settled.debts).toHaveLength(3);
    expect(settled.debts.every((d) => d.status === "settled" && d.settledAt)).toBe(true);
    // A replayed status answer queues nothing more.
    await checkPaymentNow(settled);
    expect(
      await db.mailMessage.count({
        where: { dedupeKey: { startsWith: `debts-settled:${settled.id}` } },
      }),
    ).toBe(1);

    const got = await delivered(`debts-settled:${settled.id}`);
    expect(got.subject).toMatch(/^Débitos quitados – SYN1C00/);
    expect(got.text).toContain(`/pagamento/${ref}`);
    const text = await attachedPdfText(got.attachments);
    const { formatDateTimeBR } = await import("@/lib/rules/money");
    expect(text).toContain("Comprovante — quitado");
    expect(text).not.toContain("Comprovante de pagamento");
    for (const d of settled.checkout.debts) {
      const when = settled.debts.find((s) => s.debtId === d.debtId)!.settledAt!;
      expect(text).toMatch(
        new RegExp(
          `${escape(squeeze(d.title))} .*?Situação: Quitado em ${escape(formatDateTimeBR(when)!)}`,
        ),
      );
    }
    expect(text.match(/Situação: Quitado em/g)).toHaveLength(3);
    expect(text).toContain("Todos os débitos foram quitados junto ao órgão.");
  });
});

describe("a message queued by the previous release", () => {
  it("renders its older props (one amount, the method as a code, no references) with the interest on its own line", async () => {
    // Exactly what the previous release wrote into MailMessage.props for these two templates.
    const older = {
      "payment-approved": {
        customerName: "Maria",
        document: "***.982.247-**",
        plate: "SYN1C00",
        amountCents: 20_913,
        method: "credit_card",
        debts: [{ title: "Multa - Deixar de usar o cinto de segurança", amountCents: 19_523 }],
        statusUrl: "http://localhost:3999/pagamento/older",
      },
      "client-paid": {
        clientName: "João Souza",
        plate: "SYN1C00",
        amountCents: 20_913,
        workspaceUrl: "http://localhost:3999/painel/links",
      },
    };
    const rows = await Promise.all(
      Object.entries(older).map(([template, props]) =>
        db.mailMessage.create({
          data: {
            dedupeKey: `older:${template}:${crypto.randomUUID()}`,
            to: "maria.silva@example.com",
            subject: "older",
            template,
            props: JSON.stringify(props),
            messageId: `<${crypto.randomUUID()}@placapaga.mail>`,
          },
        }),
      ),
    );
    const { kickOutbox } = await import("@/lib/mail/worker");
    await kickOutbox();
    const got = await eventually(async () => {
      const received = await receivedFor(
        db,
        rows.map((r) => r.messageId),
      );
      expect(received).toHaveLength(2);
      return received;
    });
    const approved = got.find((m) => m.messageId === rows[0]!.messageId)!;
    for (const part of [squeeze(approved.text), visibleText(approved.html)]) {
      expect(part).toMatch(/Forma de pagamento:? Cartão de crédito/);
      expect(part).toMatch(/Multa - Deixar de usar o cinto de segurança.*?R\$ 195,23/);
      expect(part).toMatch(/Juros:? R\$ 13,90/);
      expect(part).toMatch(/Total pago:? R\$ 209,13/);
    }
    const clientPaid = got.find((m) => m.messageId === rows[1]!.messageId)!;
    expect(squeeze(clientPaid.subject)).toBe("João Souza pagou R$ 209,13 – SYN1C00");
    expect(squeeze(clientPaid.text)).toContain("Valor pago: R$ 209,13");
    expect(
      await db.mailMessage.count({ where: { id: { in: rows.map((r) => r.id) }, status: "sent" } }),
    ).toBe(2);
  });
});

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** What a reader sees of an HTML document: tags as spaces, entities decoded, whitespace squeezed. */
function visibleText(html: string): string {
  const entities: Record<string, string> = {
    nbsp: " ",
    amp: "&",
    lt: "<",
    gt: ">",
    quot: '"',
    "#x27": "'",
    "#39": "'",
  };
  return squeeze(
    html
      .replace(/<(style|title)[^>]*>[\s\S]*?<\/\1>/gi, " ")
      .replace(/<[^>]+>/g, " ")
      .replace(/&([a-z0-9#]+);/gi, (m, e: string) => entities[e.toLowerCase()] ?? m),
  ).trim();
}
