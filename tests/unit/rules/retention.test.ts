import { describe, expect, it } from "vitest";
import {
  addYears,
  mailErasable,
  ownerWatchErasable,
  requestDecision,
  retentionCutoffs,
  retentionDecision,
  webhookPayloadErasable,
  type PaymentFacts,
} from "@/lib/rules/retention";

const DAY = 86_400_000;
const PERIODS = { unpaidDays: 30, paidYears: 5, webhookPayloadDays: 7, mailDays: 7 };
const t0 = new Date("2026-01-10T12:00:00Z");
const at = (days: number) => new Date(t0.getTime() + days * DAY);
const pay = (status: string, updatedDays = 0, paidDays?: number): PaymentFacts => ({
  status,
  updatedAt: at(updatedDays),
  paidAt: paidDays === undefined ? null : at(paidDays),
});

describe("retention rules", () => {
  it("no payment: kept for the unpaid period after the last activity, then erased", () => {
    expect(retentionDecision({ lastActivityAt: t0, payments: [] }, PERIODS, at(29))).toEqual({
      erase: false,
      reason: "unpaid_period",
      until: at(30),
    });
    expect(retentionDecision({ lastActivityAt: t0, payments: [] }, PERIODS, at(31))).toEqual({
      erase: true,
      reason: "unpaid",
    });
  });

  it("refused, expired and not-created attempts release: the period runs from the latest of them", () => {
    const record = {
      lastActivityAt: t0,
      payments: [pay("refused", 2), pay("not_created", 12), pay("expired", 5)],
    };
    expect(retentionDecision(record, PERIODS, at(41))).toMatchObject({
      erase: false,
      until: at(42),
    });
    expect(retentionDecision(record, PERIODS, at(43))).toEqual({ erase: true, reason: "unpaid" });
  });

  it("paid: kept five calendar years after the latest payment, whatever the unpaid period says", () => {
    const record = { lastActivityAt: t0, payments: [pay("refused", 1), pay("paid", 3, 3)] };
    expect(retentionDecision(record, PERIODS, at(400))).toEqual({
      erase: false,
      reason: "legal_period",
      until: addYears(at(3), 5),
    });
    expect(retentionDecision(record, PERIODS, new Date(addYears(at(3), 5).getTime() + 1))).toEqual({
      erase: true,
      reason: "paid_expired",
    });
    // Paid with no paidAt recorded: its last update stands in.
    expect(
      retentionDecision({ lastActivityAt: t0, payments: [pay("paid", 10)] }, PERIODS, at(11)),
    ).toMatchObject({ until: addYears(at(10), 5) });
  });

  it("an open payment (known or unknown status) keeps everything, with no end date", () => {
    for (const status of [
      "pending",
      "awaiting_payment",
      "processing",
      "in_analysis",
      "chargeback_review",
    ]) {
      expect(
        retentionDecision(
          { lastActivityAt: t0, payments: [pay("paid", 0, 0), pay(status)] },
          PERIODS,
          at(5000),
        ),
      ).toEqual({ erase: false, reason: "payment_open", until: null });
    }
  });

  it("a person's request erases what only the unpaid period kept, keeps the legal period's records and is refused by an open payment", () => {
    expect(
      requestDecision({ lastActivityAt: t0, payments: [pay("refused")] }, PERIODS, at(1)),
    ).toEqual({ erase: true });
    expect(
      requestDecision({ lastActivityAt: t0, payments: [pay("paid", 1, 1)] }, PERIODS, at(2)),
    ).toEqual({ erase: false, reason: "legal_period", until: addYears(at(1), 5) });
    expect(
      requestDecision({ lastActivityAt: t0, payments: [pay("awaiting_payment")] }, PERIODS, at(2)),
    ).toEqual({ erase: false, reason: "payment_open", until: null });
  });

  it("cut-offs are the same rule seen from now: a record is erasable exactly when its date is before the cut-off", () => {
    const now = at(1000);
    const c = retentionCutoffs(PERIODS, now);
    expect(c.unpaidBefore).toEqual(at(970));
    expect(c.paidBefore).toEqual(addYears(now, -5));
    for (const days of [969, 970, 971]) {
      const decision = retentionDecision({ lastActivityAt: at(days), payments: [] }, PERIODS, now);
      expect(decision.erase).toBe(at(days) < c.unpaidBefore);
    }
  });

  it("webhook payloads once applied, e-mails once sent or given up, each after its own period", () => {
    const c = retentionCutoffs(PERIODS, at(8));
    expect(webhookPayloadErasable({ outcome: "applied", appliedAt: t0 }, c)).toBe(true);
    expect(webhookPayloadErasable({ outcome: null, appliedAt: null }, c)).toBe(false);
    expect(webhookPayloadErasable({ outcome: "applied", appliedAt: at(2) }, c)).toBe(false);
    expect(mailErasable({ status: "sent", createdAt: t0 }, c)).toBe(true);
    expect(mailErasable({ status: "failed", createdAt: t0 }, c)).toBe(true);
    expect(mailErasable({ status: "pending", createdAt: t0 }, c)).toBe(false);
  });
});

describe("an owner's Radar watch", () => {
  const now = new Date("2026-11-27T12:00:00Z");
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);

  it("unconfirmed: kept for the confirmation period after the last request, then erased", () => {
    expect(
      ownerWatchErasable(
        { status: "pending_confirmation", confirmRequestedAt: hoursAgo(47), unmailedEvents: 0 },
        now,
        48,
      ),
    ).toBeNull();
    expect(
      ownerWatchErasable(
        { status: "pending_confirmation", confirmRequestedAt: hoursAgo(49), unmailedEvents: 0 },
        now,
        48,
      ),
    ).toBe("unconfirmed");
    // A pending watch with no link sent has nothing to wait for.
    expect(
      ownerWatchErasable(
        { status: "pending_confirmation", confirmRequestedAt: null, unmailedEvents: 0 },
        now,
        48,
      ),
    ).toBe("unconfirmed");
  });

  it("stopped: erased once nothing is left to tell the owner; active: kept", () => {
    expect(
      ownerWatchErasable(
        { status: "stopped", confirmRequestedAt: hoursAgo(1), unmailedEvents: 1 },
        now,
        48,
      ),
    ).toBeNull();
    expect(
      ownerWatchErasable(
        { status: "stopped", confirmRequestedAt: hoursAgo(1), unmailedEvents: 0 },
        now,
        48,
      ),
    ).toBe("stopped");
    expect(
      ownerWatchErasable(
        { status: "active", confirmRequestedAt: hoursAgo(10_000), unmailedEvents: 0 },
        now,
        48,
      ),
    ).toBeNull();
  });
});
