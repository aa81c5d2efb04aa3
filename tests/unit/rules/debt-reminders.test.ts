import { describe, expect, it } from "vitest";
import { offsetFor, remindersDue, type ReminderDebt } from "@/lib/rules/debt-reminders";
import { daysUntil } from "@/lib/rules/discount-window";

// Instants written with São Paulo's offset (-03:00 in 2026) so the test reads as wall-clock time.
const sp = (wall: string) => new Date(`${wall}-03:00`);
// Due at noon in São Paulo (15:00Z), as the sandbox and the authorities quote them.
const noon = (day: string) => `${day}T15:00:00.000Z`;
const scope = "watch-1";

const fine: ReminderDebt = {
  id: "f1",
  type: "ticket",
  title: "Multa - Velocidade",
  amountCents: 7810,
  hasDiscount: true,
  year: null,
  ait: "MG00123456",
  dueDate: noon("2026-12-10"),
  expirationDate: noon("2026-12-31"),
  isExpired: false,
};
const parcela: ReminderDebt = {
  id: "p1",
  type: "ipva",
  title: "IPVA 2026 - Parcela 2/3",
  amountCents: 63309,
  hasDiscount: false,
  year: 2026,
  dueDate: noon("2026-12-20"),
  expirationDate: noon("2026-12-20"),
  isExpired: false,
};
const licensing: ReminderDebt = {
  ...parcela,
  id: "l1",
  type: "licensing",
  title: "Licenciamento 2026",
  amountCents: 16181,
};

const kinds = (
  debts: ReminderDebt[],
  now: Date,
  offsets?: { discountEnds: number[]; dueSoon: number[] },
) =>
  remindersDue(debts, now, { scope, ...(offsets ? { offsets } : {}) }).map((r) => [
    r.kind,
    r.debtKey,
    r.offset,
    r.daysLeft,
  ]);

describe("offset windows", () => {
  it("picks the smallest offset that covers the days left", () => {
    expect(offsetFor(8, [7, 1])).toBeNull();
    expect(offsetFor(7, [7, 1])).toBe(7);
    expect(offsetFor(2, [1, 7])).toBe(7);
    expect(offsetFor(1, [7, 1])).toBe(1);
    expect(offsetFor(0, [7, 1])).toBe(1);
    expect(offsetFor(-1, [7, 1])).toBeNull();
  });
});

describe("days left", () => {
  it("counts São Paulo calendar days exactly as the discount notice does, at any hour", () => {
    for (let h = 0; h < 24 * 12; h += 5) {
      const now = new Date(sp("2026-12-08T00:00:00").getTime() + h * 3_600_000 + 17 * 60_000);
      for (const r of remindersDue([fine, parcela], now, {
        scope,
        offsets: { discountEnds: [30], dueSoon: [30] },
      })) {
        expect(r.daysLeft).toBe(daysUntil(r.until, now));
      }
    }
  });
});

describe("a discount about to end", () => {
  it("reminds from 3 days before its last day (the dueDate), through that day, on São Paulo's calendar", () => {
    expect(kinds([fine], sp("2026-12-06T23:59:00"))).toEqual([]);
    expect(kinds([fine], sp("2026-12-07T00:00:00"))).toEqual([
      ["discountEnds", "ticket:ait:MG00123456", 3, 3],
    ]);
    expect(kinds([fine], sp("2026-12-10T23:59:00"))).toEqual([
      ["discountEnds", "ticket:ait:MG00123456", 3, 0],
    ]);
    // The day after, the discount is over: nothing to remind (the change is an amount change).
    expect(kinds([fine], sp("2026-12-11T00:00:00"))).toEqual([]);
  });

  it("says until when the amount after the discount is quoted", () => {
    const [r] = remindersDue([fine], sp("2026-12-08T10:00:00"), { scope });
    expect(r).toMatchObject({ until: noon("2026-12-10"), thenUntil: noon("2026-12-31") });
    const [same] = remindersDue(
      [{ ...fine, expirationDate: fine.dueDate }],
      sp("2026-12-08T10:00:00"),
      { scope },
    );
    expect(same!.thenUntil).toBeNull();
  });

  it("no reminder without a discount, a date, or for an expired debt", () => {
    const at = sp("2026-12-08T10:00:00");
    expect(kinds([{ ...fine, hasDiscount: false }], at)).toEqual([]);
    expect(kinds([{ ...fine, dueDate: null }], at)).toEqual([]);
    expect(kinds([{ ...fine, isExpired: true }], at)).toEqual([]);
  });
});

describe("an IPVA parcela or licensing about to fall due", () => {
  it("reminds 7 days before and again 1 day before, a fine never", () => {
    const debts = [parcela, licensing, { ...fine, hasDiscount: false }];
    expect(kinds(debts, sp("2026-12-12T12:00:00"))).toEqual([]);
    expect(kinds(debts, sp("2026-12-13T12:00:00"))).toEqual([
      ["dueSoon", "ipva:2026:parcela-2", 7, 7],
      ["dueSoon", "licensing:2026", 7, 7],
    ]);
    // A weekly re-lookup that first sees it 4 days before still reminds, under the 7-day offset.
    expect(kinds([parcela], sp("2026-12-16T12:00:00"))).toEqual([
      ["dueSoon", "ipva:2026:parcela-2", 7, 4],
    ]);
    expect(kinds([parcela], sp("2026-12-19T12:00:00"))).toEqual([
      ["dueSoon", "ipva:2026:parcela-2", 1, 1],
    ]);
    expect(kinds([parcela], sp("2026-12-20T23:00:00"))).toEqual([
      ["dueSoon", "ipva:2026:parcela-2", 1, 0],
    ]);
    expect(kinds([parcela], sp("2026-12-21T00:00:00"))).toEqual([]);
  });

  it("a discounted IPVA cota única gets both reminders", () => {
    const cota = {
      ...parcela,
      title: "IPVA 2026 - Cota única",
      hasDiscount: true,
      dueDate: noon("2026-12-10"),
    };
    expect(kinds([cota], sp("2026-12-09T12:00:00"))).toEqual([
      ["discountEnds", "ipva:2026:cota-unica", 3, 1],
      ["dueSoon", "ipva:2026:cota-unica", 1, 1],
    ]);
  });

  it("takes its offsets as parameters (tests run them in seconds of schedule)", () => {
    expect(
      kinds([parcela], sp("2026-12-05T12:00:00"), { discountEnds: [], dueSoon: [15] }),
    ).toEqual([["dueSoon", "ipva:2026:parcela-2", 15, 15]]);
    expect(kinds([fine], sp("2026-12-08T12:00:00"), { discountEnds: [1], dueSoon: [] })).toEqual(
      [],
    );
  });
});

describe("each reminder is told once: its dedupe key", () => {
  it("stays the same on every re-lookup inside one window, and differs per offset and per due day", () => {
    const key = (debt: ReminderDebt, at: Date) =>
      remindersDue([debt], at, { scope }).map((r) => r.dedupeKey);
    const inWindow = key(parcela, sp("2026-12-13T12:00:00"));
    expect(inWindow).toEqual([`${scope}|reminder|dueSoon|ipva:2026:parcela-2|2026-12-20|7`]);
    expect(key({ ...parcela, id: "reissued" }, sp("2026-12-16T08:00:00"))).toEqual(inWindow);
    expect(key(parcela, sp("2026-12-19T12:00:00"))).not.toEqual(inWindow);
    // The authority moved the due date: a new reminder.
    expect(key({ ...parcela, dueDate: noon("2026-12-21") }, sp("2026-12-16T12:00:00"))).not.toEqual(
      inWindow,
    );
  });
});
