import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqliteLockHolder, type SqliteLockHolder } from "../support/hold-write-lock";
import { setupTestEnvironment, type TestEnvironment } from "../support/test-env";
import { randomCpf, randomPlate, randomRenavam, seedWorkspace } from "../support/workspace-seed";

// SQLite lets one connection write at a time. A transaction that reads before it writes cannot
// wait for the lock at its first write (SQLite answers SQLITE_BUSY at once there: waiting could
// deadlock), so a client import beside `ops:rotate-data-key` failed in milliseconds. Every Prisma
// transaction on SQLite therefore begins IMMEDIATE and waits for the lock at BEGIN
// (lib/db/sqlite-adapter.ts). Here another thread holds the lock while the app's
// read-first write transactions run: each waits, then succeeds.

const HOLD_MS = 500;
const BUSY_TIMEOUT_MS = 5_000; // lib/db/create-client.ts

let t: TestEnvironment;
let db: typeof import("@/lib/db/client").db;
let holder: SqliteLockHolder;

beforeAll(async () => {
  t = await setupTestEnvironment();
  ({ db } = await import("@/lib/db/client"));
  // As `npm start` leaves the file (WAL: readers go on beside the writer, the case that failed).
  const { configureDatabase } = await import("@/lib/db/create-client");
  await configureDatabase(db, t.databaseUrl);
  holder = sqliteLockHolder(t.databaseUrl);
});
afterAll(async () => {
  await holder?.close();
  await t?.close();
});

async function account(tag: string) {
  const userId = randomUUID();
  const email = `${tag.toLowerCase()}.${userId}@despachante.test`;
  await db.user.create({ data: { id: userId, name: `${tag} Despachante`, email } });
  const seeded = await seedWorkspace(db, userId, tag);
  const user = {
    id: userId,
    email,
    name: `${tag} Despachante`,
    officeName: null,
    officeCnpj: null,
  };
  return { ...seeded, user };
}

type Account = Awaited<ReturnType<typeof account>>;
let seeded: Record<
  "importer" | "vehicleOwner" | "clientOwner" | "linkOwner" | "radarOwner",
  Account
>;
const importedPlate = randomPlate();
const importRow = (plate: string) => ({
  line: 2,
  client: { name: "Joana Importada", cpfCnpj: randomCpf() },
  vehicle: { plate, uf: "SP" as const, renavam: randomRenavam() },
});

let lib: {
  applyRows: typeof import("@/lib/workspace/import/apply-rows").applyRows;
  deleteVehicle: typeof import("@/lib/workspace/clients/vehicles").deleteVehicle;
  deleteClient: typeof import("@/lib/workspace/clients/delete-client").deleteClient;
  sendAccountLink: typeof import("@/lib/links/send-link").sendAccountLink;
  turnRadarOff: typeof import("@/lib/radar/workspace-watches").turnRadarOff;
  outboxIdle: typeof import("@/lib/mail/worker").outboxIdle;
};

beforeAll(async () => {
  // Loaded before any lock is held: an import inside a test would outlast the hold.
  lib = {
    ...(await import("@/lib/workspace/import/apply-rows")),
    ...(await import("@/lib/workspace/clients/vehicles")),
    ...(await import("@/lib/workspace/clients/delete-client")),
    ...(await import("@/lib/links/send-link")),
    ...(await import("@/lib/radar/workspace-watches")),
    ...(await import("@/lib/mail/worker")),
  };
  const [importer, vehicleOwner, clientOwner, linkOwner, radarOwner] = await Promise.all(
    ["Importa", "Veiculo", "Cliente", "Link", "Radar"].map(account),
  );
  seeded = {
    importer: importer!,
    vehicleOwner: vehicleOwner!,
    clientOwner: clientOwner!,
    linkOwner: linkOwner!,
    radarOwner: radarOwner!,
  };
  await db.radarWatch.updateMany({
    where: { userId: radarOwner!.userId },
    data: { status: "active", stopReason: null },
  });
});

/** A read-first write transaction of each kind the app has, and what it left. */
const PATHS: { name: string; run: () => Promise<unknown>; wrote: () => Promise<unknown> }[] = [
  {
    name: "client import (applyRows)",
    run: async () => lib.applyRows(seeded.importer.userId, [importRow(importedPlate)]),
    wrote: async () =>
      expect(
        await db.workspaceVehicle.count({
          where: { userId: seeded.importer.userId, plate: importedPlate },
        }),
      ).toBe(1),
  },
  {
    name: "deleteVehicle",
    run: async () =>
      lib.deleteVehicle(seeded.vehicleOwner.userId, seeded.vehicleOwner.ids.vehicleId),
    wrote: async () =>
      expect(
        await db.workspaceVehicle.count({ where: { id: seeded.vehicleOwner.ids.vehicleId } }),
      ).toBe(0),
  },
  {
    name: "deleteClient (and the LGPD erasure that starts with it)",
    run: async () => lib.deleteClient(seeded.clientOwner.userId, seeded.clientOwner.ids.clientId),
    wrote: async () =>
      expect(
        await db.workspaceClient.count({ where: { id: seeded.clientOwner.ids.clientId } }),
      ).toBe(0),
  },
  {
    name: "sendAccountLink (the outbox's find-then-insert)",
    run: async () => lib.sendAccountLink(seeded.linkOwner.user, seeded.linkOwner.ids.linkToken),
    wrote: async () => {
      expect(await db.mailMessage.count({ where: { template: "payment-link" } })).toBe(1);
      // Delivered before the next test holds the lock (the delivery writes too).
      await lib.outboxIdle();
    },
  },
  {
    name: "turnRadarOff",
    run: async () =>
      lib.turnRadarOff(seeded.radarOwner.userId, {
        scope: "all",
      }),
    wrote: async () =>
      expect(
        await db.radarWatch.count({
          where: { userId: seeded.radarOwner.userId, status: "active" },
        }),
      ).toBe(0),
  },
  {
    name: "any interactive $transaction that reads, then writes",
    run: () =>
      db.$transaction(async (tx) => {
        const u = await tx.user.findUniqueOrThrow({ where: { id: seeded.importer.userId } });
        return tx.user.update({ where: { id: u.id }, data: { officeName: "Lida e escrita" } });
      }),
    wrote: async () =>
      expect(await db.user.findUnique({ where: { id: seeded.importer.userId } })).toMatchObject({
        officeName: "Lida e escrita",
      }),
  },
  {
    name: "a batch $transaction([read, write])",
    run: () =>
      db.$transaction([
        db.user.findUnique({ where: { id: seeded.importer.userId } }),
        db.user.update({ where: { id: seeded.importer.userId }, data: { name: "Em lote" } }),
      ]),
    wrote: async () =>
      expect(await db.user.findUnique({ where: { id: seeded.importer.userId } })).toMatchObject({
        name: "Em lote",
      }),
  },
];

describe("SQLite: a write transaction waits for a writer elsewhere instead of failing", () => {
  it.each(PATHS)("$name waits for the held lock, then commits", async ({ run, wrote }) => {
    const { released } = await holder.hold(HOLD_MS);
    const started = Date.now();
    const outcome = await run().then(
      () => "committed",
      (error: unknown) => String(error).slice(0, 600),
    );
    const waited = Date.now() - started;
    await released;
    expect(outcome).toBe("committed");
    expect(waited).toBeGreaterThanOrEqual(HOLD_MS - 150); // it waited for the holder
    await wrote();
  });

  it("a lock held past busy_timeout: the transaction fails after waiting for it, and the next one runs", async () => {
    const { applyRows } = lib;
    const userId = seeded.importer.userId;
    const { released } = await holder.hold(BUSY_TIMEOUT_MS + 1_000);
    const started = Date.now();
    const failed = await applyRows(userId, [importRow(randomPlate())]).then(
      () => "committed",
      (error: unknown) => error,
    );
    const waited = Date.now() - started;
    await released;
    expect(failed).toBeInstanceOf(Error);
    expect(waited).toBeGreaterThanOrEqual(BUSY_TIMEOUT_MS - 300);
    // The failed BEGIN left nothing open or locked in this process: the next transaction commits.
    const plate = randomPlate();
    await applyRows(userId, [importRow(plate)]);
    expect(await db.workspaceVehicle.count({ where: { userId, plate } })).toBe(1);
  });
});
