import { randomUUID } from "node:crypto";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually, receivedFor } from "../support/mail-harness";
import { setupTestEnvironment, startTestSmtp, type TestEnvironment } from "../support/test-env";
import { seedCheckout, seedLookup, seedPayment } from "../support/webhook-fixtures";

// The e-mail outbox over REAL SMTP: the embedded test server (smtp-server + mailparser, the one
// `npm start` runs) on a loopback port, storing into the test's SQLite file. Every message is read
// back from what the server received: subject, recipient, HTML and text parts, no card data,
// masked CPF. Then the faults: a crash between send and mark, the relay down while 20 messages
// are queued, two instances draining one outbox, a 5xx refusal, an invalid address.

type Db = import("@/lib/db/create-client").Db;
let t: TestEnvironment;
let db: Db;
let other: Db;
let smtp: import("@/lib/mail/dev-smtp/server").DevSmtp;
let port = 0;
let mail: typeof import("@/lib/mail/outbox");
let enqueue: typeof import("@/lib/mail/enqueue");
const FAST = { maxAttempts: 100, baseDelayMs: 100, maxDelayMs: 400 };

beforeAll(async () => {
  t = await setupTestEnvironment();
  const { createPrismaClient } = await import("@/lib/db/create-client");
  db = createPrismaClient(t.databaseUrl);
  other = createPrismaClient(t.databaseUrl);
  // The test environment's SMTP server (SMTP_URL points at it); the outage test restarts it on its port.
  smtp = t.smtp;
  port = smtp.port;
  mail = await import("@/lib/mail/outbox");
  enqueue = await import("@/lib/mail/enqueue");
});
afterAll(async () => {
  await smtp?.close();
  await db?.$disconnect();
  await other?.$disconnect();
  await t?.close();
});

const signIn = (to = `pessoa-${randomUUID().slice(0, 8)}@example.com`) => ({
  dedupeKey: `sign-in:${randomUUID()}`,
  to,
  template: "sign-in-link" as const,
  props: { signInUrl: "http://localhost:3999/entrar/abc", expiresInMinutes: 15 },
});
const messageIdsOf = async (keys: string[]) =>
  (
    await db.mailMessage.findMany({
      where: { dedupeKey: { in: keys } },
      select: { messageId: true },
    })
  ).map((r) => r.messageId);

describe("payment e-mails over the embedded SMTP server", () => {
  it("queues 'payment approved' in the status transaction once, however often the update is replayed; the message read back is complete and safe", async () => {
    const lookup = await seedLookup(db);
    const checkout = await seedCheckout(db, lookup.id, randomUUID(), 25_873);
    await db.checkoutDebt.createMany({
      data: [
        {
          checkoutId: checkout.id,
          debtId: "d1",
          title: "IPVA 2026 - cota única",
          type: "ipva",
          amountCents: 20_000,
        },
        {
          checkoutId: checkout.id,
          debtId: "d2",
          title: "Licenciamento 2026",
          type: "licensing",
          amountCents: 5_873,
        },
      ],
    });
    const payment = await seedPayment(db, { checkoutId: checkout.id, method: "credit_card" });
    await db.payment.update({
      where: { id: payment.id },
      data: { cardBrand: "visa", cardLastFour: "1111" },
    });
    const { applyPaymentUpdate } = await import("@/lib/payments/apply-update");
    const { kickOutbox } = await import("@/lib/mail/worker");
    for (let i = 0; i < 3; i++)
      await applyPaymentUpdate(payment.id, { status: "paid", amountCents: 26_990 }, "confirmation");
    const rows = await db.mailMessage.findMany({
      where: { dedupeKey: { startsWith: `payment-approved:${payment.id}` } },
    });
    expect(rows).toHaveLength(1);
    const queued = rows[0]!;
    await kickOutbox();
    const got = await eventually(async () => {
      const r = await receivedFor(db, [queued.messageId]);
      expect(r).toHaveLength(1);
      return r[0]!;
    });
    expect(got.subject).toMatch(/^Pagamento aprovado: R\$\s269,90 – MGD/);
    expect(got.to).toBe("maria@example.com");
    expect(got.deliveries).toBe(1);
    for (const part of [got.html, got.text]) {
      expect(part).toContain("269,90");
      expect(part).toContain("IPVA 2026 - cota única");
      expect(part).toContain("Licenciamento 2026");
      // The status page's capability URL: the row id is the replaced address.
      expect(part).toContain(`/pagamento/${payment.publicRef}`);
      expect(part).not.toContain(`/pagamento/${payment.id}`);
      expect(part).toContain("***.982.247-**");
      expect(part).not.toContain("52998224725");
      expect(part).not.toContain("529.982.247-25");
      expect(part).not.toMatch(/\b\d{13,19}\b/); // no card number
      // The method as the comprovante gives it: brand and last four only, never more of the card.
      expect(part).toMatch(/Visa final 1111 em \dx/);
      expect(part.match(/1111/g)).toHaveLength(1);
    }
    expect(got.html).not.toMatch(/<script|<img|https?:\/\/(?!localhost:3999)/i);
    const sent = await db.mailMessage.findUniqueOrThrow({ where: { id: queued.id } });
    expect(sent).toMatchObject({ status: "sent", attempts: 1, leaseOwner: null });

    // Settlement queues the second message, once.
    await applyPaymentUpdate(
      payment.id,
      { liquidationStatus: "settled", settledAt: new Date() },
      "reconcile",
    );
    await applyPaymentUpdate(
      payment.id,
      { liquidationStatus: "settled", settledAt: new Date() },
      "confirmation",
    );
    expect(
      await db.mailMessage.count({ where: { dedupeKey: `debts-settled:${payment.id}` } }),
    ).toBe(1);
    await kickOutbox();
  });

  it("refuses an invalid address before anything is queued", async () => {
    for (const bad of ["maria", "maria@", "a b@example.com", `${"x".repeat(250)}@example.com`]) {
      const input = signIn(bad);
      await expect(enqueue.enqueueMail(db, input)).rejects.toMatchObject({
        code: "INVALID_EMAIL",
        httpStatus: 422,
      });
      expect(await db.mailMessage.count({ where: { dedupeKey: input.dedupeKey } })).toBe(0);
    }
  });
});

describe("delivery faults", () => {
  it("a crash between the relay's 250 and the mark sends again with the same Message-ID, and the receiver keeps one", async () => {
    const input = signIn();
    await enqueue.enqueueMail(db, input);
    const job = mail.outboxJob({ retry: FAST, leaseMs: 300 });
    const jobs = await import("@/lib/jobs");
    const claim = await jobs.claim<import("@/lib/mail/outbox").OutboxRow>(job, 100);
    const row = claim.rows.find((r) => r.to === input.to)!;
    expect(row).toBeDefined();
    await job.run(row); // sent... and the process "dies" before finish()
    await new Promise((r) => setTimeout(r, 400)); // its lease runs out
    await mail.drainOnce(job);
    const stored = await db.mailMessage.findUniqueOrThrow({
      where: { dedupeKey: input.dedupeKey },
    });
    expect(stored).toMatchObject({ status: "sent", attempts: 2 });
    const got = await receivedFor(db, [stored.messageId]);
    expect(got).toHaveLength(1);
    expect(got[0]!.deliveries).toBe(2); // the copy arrived and was absorbed by Message-ID
  });

  it("an SMTP 5xx is permanent: marked failed after one try, never retried", async () => {
    let rcpt = 0;
    const refusing = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onRcptTo(_address, _session, callback) {
        rcpt += 1;
        callback(Object.assign(new Error("5.1.1 mailbox unavailable"), { responseCode: 550 }));
      },
    });
    await new Promise<void>((r) => refusing.listen(0, "127.0.0.1", () => r()));
    const refusingPort = (refusing.server.address() as { port: number }).port;
    const { createMailTransport } = await import("@/lib/mail/transport");
    const input = signIn();
    await enqueue.enqueueMail(db, input);
    const job = mail.outboxJob({
      retry: FAST,
      transport: createMailTransport(`smtp://127.0.0.1:${refusingPort}`),
    });
    await mail.drainOnce(job);
    await new Promise((r) => setTimeout(r, 500));
    await mail.drainOnce(job);
    const row = await db.mailMessage.findUniqueOrThrow({ where: { dedupeKey: input.dedupeKey } });
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
    expect(row.lastError).toMatch(/550/);
    expect(rcpt).toBe(1);
    const { metrics } = await import("@/lib/metrics/registry");
    const counted = (await metrics.mailOutcomes.get()).values.find(
      (v) => v.labels.template === "sign-in-link" && v.labels.outcome === "failed",
    );
    expect(counted?.value).toBeGreaterThanOrEqual(1);
    await new Promise<void>((r) => refusing.close(() => r()));
  });

  it("a comprovante that cannot be issued (the payment is not paid) fails the row at once: nothing sent, never retried", async () => {
    const unpaid = await seedPayment(db, { status: "pending" });
    const input = {
      ...signIn(),
      attachments: [{ kind: "receipt-pdf" as const, paymentId: unpaid.id }],
    };
    await enqueue.enqueueMail(db, input);
    const job = mail.outboxJob({ retry: FAST });
    await mail.drainOnce(job);
    await new Promise((r) => setTimeout(r, 300));
    await mail.drainOnce(job);
    const row = await db.mailMessage.findUniqueOrThrow({ where: { dedupeKey: input.dedupeKey } });
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
    expect(row.lastError).toMatch(/PAYMENT_NOT_PAID/);
    expect(await receivedFor(db, [row.messageId])).toHaveLength(0);
  });

  it("relay down while 20 messages are queued: all 20 delivered after it returns, none twice", async () => {
    await smtp.close();
    const inputs = Array.from({ length: 20 }, () => signIn());
    for (const input of inputs) await enqueue.enqueueMail(db, input);
    const job = mail.outboxJob({ retry: FAST });
    const { runClaim } = await import("@/lib/jobs");
    const keys = inputs.map((i) => i.dedupeKey);
    // Until every row has been tried at least twice and is still waiting. One batch per turn, not
    // drainOnce(): with the relay down and 100-400 ms backoffs, a row is due again before a slow
    // machine finishes a batch, so "drain until nothing is due" would not end.
    await eventually(async () => {
      await runClaim(job, { limit: 32, concurrency: 4 });
      const waiting = await db.mailMessage.findMany({ where: { dedupeKey: { in: keys } } });
      expect(waiting.every((r) => r.status === "pending" && r.lastError)).toBe(true);
      expect(waiting.every((r) => r.attempts >= 2)).toBe(true);
    }, 30_000);
    smtp = await startTestSmtp(port);
    await eventually(async () => {
      await mail.drainOnce(job);
      expect(
        await db.mailMessage.count({ where: { dedupeKey: { in: keys }, status: "sent" } }),
      ).toBe(20);
    }, 45_000);
    const got = await receivedFor(db, await messageIdsOf(keys));
    expect(got).toHaveLength(20);
    expect(got.every((m) => m.deliveries === 1)).toBe(true);
  }, 90_000);

  it("two instances (two database clients) draining one outbox never send a row twice", async () => {
    const inputs = Array.from({ length: 30 }, () => signIn());
    for (const input of inputs) await enqueue.enqueueMail(db, input);
    const a = mail.outboxJob({ retry: FAST });
    const b = {
      ...mail.outboxJob({ retry: FAST }),
      table: other.mailMessage as unknown as import("@/lib/jobs").LeaseTable,
    };
    await Promise.all([mail.drainOnce(a), mail.drainOnce(b), mail.drainOnce(a), mail.drainOnce(b)]);
    const keys = inputs.map((i) => i.dedupeKey);
    expect(
      await db.mailMessage.count({
        where: { dedupeKey: { in: keys }, status: "sent", attempts: 1 },
      }),
    ).toBe(30);
    const got = await receivedFor(db, await messageIdsOf(keys));
    expect(got).toHaveLength(30);
    expect(got.every((m) => m.deliveries === 1)).toBe(true);
  });
});
