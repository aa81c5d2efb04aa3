import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_CARDS } from "@/lib/sandbox/payments/cards-catalog";
import { SANDBOX_VEHICLES } from "@/lib/sandbox/catalog/vehicles";
import { setupTestEnvironment, type TestEnvironment } from "../support/test-env";
import { CUSTOMER, freshCheckout, json, paidByCard, pay } from "../support/storefront-flow";
import { apiRequest, params } from "../support/upstream-helpers";
import { pdfText, squeeze } from "../support/pdf-text";

// The comprovante PDF through its route handler, read back with pdf.js
// (tests/support/pdf-text.ts), for a card payment made against the sandbox over HTTP.

type View = {
  ref: string;
  status: string;
  amountCents: number;
  debts: { title: string; amountCents: number }[];
};
let env: TestEnvironment;

beforeAll(async () => {
  env = await setupTestEnvironment({
    sandbox: { timeScale: 0.01 },
    env: {
      RATE_LIMIT_PAYMENTS: "1000",
      RATE_LIMIT_CARD_TOKENS: "1000",
      RATE_LIMIT_LOOKUPS: "1000",
      RATE_LIMIT_CHECKOUTS: "1000",
      LOG_LEVEL: "error",
    },
  });
});
afterAll(() => env.close());

async function comprovante(ref: string, ip = "10.0.0.1") {
  const { GET } = await import("@/app/api/payments/[paymentRef]/comprovante/route");
  return GET(
    apiRequest(`/api/payments/${ref}/comprovante`, { method: "GET", ip }),
    params({ paymentRef: ref }),
  );
}

describe("GET /api/payments/{ref}/comprovante", () => {
  it("a paid card payment: a PDF download whose text matches the payment", async () => {
    const { attemptId, view, fine } = await paidByCard(env, 3);
    const res = await comprovante(view.ref);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const v = SANDBOX_VEHICLES.syncAnswer;
    const day = new Date().toISOString().slice(0, 8); // yyyy-mm-: the day itself is São Paulo's
    expect(res.headers.get("content-disposition")).toMatch(
      new RegExp(`^attachment; filename="comprovante-${v.plate}-${day}\\d\\d\\.pdf"$`),
    );
    const pdf = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe("%PDF-");
    const text = await pdfText(pdf);
    const { db } = await import("@/lib/db/client");
    const row = await db.payment.findUniqueOrThrow({
      where: { externalId: attemptId },
      include: { checkout: { include: { debts: true } } },
    });
    const { formatBRL } = await import("@/lib/rules/money");
    const flat = squeeze(text);
    expect(flat).toContain("Comprovante de pagamento");
    expect(flat).toContain(v.plate);
    expect(flat).toContain(CUSTOMER.name);
    // The payer is the checkout's customer; the CPF masked, never whole in any form.
    const cpf = CUSTOMER.cpfCnpj.replace(/\D/g, "");
    expect(flat).toContain(`***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`);
    expect(flat).not.toContain(cpf);
    expect(flat).not.toContain(CUSTOMER.cpfCnpj);
    expect(flat).not.toContain(v.renavam);
    expect(flat).toContain(`*******${v.renavam.slice(-4)}`);
    expect(flat).toContain("RENAVAM");
    for (const d of row.checkout.debts) {
      expect(flat).toContain(squeeze(d.title));
      expect(flat).toContain(squeeze(formatBRL(d.amountCents)));
    }
    expect(row.checkout.debts.map((d) => d.debtId)).toEqual([fine.id]);
    expect(flat).toContain(squeeze(formatBRL(row.amountCents!)));
    expect(flat).toContain(squeeze(formatBRL(row.amountCents! - fine.amountCents))); // interest
    expect(flat).toContain("Visa final 1111 em 3x");
    expect(flat).not.toContain(SANDBOX_CARDS.visaPaid.number);
    expect(flat).toContain(attemptId);
    expect(flat).toContain(row.paymentId!);
    expect(flat).toContain(row.transactionId!);
    // The status page's capability is not printed: the PDF travels by e-mail.
    expect(flat).not.toContain(view.ref);
    expect(text).toMatch(/Situação: /);
  });

  it("renderReceiptPdf (for the e-mail) takes the row id or the public reference, and says 'quitado' once every debt settled", async () => {
    const { view, attemptId } = await paidByCard(env, 1);
    const { db } = await import("@/lib/db/client");
    const { renderReceiptPdf } = await import("@/lib/receipts/render-receipt");
    const row = await db.payment.findUniqueOrThrow({ where: { externalId: attemptId } });
    const byRef = await renderReceiptPdf(view.ref);
    const byId = await renderReceiptPdf(row.id);
    expect(await pdfText(byId)).toContain(attemptId);
    expect(await pdfText(byRef)).toContain("Comprovante de pagamento");
    const checkoutDebts = await db.checkoutDebt.findMany({
      where: { checkout: { payments: { some: { id: row.id } } } },
    });
    expect(checkoutDebts.length).toBeGreaterThan(0);
    for (const d of checkoutDebts) {
      const settled = { status: "settled", settledAt: new Date("2026-11-20T13:00:00Z") };
      await db.paymentDebt.upsert({
        where: { paymentId_debtId: { paymentId: row.id, debtId: d.debtId } },
        create: { paymentId: row.id, debtId: d.debtId, ...settled },
        update: settled,
      });
    }
    const settled = await pdfText(await renderReceiptPdf(row.id));
    expect(settled).toContain("Comprovante — quitado");
    expect(settled).toContain("Quitado em 20/11/2026 às 10:00");
  });

  it("before payment: 409 with a pt-BR message, no PDF", async () => {
    const { token } = await freshCheckout(env);
    const pix = await json<View>(
      await pay(token, { attemptId: crypto.randomUUID(), method: "pix" }),
    );
    expect(pix.status).toBe("awaiting_payment");
    const res = await comprovante(pix.ref);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      error: { code: "PAYMENT_NOT_PAID", message: expect.stringMatching(/comprovante/) },
    });
  });

  it("the old row-id address and unknown references get no PDF", async () => {
    const { view, attemptId } = await paidByCard(env, 1);
    const { db } = await import("@/lib/db/client");
    const row = await db.payment.findUniqueOrThrow({ where: { externalId: attemptId } });
    expect((await comprovante(row.id, "10.9.0.1")).status).toBe(410);
    expect(
      (await comprovante(view.ref.slice(0, -1) + (view.ref.endsWith("A") ? "B" : "A"), "10.9.0.1"))
        .status,
    ).toBe(404);
  });
});
