import { describe, expect, it } from "vitest";
import type { WatchedDebt } from "@/lib/rules/debt-changes";
import {
  applyCheck,
  checkMoments,
  findListed,
  freshProgress,
  giveUpChecks,
  isDecided,
  paidDebtKeys,
  paymentVerdict,
} from "@/lib/rules/delisting";

const fine = (
  id: string,
  ait: string | null,
  amountCents = 19523,
  title = "Multa - Excesso",
): WatchedDebt => ({
  id,
  type: "ticket",
  title,
  amountCents,
  hasDiscount: false,
  year: null,
  ait,
  dueDate: "2026-12-01",
});
const ipva = (id: string, title: string): WatchedDebt => ({
  id,
  type: "ipva",
  title,
  amountCents: 63309,
  hasDiscount: false,
  year: 2026,
});

const paidResult = [
  fine("f1", "AIT1"),
  ipva("i1", "IPVA 2026 - Parcela 1/3"),
  ipva("i2", "IPVA 2026 - Parcela 2/3"),
];
const paid = () => paidDebtKeys(paidResult, new Set(["f1", "i1"])).map(freshProgress);
const at = (n: number) => new Date(Date.UTC(2026, 10, 23 + n, 15));

describe("the delisting check", () => {
  it("checks at the configured business days after settlement, in order", () => {
    const settled = new Date("2026-11-19T18:30:00Z"); // Thursday; Friday 20 is a holiday
    expect(checkMoments(settled, [7, 1, 3]).map((d) => d.toISOString())).toEqual([
      "2026-11-23T18:30:00.000Z",
      "2026-11-25T18:30:00.000Z",
      "2026-12-01T18:30:00.000Z",
    ]);
  });

  it("keys paid debts in the result they were paid from", () => {
    expect(paidDebtKeys(paidResult, new Set(["f1", "i1"]))).toEqual([
      { debtId: "f1", debtKey: "ticket:ait:AIT1" },
      { debtId: "i1", debtKey: "ipva:2026:parcela-1" },
    ]);
  });

  it("recognises a fine reissued under a new id by its AIT, and nothing else by accident", () => {
    const [f1] = paid();
    expect(findListed(f1!, [fine("f1-new", "AIT1", 2000)])?.id).toBe("f1-new");
    expect(findListed(f1!, [fine("other", "AIT2")])).toBeUndefined();
    expect(findListed(f1!, [])).toBeUndefined();
  });

  it("confirms debts the authority no longer lists, with when and which lookup", () => {
    const after = applyCheck(paid(), {
      lookupId: "L1",
      at: at(0),
      listed: [paidResult[2]!],
      last: false,
    });
    expect(after.map((d) => [d.state, d.confirmedByLookupId])).toEqual([
      ["confirmed", "L1"],
      ["confirmed", "L1"],
    ]);
    expect(after[0]!.confirmedAt).toEqual(at(0));
    expect(isDecided(after)).toBe(true);
    expect(paymentVerdict(after)).toBe("confirmed");
  });

  it("keeps checking a listed debt, then ends it still listed at the last check with the amount listed", () => {
    let debts = applyCheck(paid(), {
      lookupId: "L1",
      at: at(0),
      listed: [fine("f1", "AIT1")],
      last: false,
    });
    expect(debts.map((d) => d.state)).toEqual(["checking", "confirmed"]);
    expect(isDecided(debts)).toBe(false);
    expect(paymentVerdict(debts)).toBeNull();
    debts = applyCheck(debts, {
      lookupId: "L3",
      at: at(2),
      listed: [fine("f1b", "AIT1", 1952)],
      last: true,
    });
    expect(debts[0]).toMatchObject({
      state: "still_listed",
      lastListedLookupId: "L3",
      listedAmountCents: 1952,
    });
    expect(debts[1]!.state).toBe("confirmed");
    expect(paymentVerdict(debts)).toBe("still_listed");
  });

  it("a debt confirmed and listed again goes back to checking; the earlier absence is not a decision", () => {
    let debts = applyCheck(paid(), {
      lookupId: "L1",
      at: at(0),
      listed: [fine("f1", "AIT1")],
      last: false,
    });
    debts = applyCheck(debts, {
      lookupId: "L2",
      at: at(1),
      listed: [ipva("i1b", "IPVA 2026 - Parcela 1/3")],
      last: false,
    });
    expect(debts.map((d) => d.state)).toEqual(["confirmed", "checking"]);
    debts = applyCheck(debts, { lookupId: "L3", at: at(2), listed: [], last: true });
    expect(debts.map((d) => d.state)).toEqual(["confirmed", "confirmed"]);
    expect(debts[1]!.confirmedByLookupId).toBe("L3");
  });

  it("says nothing about the authority when no check could be made", () => {
    const debts = giveUpChecks(paid());
    expect(debts.map((d) => d.state)).toEqual(["unverified", "unverified"]);
    expect(paymentVerdict(debts)).toBe("unverified");
    const mixed = giveUpChecks(
      applyCheck(paid(), { lookupId: "L1", at: at(0), listed: [fine("f1", "AIT1")], last: false }),
    );
    expect(mixed.map((d) => d.state)).toEqual(["unverified", "confirmed"]);
    expect(paymentVerdict(mixed)).toBe("unverified");
  });

  it("an empty payment is never decided", () => {
    expect(isDecided([])).toBe(false);
  });
});
