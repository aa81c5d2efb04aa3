import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupTestEnvironment, type TestEnvironment } from "../support/test-env";
import { seedLookup } from "../support/webhook-fixtures";

// The one-bound-value writes of lib/db/bulk-sql.ts on a real database (SQLite here, PostgreSQL in
// that project): what they write reads back through Prisma exactly as Prisma's own writes do
// (dates, booleans, nulls, numbers, quotes and accents), Prisma's filters on dates find them,
// duplicates are skipped when asked, personal columns are sealed, and an UPDATE from the rows
// moves only the rows its condition allows.

let t: TestEnvironment;
let db: typeof import("@/lib/db/client").db;
let bulk: typeof import("@/lib/db/bulk-sql");

beforeAll(async () => {
  t = await setupTestEnvironment();
  ({ db } = await import("@/lib/db/client"));
  bulk = await import("@/lib/db/bulk-sql");
});
afterAll(() => t?.close());

const DEBT_COLUMNS = [
  "id",
  "lookupId",
  "debtId",
  "type",
  "title",
  "description",
  "amountCents",
  "dueDate",
  "expirationDate",
  "hasDiscount",
  "isExpired",
  "year",
  "required",
  "dependsOn",
  "distinct",
  "ait",
] as const;

describe("insertRows and rowsAsTable", () => {
  it("rows written as one JSON value read back through Prisma with every type intact, in order, and Prisma's date filters find them", async () => {
    const lookup = await seedLookup(db);
    const ids = bulk.orderedIds(3);
    const due = new Date("2026-12-17T15:00:00.123Z");
    const rows = [
      {
        id: ids[0]!,
        lookupId: lookup.id,
        debtId: randomUUID(),
        type: "ticket",
        title: `Multa "grave" - d'água`,
        description: "Açúcar\\n\u00e9 \u{1F697}",
        amountCents: 13_016,
        dueDate: due,
        expirationDate: null,
        hasDiscount: true,
        isExpired: false,
        year: null,
        required: false,
        dependsOn: "[]",
        distinct: '["x"]',
        ait: "A123",
      },
      {
        id: ids[1]!,
        lookupId: lookup.id,
        debtId: randomUUID(),
        type: "ipva",
        title: "IPVA 2026",
        description: "",
        amountCents: 0,
        dueDate: null,
        expirationDate: due,
        hasDiscount: false,
        isExpired: true,
        year: 2026,
        required: true,
        dependsOn: "[]",
        distinct: "[]",
        ait: null,
      },
      {
        id: ids[2]!,
        lookupId: lookup.id,
        debtId: randomUUID(),
        type: "service",
        title: "Taxa",
        description: "Serviço",
        amountCents: 2_147_483_647,
        dueDate: new Date("2027-01-01T00:00:00.000Z"),
        expirationDate: null,
        hasDiscount: false,
        isExpired: false,
        year: 2027,
        required: true,
        dependsOn: "[]",
        distinct: "[]",
        ait: null,
      },
    ];
    await bulk.insertRows(db, "LookupDebt", DEBT_COLUMNS, rows);
    const back = await db.lookupDebt.findMany({
      where: { lookupId: lookup.id },
      orderBy: { id: "asc" },
    });
    expect(back.map((r) => Object.fromEntries(DEBT_COLUMNS.map((c) => [c, r[c]])))).toEqual(rows);
    // Compared by the database as Prisma binds a date: equal, before, after.
    expect(
      (await db.lookupDebt.findMany({ where: { lookupId: lookup.id, dueDate: due } })).map(
        (r) => r.id,
      ),
    ).toEqual([ids[0]]);
    expect(
      (await db.lookupDebt.findMany({ where: { lookupId: lookup.id, dueDate: { gt: due } } })).map(
        (r) => r.id,
      ),
    ).toEqual([ids[2]]);
    expect(
      await db.lookupDebt.count({
        where: { lookupId: lookup.id, hasDiscount: true, isExpired: false },
      }),
    ).toBe(1);
  });

  it("skips a row whose unique value is already there when asked, and fails the statement otherwise", async () => {
    const watch = await db.radarWatch.create({
      data: { kind: "owner", status: "active", plate: "", renavam: "", cpfCnpj: "", email: "" },
    });
    const event = (dedupeKey: string, title: string) => ({
      id: randomUUID(),
      watchId: watch.id,
      dedupeKey,
      kind: "appeared",
      title,
    });
    const key = `k-${randomUUID()}`;
    await bulk.insertRows(
      db,
      "RadarEvent",
      ["id", "watchId", "dedupeKey", "kind", "title"],
      [event(key, "first")],
    );
    await bulk.insertRows(
      db,
      "RadarEvent",
      ["id", "watchId", "dedupeKey", "kind", "title"],
      [event(key, "second"), event(`${key}-b`, "third")],
      { skipDuplicatesOf: "dedupeKey" },
    );
    expect(
      (
        await db.radarEvent.findMany({ where: { watchId: watch.id }, orderBy: { title: "asc" } })
      ).map((e) => e.title),
    ).toEqual(["first", "third"]);
    await expect(
      bulk.insertRows(
        db,
        "RadarEvent",
        ["id", "watchId", "dedupeKey", "kind", "title"],
        [event(key, "fourth")],
      ),
    ).rejects.toThrow();
    expect(await db.radarEvent.count({ where: { watchId: watch.id } })).toBe(2);
  });

  it("seals a table's personal columns, as the client extension does for Prisma's writes", async () => {
    const { lookupRowData } = await import("@/lib/lookups/start-lookup");
    const data = lookupRowData({
      uf: "MG" as never,
      plate: "BLK1S23",
      renavam: "01234567803",
      cpfCnpj: "52998224725",
    });
    const now = new Date();
    await bulk.insertRows(
      db,
      "Lookup",
      [
        "id",
        "externalId",
        "uf",
        "plate",
        "renavam",
        "cpfCnpj",
        "cpfCnpjIndex",
        "attempts",
        "createdAt",
        "updatedAt",
      ],
      [{ ...data, createdAt: now, updatedAt: now }],
    );
    const raw = await db.$queryRawUnsafe<{ renavam: string; cpfCnpj: string }[]>(
      `SELECT "renavam", "cpfCnpj" FROM "Lookup" WHERE "id" = '${data.id}'`,
    );
    expect(raw[0]!.renavam).toMatch(/^v1:/);
    expect(raw[0]!.cpfCnpj).toMatch(/^v1:/);
    expect(await db.lookup.findUniqueOrThrow({ where: { id: data.id } })).toMatchObject({
      renavam: "01234567803",
      cpfCnpj: "52998224725",
      status: "pending",
      createdAt: now,
    });
  });

  it("an UPDATE from rowsAsTable sets each row its own values and only where its condition holds", async () => {
    const { Prisma } = await import("@/lib/generated/prisma/client");
    const [a, b, c] = await Promise.all([seedLookup(db), seedLookup(db), seedLookup(db)]);
    await db.lookup.update({ where: { id: c!.id }, data: { status: "no_debts" } });
    const rows = [
      { id: a!.id, status: "debts", errorMessage: `it's "quoted"`, attempts: 7 },
      { id: b!.id, status: "error", errorMessage: null, attempts: 0 },
      { id: c!.id, status: "not_found", errorMessage: "late", attempts: 9 },
    ];
    const moved = await db.$queryRaw<
      { id: string }[]
    >`UPDATE "Lookup" SET ${bulk.setFromRows(["status", "errorMessage", "attempts"])}
      FROM ${bulk.rowsAsTable("Lookup", ["id", "status", "errorMessage", "attempts"], rows)}
      WHERE "Lookup"."id" = "j"."id" AND "Lookup"."status" = ${"pending"} AND "Lookup"."id" IN (${Prisma.join([a!.id, b!.id, c!.id])})
      RETURNING "Lookup"."id"`;
    expect(moved.map((m) => m.id).sort()).toEqual([a!.id, b!.id].sort());
    const back = await db.lookup.findMany({
      where: { id: { in: [a!.id, b!.id, c!.id] } },
      select: { id: true, status: true, errorMessage: true, attempts: true },
    });
    const of = (id: string) => back.find((l) => l.id === id);
    expect(of(a!.id)).toEqual(rows[0]);
    expect(of(b!.id)).toEqual(rows[1]);
    expect(of(c!.id)).toMatchObject({ status: "no_debts" });
  });

  it("SQLite: an UPDATE from the rows reads the JSON once and finds each row by its key when the other conditions go through offIndex", async () => {
    const { env } = await import("@/lib/env");
    if (env.databaseProvider !== "sqlite") return;
    const plan = async (condition: string) => {
      const rows = bulk.rowsAsTable(
        "LookupBatchItem",
        ["lookupId", "status"],
        [{ lookupId: "x", status: "done" }],
      );
      const { Prisma } = await import("@/lib/generated/prisma/client");
      const steps = await db.$queryRaw<{ detail: string }[]>(
        Prisma.sql`EXPLAIN QUERY PLAN UPDATE "LookupBatchItem" SET "status" = "j"."status" FROM ${rows} WHERE "LookupBatchItem"."lookupId" = "j"."lookupId" AND ${Prisma.raw(condition)} IN ('queued', 'running')`,
      );
      return steps.map((s) => s.detail);
    };
    // Given the status index, the planner walks the table by it and scans the JSON for every row.
    expect((await plan(`"LookupBatchItem"."status"`))[0]).toMatch(
      /^SEARCH LookupBatchItem USING INDEX LookupBatchItem_status/,
    );
    const through = await plan(bulk.offIndex("LookupBatchItem", "status").strings.join(""));
    expect(through[0]).toMatch(/^SCAN json_each/);
    expect(through[1]).toMatch(
      /^SEARCH LookupBatchItem USING INDEX LookupBatchItem_lookupId_key \(lookupId=\?\)/,
    );
  });
});
