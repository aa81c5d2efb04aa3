import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAY_MS, seedPerson, storedPerson } from "../support/personal-data-seed";
import { setupTestEnvironment, type TestEnvironment } from "../support/test-env";

// The retention task on a real database (SQLite, and PostgreSQL in that project) with its clock
// moved ahead: a lookup that led to no payment loses its person after RETENTION_UNPAID_DAYS, a
// paid one keeps it for RETENTION_PAID_YEARS after payment and then loses it, a payment still open
// keeps it; what remains keeps the amounts, dates and statuses; every erasure is counted in
// /api/metrics; a purge interrupted part way leaves whole rows and resumes.

const TOKEN = "metrics-token-for-tests-0123456789";
let t: TestEnvironment;

beforeAll(async () => {
  t = await setupTestEnvironment({
    sandbox: { timeScale: 0.01 },
    env: {
      METRICS_TOKEN: TOKEN,
      RETENTION_UNPAID_DAYS: "30",
      RETENTION_PAID_YEARS: "5",
      RETENTION_WEBHOOK_PAYLOAD_DAYS: "7",
      RETENTION_MAIL_DAYS: "7",
    },
  });
});
afterAll(() => t.close());

const purge = async (
  options: Parameters<typeof import("@/lib/personal-data/purge").purgePersonalData>[0],
) => (await import("@/lib/personal-data/purge")).purgePersonalData(options);
const after = (start: Date, ms: number) => new Date(start.getTime() + ms);
const yearsAfter = async (start: Date, years: number) =>
  (await import("@/lib/rules/retention")).addYears(start, years);

/** The erasure counter as /api/metrics shows it, by record and reason. */
async function erasedCounts(): Promise<Record<string, number>> {
  const { GET } = await import("@/app/api/metrics/route");
  const res = await GET(
    new Request("http://localhost:3999/api/metrics", {
      headers: { authorization: `Bearer ${TOKEN}` },
    }),
  );
  expect(res.status).toBe(200);
  const counts: Record<string, number> = {};
  for (const m of (await res.text()).matchAll(
    /^personal_data_erased_total\{record="(\w+)",reason="(\w+)"\} (\d+)$/gm,
  ))
    counts[`${m[1]}:${m[2]}`] = Number(m[3]);
  return counts;
}
const delta = (before: Record<string, number>, now: Record<string, number>) =>
  Object.fromEntries(
    Object.entries(now)
      .filter(([k, v]) => v !== (before[k] ?? 0))
      .map(([k, v]) => [k, v - (before[k] ?? 0)]),
  );

// Each test's records are far from the others' in time (its own epoch), so a purge run by one
// test at its clock never reaches records another test is still watching.
const epoch = (yearsAgo: number) => new Date(Date.UTC(2026 - yearsAgo, 0, 15, 12));

describe("retention: personal data kept only as long as needed", () => {
  it("erases an unpaid lookup after 30 days and a paid one only after 5 years from payment; an open payment keeps its person; the figures stay", async () => {
    const t0 = epoch(40);
    const unpaid = await seedPerson({
      createdAt: t0,
      checkout: { payment: { status: "refused" } },
    });
    const bare = await seedPerson({ createdAt: t0 });
    const paid = await seedPerson({
      createdAt: t0,
      checkout: { payment: { status: "paid", paidAt: after(t0, 3 * DAY_MS) } },
    });
    const open = await seedPerson({
      createdAt: t0,
      checkout: { payment: { status: "awaiting_payment" } },
    });
    const before = await erasedCounts();

    // Day 29: nothing is old enough.
    await purge({ now: after(t0, 29 * DAY_MS) });
    for (const r of [unpaid, bare, paid, open])
      expect((await storedPerson(r)).lookup.personalDataErasedAt).toBeNull();

    // Day 31: the unpaid lookup and checkout lose the person, the figures stay.
    const day31 = after(t0, 31 * DAY_MS);
    await purge({ now: day31 });
    const u = await storedPerson(unpaid);
    expect(u.lookup).toMatchObject({
      cpfCnpj: "",
      renavam: "",
      resultJson: null,
      status: "debts",
      personalDataErasedAt: day31,
      debts: [{ amountCents: 19_523 }],
    });
    expect(u.lookup.plate).toMatch(/^TST/);
    expect(u.checkout).toMatchObject({
      customerName: "",
      customerEmail: "",
      customerCpfCnpj: "",
      customerPhone: "",
      renavam: "",
      amountCents: 19_523,
      createdAt: t0,
    });
    expect(u.checkout?.payments).toEqual([
      { status: "refused", amountCents: 19_523, paidAt: null },
    ]);
    expect((await storedPerson(bare)).lookup.cpfCnpj).toBe("");
    for (const r of [paid, open]) {
      const s = await storedPerson(r);
      expect(s.lookup.cpfCnpj).toBe(r.cpfCnpj);
      expect(s.checkout).toMatchObject({
        customerCpfCnpj: r.cpfCnpj,
        customerEmail: r.email,
        personalDataErasedAt: null,
      });
    }

    // A day before five years after payment: the paid record is still whole.
    const paidAt = after(t0, 3 * DAY_MS);
    await purge({ now: after(await yearsAfter(paidAt, 5), -DAY_MS) });
    expect((await storedPerson(paid)).checkout?.customerCpfCnpj).toBe(paid.cpfCnpj);

    // A day after: erased, its payment's figures kept.
    const late = after(await yearsAfter(paidAt, 5), DAY_MS);
    await purge({ now: late });
    const p = await storedPerson(paid);
    expect(p.lookup).toMatchObject({ cpfCnpj: "", renavam: "", personalDataErasedAt: late });
    expect(p.checkout).toMatchObject({
      customerCpfCnpj: "",
      customerName: "",
      amountCents: 19_523,
    });
    expect(p.checkout?.payments).toEqual([{ status: "paid", amountCents: 19_523, paidAt }]);
    // Still open five years on (an unknown end): kept, whatever the clock says.
    expect((await storedPerson(open)).checkout?.customerCpfCnpj).toBe(open.cpfCnpj);

    expect(delta(before, await erasedCounts())).toMatchObject({
      "lookup:unpaid": 2,
      "checkout:unpaid": 1,
      "lookup:paid_expired": 1,
      "checkout:paid_expired": 1,
    });
  });

  it("a refused attempt updated recently restarts the unpaid period; webhook payloads and delivered mails go after their own period, pending ones stay; expired card tokens go", async () => {
    const t0 = epoch(30);
    const { db } = await import("@/lib/db/client");
    const retried = await seedPerson({
      createdAt: t0,
      checkout: { payment: { status: "expired", updatedAt: after(t0, 20 * DAY_MS) } },
    });
    const pendingInbox = await db.webhookEvent.create({
      data: {
        dedupeKey: `pending:${t0.getTime()}`,
        type: "debts",
        payload: '{"vehicle":{"document":"00011122233"}}',
        receivedAt: t0,
      },
    });
    const pendingMail = await db.mailMessage.create({
      data: {
        dedupeKey: `pending-mail:${t0.getTime()}`,
        to: "espera@exemplo.test",
        subject: "s",
        template: "payment-approved",
        props: "{}",
        messageId: `<p${t0.getTime()}@t>`,
        createdAt: t0,
      },
    });
    const token = await db.cardToken.create({
      data: {
        tokenHash: `hash-${t0.getTime()}`,
        checkoutId: retried.checkoutId as string,
        brand: "visa",
        lastFour: "1111",
        expiresAt: after(t0, 15 * 60_000),
      },
    });
    const received = await db.receivedMail.create({
      data: {
        messageId: `<r${t0.getTime()}@t>`,
        from: "a@t",
        to: retried.email,
        subject: "s",
        html: "h",
        text: "t",
        receivedAt: t0,
      },
    });

    // Day 8: the applied payload, the sent mail and the test mailbox's copy go; the row stays.
    const day8 = after(t0, 8 * DAY_MS);
    await purge({ now: day8 });
    const event = await db.webhookEvent.findFirstOrThrow({
      where: { transactionId: retried.transactionId },
    });
    expect(event).toMatchObject({ payload: "", outcome: "applied", personalDataErasedAt: day8 });
    const mail = await db.mailMessage.findFirstOrThrow({
      where: { dedupeKey: { startsWith: "payment-approved:" }, createdAt: t0 },
    });
    expect(mail).toMatchObject({
      to: "",
      subject: "",
      props: "{}",
      status: "sent",
      template: "payment-approved",
    });
    expect(await db.receivedMail.findUnique({ where: { id: received.id } })).toBeNull();
    expect(await db.cardToken.findUnique({ where: { tokenHash: token.tokenHash } })).toBeNull();
    expect(
      await db.webhookEvent.findUniqueOrThrow({ where: { id: pendingInbox.id } }),
    ).toMatchObject({ payload: pendingInbox.payload, personalDataErasedAt: null });
    expect(await db.mailMessage.findUniqueOrThrow({ where: { id: pendingMail.id } })).toMatchObject(
      { to: "espera@exemplo.test", personalDataErasedAt: null },
    );

    // Day 40: 30 days after creation but only 20 after the attempt's last update: kept until day 50.
    await purge({ now: after(t0, 40 * DAY_MS) });
    expect((await storedPerson(retried)).checkout?.customerCpfCnpj).toBe(retried.cpfCnpj);
    await purge({ now: after(t0, 51 * DAY_MS) });
    expect((await storedPerson(retried)).checkout?.customerCpfCnpj).toBe("");
    // A despachante's old link whose payer is gone cannot be renewed for nobody.
    const link = await db.checkout.update({
      where: { id: retried.checkoutId as string },
      data: { kind: "share", ownerUserId: "user-retention" },
    });
    const { renewAccountLink } = await import("@/lib/links/renew-link");
    await expect(renewAccountLink(link.publicToken, "user-retention")).rejects.toMatchObject({
      code: "LINK_ERASED",
    });
  });

  it("re-checks the rule in the statement that erases: a payment that turned paid after the ids were read keeps its person", async () => {
    const t0 = epoch(20);
    const racing = await seedPerson({
      createdAt: t0,
      checkout: { payment: { status: "not_created" } },
    });
    await purge({
      now: after(t0, 31 * DAY_MS),
      onPicked: async (tx, step) => {
        if (step.record === "checkout" && step.ids.includes(racing.checkoutId as string)) {
          await tx.payment.update({
            where: { id: racing.paymentId as string },
            data: { status: "paid", paidAt: after(t0, 31 * DAY_MS) },
          });
        }
      },
    });
    const s = await storedPerson(racing);
    expect(s.checkout).toMatchObject({
      customerCpfCnpj: racing.cpfCnpj,
      personalDataErasedAt: null,
    });
    expect(s.lookup.cpfCnpj).toBe(racing.cpfCnpj);
  });

  it("a purge that fails part way leaves each row whole (erased or untouched), keeps the paid one, and the next run finishes", async () => {
    const t0 = epoch(10);
    const unpaid = await Promise.all(
      Array.from({ length: 5 }, () => seedPerson({ createdAt: t0, checkout: { payment: null } })),
    );
    const paid = await seedPerson({
      createdAt: t0,
      checkout: { payment: { status: "paid", paidAt: t0 } },
    });
    const now = after(t0, 31 * DAY_MS);
    let steps = 0;
    await expect(
      purge({
        now,
        batch: 2,
        onStep: (step) => {
          if (step.record === "checkout" && ++steps === 2) throw new Error("killed part way");
        },
      }),
    ).rejects.toThrow("killed part way");
    const partial = await Promise.all(unpaid.map(storedPerson));
    // One step (2 checkouts) committed; the second rolled back whole; lookups not reached yet.
    expect(partial.filter((s) => s.checkout?.customerCpfCnpj === "").length).toBe(2);
    for (const s of partial) {
      const erased = s.checkout?.personalDataErasedAt !== null;
      expect(
        [
          s.checkout?.customerName,
          s.checkout?.customerEmail,
          s.checkout?.customerPhone,
          s.checkout?.renavam,
        ].every((v) => (v === "") === erased),
      ).toBe(true);
      expect(s.lookup.personalDataErasedAt).toBeNull();
    }

    await purge({ now, batch: 2 });
    for (const s of await Promise.all(unpaid.map(storedPerson))) {
      expect(s.checkout).toMatchObject({ customerCpfCnpj: "", customerName: "" });
      expect(s.lookup).toMatchObject({ cpfCnpj: "", renavam: "" });
    }
    expect((await storedPerson(paid)).checkout?.customerCpfCnpj).toBe(paid.cpfCnpj);
    // Erased rows are never picked again: a third run erases nothing.
    expect(await purge({ now, batch: 2 })).not.toHaveProperty("checkout:unpaid");
  });

  it("rows the storefront itself wrote: a lookup nobody paid and a card payment, through the route handlers and the sandbox", async () => {
    // Last in this file: its clock runs from today, past every other test's records.
    const { db } = await import("@/lib/db/client");
    const { paidByCard, syncLookup } = await import("../support/storefront-flow");
    const { token } = await paidByCard(t, 1);
    const paidCheckout = await db.checkout.findUniqueOrThrow({
      where: { publicToken: token },
      include: { payments: true },
    });
    const unpaid = await syncLookup("10.0.0.2");
    const paid = { lookupId: paidCheckout.lookupId, checkoutId: paidCheckout.id };
    const paidAt = paidCheckout.payments[0]?.paidAt ?? paidCheckout.payments[0]!.updatedAt;

    await purge({ now: after(new Date(), 31 * DAY_MS) });
    expect(
      (await storedPerson({ lookupId: unpaid.lookupId, checkoutId: null })).lookup,
    ).toMatchObject({ cpfCnpj: "", renavam: "", resultJson: null });
    expect((await storedPerson(paid)).checkout).toMatchObject({
      customerCpfCnpj: paidCheckout.customerCpfCnpj,
      personalDataErasedAt: null,
    });

    await purge({ now: after(await yearsAfter(paidAt, 5), DAY_MS) });
    const erased = await storedPerson(paid);
    expect(erased.lookup).toMatchObject({ cpfCnpj: "", renavam: "" });
    expect(erased.checkout).toMatchObject({
      customerName: "",
      customerCpfCnpj: "",
      amountCents: paidCheckout.amountCents,
    });
    expect(erased.checkout?.payments.map((p) => p.status)).toEqual(["paid"]);
  });
});
