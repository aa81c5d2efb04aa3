import { describe, expect, it } from "vitest";
import { toDebt, toPaymentAnswer } from "@/lib/upstream/mappers";
import { paymentAnswerSchema, wireDebtSchema } from "@/lib/upstream/schemas";

describe("upstream schemas and mappers", () => {
  it("transactionId as integer or string becomes a string; extra fields are ignored", () => {
    const a = paymentAnswerSchema.parse({
      success: true,
      paymentId: "p1",
      status: "paid",
      transactionId: 123,
      amount: 10.05,
      extra: { x: 1 },
    });
    expect(toPaymentAnswer(a)).toMatchObject({
      kind: "answered",
      transactionId: "123",
      amountCents: 1005,
    });
    const b = paymentAnswerSchema.parse({ paymentId: "p1", status: "paid", transactionId: "abc" });
    expect(toPaymentAnswer(b)).toMatchObject({ transactionId: "abc" });
  });

  it("a payment answer without status is timed_out, keeping the ids", () => {
    const a = paymentAnswerSchema.parse({
      success: true,
      paymentId: "p1",
      transactionId: 9,
      amount: 1,
    });
    expect(toPaymentAnswer(a)).toEqual({ kind: "timed_out", paymentId: "p1", transactionId: "9" });
  });

  it("a synchronous-variant debt (no rule fields) gets safe defaults and exact cents", () => {
    const d = toDebt(
      wireDebtSchema.parse({
        id: "d1",
        amount: 1.005,
        title: "IPVA",
        description: "x",
        type: "ipva",
        year: 2026,
        isExpired: false,
      }),
    );
    expect(d).toMatchObject({
      amountCents: 101,
      dependsOn: [],
      distinct: [],
      required: false,
      hasDiscount: false,
      dueDate: null,
      year: 2026,
    });
  });
});
