import { existsSync, readFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/create-client";
import { DAY_MS, seedMailboxCopy, seedPerson } from "../support/personal-data-seed";
import {
  setupTestEnvironment,
  testDatabaseProvider,
  type TestEnvironment,
} from "../support/test-env";

// Erased means unreadable on disk (docs/privacy.md, lib/db/reclaim.ts): after each erasure path
// (a person's request, a Radar unsubscribe, a retention pass) the raw database files hold no copy
// of the sealed values the erased rows held. SQLite: the main file, its -wal and -shm, read as
// bytes. PostgreSQL: the tables' files (and their TOAST) after a CHECKPOINT wrote the buffers out,
// read by the server (pg_read_binary_file). Each sealed value is looked for by its IV and its tag
// (one of them survives wherever a page boundary cuts a value), and every sealed value found whole
// is opened with the instance's keys: none may name the person.

let t: TestEnvironment;
let db: Db;
let plain: Db;

beforeAll(async () => {
  t = await setupTestEnvironment({
    env: { RETENTION_UNPAID_DAYS: "30", RETENTION_MAIL_DAYS: "7", RETENTION_PAID_YEARS: "5" },
  });
  db = (await import("@/lib/db/client")).db;
  const { configureDatabase, plainPrismaClient } = await import("@/lib/db/create-client");
  // As `npm start` runs it: WAL mode (the mode the copies were found in).
  await configureDatabase(db, t.databaseUrl);
  plain = plainPrismaClient(t.databaseUrl);
});

afterAll(async () => {
  await plain?.$disconnect();
  await t?.close();
});

const TABLES = [
  "Lookup",
  "Checkout",
  "WebhookEvent",
  "MailMessage",
  "ReceivedMail",
  "RadarWatch",
  "RadarEvent",
];

/** Every byte the database keeps on disk for our tables, as latin1 text. */
async function onDisk(): Promise<string> {
  if (testDatabaseProvider() === "sqlite") {
    const file = t.databaseUrl.replace(/^file:/, "");
    return ["", "-wal", "-shm", "-journal"]
      .filter((suffix) => existsSync(file + suffix))
      .map((suffix) => readFileSync(file + suffix).toString("latin1"))
      .join("\n");
  }
  await plain.$executeRawUnsafe("CHECKPOINT");
  const parts: string[] = [];
  for (const table of TABLES) {
    const rows = await plain.$queryRawUnsafe<{ f: Buffer | null }[]>(
      `SELECT pg_read_binary_file(pg_relation_filepath(c.oid)) AS f FROM pg_class c
        WHERE c.oid = '"${table}"'::regclass
           OR c.oid = (SELECT reltoastrelid FROM pg_class WHERE oid = '"${table}"'::regclass)`,
    );
    for (const r of rows) if (r.f) parts.push(Buffer.from(r.f).toString("latin1"));
  }
  return parts.join("\n");
}

/** The sealed texts a row holds as stored (read without opening them). */
async function sealedIn(model: string, id: string): Promise<string[]> {
  type Delegate = { findUniqueOrThrow(args: object): Promise<Record<string, unknown>> };
  const row = await (plain as unknown as Record<string, Delegate>)[model]!.findUniqueOrThrow({
    where: { id },
  });
  return Object.values(row).filter(
    (v): v is string => typeof v === "string" && v.startsWith("v1:"),
  );
}

/** What the files still hold of `sealed`, and every whole sealed value in them that opens to a text naming `person`. */
async function leftOnDisk(sealed: string[], person: string[]) {
  const { openField } = await import("@/lib/privacy");
  const raw = await onDisk();
  const copies = sealed.filter((value) => {
    const [, , iv, , tag] = value.split(":");
    return raw.includes(`:${iv}:`) || raw.includes(`:${tag}`);
  });
  const opened: string[] = [];
  for (const [candidate] of raw.matchAll(
    /v1:[A-Za-z0-9_-]{1,32}:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]*:[A-Za-z0-9_-]{22}/g,
  )) {
    try {
      const text = openField(candidate);
      if (person.some((p) => text.includes(p))) opened.push(text);
    } catch {
      // Not a whole value (cut by a page), or not ours: nothing the keys open.
    }
  }
  return { copies: copies.length, opened };
}

async function personRows(p: Awaited<ReturnType<typeof seedPerson>>) {
  const mail = await db.mailMessage.findFirstOrThrow({ where: { messageId: p.messageId! } });
  const event = await db.webhookEvent.findFirstOrThrow({
    where: { transactionId: p.transactionId },
  });
  const copy = await seedMailboxCopy({ messageId: p.messageId!, email: p.email, plate: p.plate });
  const sealed = [
    ...(await sealedIn("lookup", p.lookupId)),
    ...(await sealedIn("checkout", p.checkoutId!)),
    ...(await sealedIn("mailMessage", mail.id)),
    ...(await sealedIn("webhookEvent", event.id)),
    ...(await sealedIn("receivedMail", copy.id)),
  ];
  return { sealed, person: [p.cpfCnpj, p.renavam, p.email] };
}

/** An active owner watch with its confirmation mail and the test mailbox's copy of it. */
async function seedOwnerWatch() {
  const { tokenHash, unsubscribeToken } = await import("@/lib/radar/owner-links");
  const id = randomUUID();
  const cpf = (await import("../support/workspace-seed")).randomCpf();
  const renavam = `9${cpf.slice(1)}`;
  const email = `dono.${id}@exemplo.test`;
  await db.radarWatch.create({
    data: {
      id,
      kind: "owner",
      status: "active",
      recurrence: "weekly",
      uf: "MG",
      plate: `RDR${cpf.slice(-4)}`,
      renavam,
      cpfCnpj: cpf,
      email,
      ownerKey: randomUUID(),
      confirmedAt: new Date(),
      unsubscribeTokenHash: tokenHash(unsubscribeToken(id)),
    },
  });
  const mail = await db.mailMessage.create({
    data: {
      dedupeKey: `radar-confirm:${id}:${randomUUID().slice(0, 16)}`,
      to: email,
      subject: "Confirme o Radar",
      template: "radar-confirm",
      props: JSON.stringify({ plate: `RDR${cpf.slice(-4)}`, cpfCnpj: cpf }),
      messageId: `<${randomUUID()}@placapaga.test>`,
      status: "sent",
      sentAt: new Date(),
    },
  });
  const copy = await seedMailboxCopy({ messageId: mail.messageId, email });
  const sealed = [
    ...(await sealedIn("radarWatch", id)),
    ...(await sealedIn("mailMessage", mail.id)),
    ...(await sealedIn("receivedMail", copy.id)),
  ];
  return { token: unsubscribeToken(id), copyId: copy.id, sealed, person: [cpf, renavam, email] };
}

describe("erased means unreadable on disk", () => {
  it("a person's erasure on request leaves no copy of their sealed values in the database files", async () => {
    const p = await seedPerson({
      createdAt: new Date(Date.now() - 2 * DAY_MS),
      checkout: { payment: { status: "refused" } },
    });
    const { sealed, person } = await personRows(p);
    expect(sealed.length).toBeGreaterThanOrEqual(10);
    expect((await leftOnDisk(sealed, person)).copies).toBeGreaterThan(0);

    const { erasePerson } = await import("@/lib/personal-data/erase-person");
    const { report } = await erasePerson(p.cpfCnpj);
    expect(report.erased).toMatchObject({ lookups: 1, checkouts: 1, mails: 1, testMailbox: 1 });
    expect(await leftOnDisk(sealed, person)).toEqual({ copies: 0, opened: [] });
  });

  it("a Radar unsubscribe leaves no copy of the watch's sealed values and deletes the test mailbox's copy of its confirmation mail", async () => {
    const { unsubscribeOwner } = await import("@/lib/personal-data/radar-unsubscribe");
    const w = await seedOwnerWatch();
    expect((await leftOnDisk(w.sealed, w.person)).copies).toBeGreaterThan(0);

    expect(await unsubscribeOwner(w.token)).toBe("cancelled");
    expect(await db.receivedMail.findUnique({ where: { id: w.copyId } })).toBeNull();
    expect(await leftOnDisk(w.sealed, w.person)).toEqual({ copies: 0, opened: [] });
  });

  // VACUUM FULL copies a dead version that a running transaction may still see: one whose
  // transaction id, anywhere in the cluster, or whose snapshot in this database is older than the
  // erasure (found in CI: another test file's transaction in its own database of the same cluster).
  // The reclaim waits for them to end before it rewrites.
  it.runIf(testDatabaseProvider() === "postgresql").for([
    {
      holder: "a transaction with an id, in another database of the cluster",
      database: "postgres",
      begin: "BEGIN",
      hold: "SELECT pg_current_xact_id()",
    },
    {
      holder: "a snapshot in this database, on another table",
      database: null,
      begin: "BEGIN ISOLATION LEVEL REPEATABLE READ",
      hold: 'SELECT count(*) FROM "VehicleProfile"',
    },
  ])(
    "an unsubscribe that commits while $holder older than it is open waits for it to end, then leaves no copy",
    async ({ database, begin, hold }) => {
      const { unsubscribeOwner } = await import("@/lib/personal-data/radar-unsubscribe");
      const w = await seedOwnerWatch();
      const url = new URL(t.databaseUrl);
      if (database) url.pathname = `/${database}`;
      const older = new pg.Client({ connectionString: url.toString() });
      await older.connect();
      try {
        await older.query(begin);
        await older.query(hold);
        const released = sleep(400).then(() => older.query("COMMIT"));
        expect(await unsubscribeOwner(w.token)).toBe("cancelled");
        await released;
      } finally {
        await older.end();
      }
      expect(await leftOnDisk(w.sealed, w.person)).toEqual({ copies: 0, opened: [] });
    },
  );

  it("a retention pass leaves no copy of the sealed values it erased in the database files", async () => {
    const at = new Date(Date.UTC(1990, 0, 15, 12));
    const p = await seedPerson({ createdAt: at, checkout: { payment: { status: "refused" } } });
    const { sealed, person } = await personRows(p);
    await db.receivedMail.updateMany({
      where: { messageId: p.messageId! },
      data: { receivedAt: at },
    });
    expect((await leftOnDisk(sealed, person)).copies).toBeGreaterThan(0);

    const { purgePersonalData } = await import("@/lib/personal-data/purge");
    const result = await purgePersonalData({ now: new Date(at.getTime() + 40 * DAY_MS) });
    expect(result).toMatchObject({ "checkout:unpaid": 1, "lookup:unpaid": 1, "mail:period": 1 });
    expect(await leftOnDisk(sealed, person)).toEqual({ copies: 0, opened: [] });
  });
});
