import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAY_MS, seedMailboxCopy, seedPerson, storedPerson } from "../support/personal-data-seed";
import { setupTestEnvironment, type TestEnvironment } from "../support/test-env";
import { seedWorkspace } from "../support/workspace-seed";

// A person's rights on a real database (SQLite, and PostgreSQL in that project): everything held
// about a CPF exported as JSON, then erased except the paid record the legal period keeps (reported
// with its date); a payment still open refuses the erasure and nothing goes; the operator command
// as an operator runs it (a child process); a despachante's client deletion takes the mails and
// webhook payloads that named the client with it.

let t: TestEnvironment;

beforeAll(async () => {
  t = await setupTestEnvironment({ env: { RETENTION_PAID_YEARS: "5" } });
});
afterAll(() => t.close());

const rights = async () => ({
  ...(await import("@/lib/personal-data/person")),
  ...(await import("@/lib/personal-data/erase-person")),
});
const db = async () => (await import("@/lib/db/client")).db;

async function despachante(tag: string) {
  const id = `user-${randomUUID()}`;
  await (
    await db()
  ).user.create({
    data: { id, name: `Despachante ${tag}`, email: `${tag}.${id}@despachante.test` },
  });
  return id;
}

/** One person seen from every side: a recent paid checkout, an unpaid one, a bare lookup, a despachante's client record, a test-mailbox copy. */
async function personEverywhere() {
  const now = new Date();
  const paid = await seedPerson({
    createdAt: new Date(now.getTime() - 10 * DAY_MS),
    checkout: { payment: { status: "paid", paidAt: new Date(now.getTime() - 9 * DAY_MS) } },
  });
  const cpf = paid.cpfCnpj;
  const unpaid = await seedPerson({
    cpfCnpj: cpf,
    email: paid.email,
    createdAt: new Date(now.getTime() - 2 * DAY_MS),
    checkout: { payment: { status: "refused" } },
  });
  const bare = await seedPerson({ cpfCnpj: cpf, createdAt: new Date(now.getTime() - DAY_MS) });
  const userId = await despachante("rights");
  const client = await (
    await db()
  ).workspaceClient.create({
    data: {
      userId,
      name: "Pessoa de Teste",
      cpfCnpj: cpf,
      email: paid.email,
      phone: "31987654321",
      vehicles: {
        create: { userId, plate: `QRS${cpf.slice(-4)}`, uf: "MG", renavam: paid.renavam },
      },
    },
  });
  await seedMailboxCopy({ messageId: paid.messageId!, email: paid.email });
  return { cpf, paid, unpaid, bare, userId, clientId: client.id, now };
}

describe("a person's data on request", () => {
  it("exports everything held about a CPF, erases it except the paid record the legal period keeps, and says until when", async () => {
    const { exportPerson, erasePerson } = await rights();
    const p = await personEverywhere();

    const exported = await exportPerson(p.cpf);
    expect(exported.lookups.map((l) => l.id).sort()).toEqual(
      [p.paid.lookupId, p.unpaid.lookupId, p.bare.lookupId].sort(),
    );
    expect(exported.lookups.every((l) => l.cpfCnpj === p.cpf && l.renavam === p.paid.renavam)).toBe(
      true,
    );
    expect(exported.checkouts.map((c) => c.customer)).toEqual([
      { name: "Pessoa de Teste", email: p.paid.email, cpfCnpj: p.cpf, phone: "31987654321" },
      { name: "Pessoa de Teste", email: p.paid.email, cpfCnpj: p.cpf, phone: "31987654321" },
    ]);
    expect(exported.checkouts.map((c) => c.payments.map((x) => x.status))).toEqual([
      ["paid"],
      ["refused"],
    ]);
    expect(exported.workspaceClients).toMatchObject([
      { cpfCnpj: p.cpf, email: p.paid.email, vehicles: [{ renavam: p.paid.renavam }] },
    ]);
    expect(exported.webhookEvents).toHaveLength(3);
    expect(exported.webhookEvents[0]?.payload).toMatchObject({ vehicle: { document: p.cpf } });
    expect(exported.mails).toHaveLength(2);
    expect(exported.testMailbox).toHaveLength(1);
    // The export is JSON all the way (what the command writes).
    expect(JSON.parse(JSON.stringify(exported)).document).toBe(p.cpf);

    const { report } = await erasePerson(p.cpf);
    const until = new Date(p.now.getTime() - 9 * DAY_MS);
    until.setUTCFullYear(until.getUTCFullYear() + 5);
    expect(report.kept.sort((a, b) => a.record.localeCompare(b.record))).toEqual([
      {
        record: "checkout",
        id: p.paid.checkoutId,
        reason: "legal_period",
        until: until.toISOString(),
      },
      { record: "lookup", id: p.paid.lookupId, reason: "legal_period", until: until.toISOString() },
    ]);
    expect(report.erased).toEqual({
      lookups: 2,
      checkouts: 1,
      webhookPayloads: 3,
      mails: 2,
      testMailbox: 1,
      workspaceClients: 1,
      radarWatches: 0,
    });

    expect((await storedPerson(p.unpaid)).checkout).toMatchObject({
      customerCpfCnpj: "",
      customerEmail: "",
      customerName: "",
      amountCents: 19_523,
    });
    expect((await storedPerson(p.bare)).lookup).toMatchObject({ cpfCnpj: "", renavam: "" });
    const kept = await storedPerson(p.paid);
    expect(kept.lookup.cpfCnpj).toBe(p.cpf);
    expect(kept.checkout).toMatchObject({
      customerCpfCnpj: p.cpf,
      customerEmail: p.paid.email,
      personalDataErasedAt: null,
    });
    expect(await (await db()).workspaceClient.findUnique({ where: { id: p.clientId } })).toBeNull();

    // Asked again: only what the law keeps is left, and it is reported the same way.
    const again = await exportPerson(p.cpf);
    expect({
      lookups: again.lookups.length,
      checkouts: again.checkouts.length,
      clients: again.workspaceClients.length,
      events: again.webhookEvents.length,
      mails: again.mails.length,
    }).toEqual({
      lookups: 1,
      checkouts: 1,
      clients: 0,
      events: 0,
      mails: 0,
    });
    expect((await erasePerson(p.cpf)).report).toMatchObject({
      erased: { lookups: 0, checkouts: 0, webhookPayloads: 0, mails: 0 },
      kept: [{}, {}],
    });
  });

  it("one e-mail address paying for several people: a person's export and erasure reach only the mails of their own checkouts and those mails' mailbox copies", async () => {
    const { exportPerson, erasePerson } = await rights();
    const office = `escritorio.${randomUUID()}@despachante.test`;
    const at = new Date(Date.now() - 3 * DAY_MS);
    const paidBy = (cpfCnpj?: string) =>
      seedPerson({
        cpfCnpj,
        email: office,
        createdAt: at,
        checkout: { payment: { status: "refused" } },
      });
    const mine = await paidBy();
    const others = [await paidBy(), await paidBy()];
    for (const p of [mine, ...others])
      await seedMailboxCopy({ messageId: p.messageId!, email: office, plate: p.plate });

    const exported = await exportPerson(mine.cpfCnpj);
    expect(exported.mails).toHaveLength(1);
    expect(exported.testMailbox.map((m) => m.subject)).toEqual([
      `Pagamento aprovado ${mine.plate}`,
    ]);
    const text = JSON.stringify(exported);
    for (const other of others) expect(text).not.toContain(other.plate);

    const { report } = await erasePerson(mine.cpfCnpj);
    expect(report.erased).toMatchObject({ mails: 1, testMailbox: 1 });
    const d = await db();
    for (const other of others) {
      expect(
        await d.mailMessage.findUniqueOrThrow({
          where: { dedupeKey: `payment-approved:${other.paymentId}` },
        }),
      ).toMatchObject({ to: office, personalDataErasedAt: null });
      expect(await d.receivedMail.count({ where: { messageId: other.messageId! } })).toBe(1);
    }
    expect(await d.receivedMail.count({ where: { messageId: mine.messageId! } })).toBe(0);
  });

  it("refuses to erase a CPF that a payment still open needs, says why, and erases nothing", async () => {
    const { erasePerson } = await rights();
    const open = await seedPerson({
      createdAt: new Date(Date.now() - DAY_MS),
      checkout: { payment: { status: "awaiting_payment" } },
    });
    await seedPerson({ cpfCnpj: open.cpfCnpj, createdAt: new Date(Date.now() - 40 * DAY_MS) });
    const error = await erasePerson(open.cpfCnpj).then(
      () => null,
      (e: unknown) => e as { code: string; userMessage: string },
    );
    expect(error?.code).toBe("PERSONAL_DATA_PAYMENT_OPEN");
    expect(error?.userMessage).toContain("awaiting_payment");
    const s = await storedPerson(open);
    expect(s.lookup).toMatchObject({ cpfCnpj: open.cpfCnpj, personalDataErasedAt: null });
    expect(s.checkout).toMatchObject({ customerCpfCnpj: open.cpfCnpj, personalDataErasedAt: null });
    const { documentIndex } = await import("@/lib/privacy");
    expect(
      await (
        await db()
      ).lookup.count({
        where: { cpfCnpjIndex: documentIndex(open.cpfCnpj), personalDataErasedAt: null },
      }),
    ).toBe(2);
    expect(
      (
        await (
          await db()
        ).webhookEvent.findFirstOrThrow({ where: { transactionId: open.transactionId } })
      ).payload,
    ).toContain(open.cpfCnpj);
  });

  it("npm run ops:personal-data: export prints the JSON, erase while a payment is open exits 3 with the reason", async () => {
    const open = await seedPerson({
      createdAt: new Date(Date.now() - DAY_MS),
      checkout: { payment: { status: "processing" } },
    });
    const run = (args: string[]) =>
      new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
        const child = spawn(
          process.execPath,
          ["--import", "tsx", "scripts/personal-data.ts", ...args],
          { env: t.childEnv(), stdio: ["ignore", "pipe", "pipe"] },
        );
        let out = "";
        let err = "";
        child.stdout.on("data", (c: Buffer) => (out += c.toString()));
        child.stderr.on("data", (c: Buffer) => (err += c.toString()));
        child.on("close", (code) => resolve({ code, out, err }));
      });
    const formatted = `${open.cpfCnpj.slice(0, 3)}.${open.cpfCnpj.slice(3, 6)}.${open.cpfCnpj.slice(6, 9)}-${open.cpfCnpj.slice(9)}`;
    const [exported, refused] = await Promise.all([
      run(["export", formatted]),
      run(["erase", open.cpfCnpj]),
    ]);
    expect(exported.code).toBe(0);
    expect(JSON.parse(exported.out)).toMatchObject({
      document: open.cpfCnpj,
      checkouts: [{ customer: { cpfCnpj: open.cpfCnpj }, payments: [{ status: "processing" }] }],
    });
    expect(refused.code).toBe(3);
    expect(refused.err).toContain("PERSONAL_DATA_PAYMENT_OPEN");
    expect(refused.out).toBe("");
    expect((await storedPerson(open)).checkout?.customerCpfCnpj).toBe(open.cpfCnpj);
  }, 60_000);

  it("a despachante's client deletion also erases the link mails and the lookup result payloads that named the client", async () => {
    const userId = await despachante("clientdel");
    const d = await db();
    const seeded = await seedWorkspace(d, userId, "Del");
    const link = await d.checkout.findFirstOrThrow({ where: { clientId: seeded.ids.clientId } });
    const lookup = await d.lookup.findUniqueOrThrow({ where: { id: link.lookupId } });
    const mail = await d.mailMessage.create({
      data: {
        dedupeKey: `payment-link:${link.id}:${link.customerEmail}`,
        to: link.customerEmail,
        subject: "link",
        template: "payment-link",
        props: "{}",
        messageId: `<${randomUUID()}@t>`,
        status: "sent",
      },
    });
    const event = await d.webhookEvent.create({
      data: {
        dedupeKey: `debts:${lookup.externalId}`,
        type: "debts",
        externalId: lookup.externalId,
        payload: JSON.stringify({ vehicle: { document: lookup.cpfCnpj } }),
        outcome: "applied",
        appliedAt: new Date(),
      },
    });
    const { eraseClient } = await import("@/lib/personal-data/erase-client");
    const result = await eraseClient(userId, seeded.ids.clientId);
    expect(result).toMatchObject({
      deleted: { vehicles: 1, lookups: 1, linksDeleted: 1, linksKept: 0 },
      webhookPayloads: 1,
      mails: 1,
    });
    expect(await d.mailMessage.findUniqueOrThrow({ where: { id: mail.id } })).toMatchObject({
      to: "",
      props: "{}",
      template: "payment-link",
    });
    expect(await d.webhookEvent.findUniqueOrThrow({ where: { id: event.id } })).toMatchObject({
      payload: "",
      outcome: "applied",
    });
    expect(await d.lookup.findUnique({ where: { id: lookup.id } })).toBeNull();
  });
});
