import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually, receivedFor } from "../support/mail-harness";
import {
  CUSTOMER,
  freshCheckout,
  json,
  pay,
  resetSandbox,
  syncLookup,
} from "../support/storefront-flow";
import { setupTestEnvironment, TEST_API_KEY, type TestEnvironment } from "../support/test-env";
import { apiRequest } from "../support/upstream-helpers";

// The PIX e-mails end to end through the storefront's own route handlers and the sandbox over
// HTTP: the PIX step's opt-in queues the code (in the transaction that stores it) and the embedded
// SMTP server receives it; without the opt-in nothing is sent; a malformed opt-in is a 400. Then
// the simulated payer pays, the status call records "paid", and "payment approved" arrives.

type Db = import("@/lib/db/create-client").Db;
let env: TestEnvironment;
let db: Db;

beforeAll(async () => {
  // PIX codes live 30 min; at 1/100 time they last 18 s: long enough to pay one here.
  env = await setupTestEnvironment({ sandbox: { timeScale: 0.01 } });
  const { createPrismaClient } = await import("@/lib/db/create-client");
  db = createPrismaClient(env.databaseUrl);
});
afterAll(async () => {
  await db?.$disconnect();
  await env?.close();
});

type View = { ref: string; status: string; pix?: { qrCode: string; expiresAt: string } };

describe("PIX e-mails", () => {
  it("an invalid address is refused by the server's schema (the form's): 400 with the pt-BR message, no checkout, nothing queued", async () => {
    await resetSandbox(env);
    const { lookupId, view } = await syncLookup("10.3.0.1");
    const { POST } = await import("@/app/api/checkouts/route");
    const checkoutsBefore = await db.checkout.count();
    const mailsBefore = await db.mailMessage.count();
    for (const email of [
      "maria",
      "maria@",
      "maria@exemplo",
      "maria silva@example.com",
      `${"x".repeat(250)}@example.com`,
      "maria@example.com\r\nBcc: x@example.com",
    ]) {
      const res = await POST(
        apiRequest("/api/checkouts", {
          body: {
            lookupId,
            debtIds: [view.debts[0]!.id],
            customer: { ...CUSTOMER, email },
            kind: "owner",
          },
          ip: "10.3.0.1",
        }),
      );
      expect(res.status, email).toBe(400);
      const body = await json<{ error: { code: string; fields: Record<string, string> } }>(res);
      expect(body.error.code).toBe("VALIDATION_ERROR");
      expect(body.error.fields["customer.email"]).toBe(
        "E-mail inválido. Confira o endereço, como nome@exemplo.com.",
      );
    }
    expect(await db.checkout.count()).toBe(checkoutsBefore);
    expect(await db.mailMessage.count()).toBe(mailsBefore);
  });

  it("a malformed opt-in is refused by the server's schema; no opt-in sends nothing", async () => {
    const { token } = await freshCheckout(env);
    const bad = await pay(token, {
      attemptId: crypto.randomUUID(),
      method: "pix",
      emailPix: "sim",
    });
    expect(bad.status).toBe(400);
    const res = await pay(token, { attemptId: crypto.randomUUID(), method: "pix" });
    expect(res.status).toBe(201);
    const view = await json<View>(res);
    const rowId = (await db.payment.findUniqueOrThrow({ where: { publicRef: view.ref } })).id;
    expect(
      await db.mailMessage.count({
        where: { dedupeKey: { startsWith: `pix-instructions:${rowId}` } },
      }),
    ).toBe(0);
  });

  it("with the opt-in, the code and its expiry arrive by e-mail; paying it sends 'payment approved' once", async () => {
    const { token } = await freshCheckout(env);
    const res = await pay(token, { attemptId: crypto.randomUUID(), method: "pix", emailPix: true });
    expect(res.status).toBe(201);
    const view = await json<View>(res);
    const rowId = (await db.payment.findUniqueOrThrow({ where: { publicRef: view.ref } })).id;
    const code = view.pix!.qrCode;
    const queued = await db.mailMessage.findFirstOrThrow({
      where: { dedupeKey: { startsWith: `pix-instructions:${rowId}` } },
    });
    const { kickOutbox } = await import("@/lib/mail/worker");
    await kickOutbox();
    const pixMail = await eventually(async () => {
      const [m] = await receivedFor(db, [queued.messageId]);
      expect(m).toBeDefined();
      return m!;
    });
    expect(pixMail.to).toBe(CUSTOMER.email);
    expect(pixMail.subject).toMatch(/^Seu código PIX de R\$/);
    expect(pixMail.text).toContain(code);
    expect(pixMail.html).toContain(code.replace(/&/g, "&amp;"));
    expect(pixMail.text).toMatch(/Válido até: \d{2}\/\d{2}\/\d{4}/);
    expect(pixMail.text).not.toContain("52998224725");

    // The simulated payer pays; the status call records it (the only writer), which queues the e-mail.
    const row = await db.payment.findUniqueOrThrow({ where: { id: rowId } });
    const paid = await fetch(`${env.sandbox.url}/__sandbox/pix/${row.paymentId}/pay`, {
      method: "POST",
      headers: { "x-api-key": TEST_API_KEY },
    });
    expect(paid.status, await paid.clone().text()).toBe(200);
    const { reconcilePayment } = await import("@/lib/payments/reconcile");
    await reconcilePayment(rowId, new Date(Date.now() + 35_000)); // the poll of 35 s later
    const approved = await db.mailMessage.findUniqueOrThrow({
      where: { dedupeKey: `payment-approved:${rowId}` },
    });
    await kickOutbox();
    const got = await eventually(async () => {
      const [m] = await receivedFor(db, [approved.messageId]);
      expect(m).toBeDefined();
      return m!;
    });
    const amount = (await db.payment.findUniqueOrThrow({ where: { id: rowId } })).amountCents!;
    const reais = (amount / 100).toFixed(2).replace(".", ",");
    expect(got.subject).toContain(reais);
    expect(got.text).toContain("Forma de pagamento: PIX");
    // The button opens the status page by its public reference; the row id would answer "replaced".
    expect(got.html).toContain(`/pagamento/${view.ref}`);
    expect(got.html).not.toContain(`/pagamento/${rowId}`);
    expect(
      await db.mailMessage.count({
        where: { dedupeKey: { startsWith: `payment-approved:${rowId}` } },
      }),
    ).toBe(1);
  });
});
