import { describe, expect, it } from "vitest";
import { amountsOf } from "@/lib/mail/templates/payment-facts";
import { receiptMethod } from "@/lib/rules/receipt-model";
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  storedPaymentMethod,
} from "@/lib/rules/payment-method";

// The payment method is a closed set: each one has its words wherever a method becomes text (the
// comprovante and the status page through receiptMethod, an older outbox row's e-mail through
// amountsOf, the pay page's tabs through the labels). The compiler refuses a method added without
// them (exhaustive switches, `satisfies Record<PaymentMethod, string>`); this runs the same places
// over the runtime list, so a method slipped past the types fails here too.

const older = (method: string) =>
  amountsOf({
    plate: "MGD1E23",
    customerName: "João",
    amountCents: 1_000,
    method: method as never,
    debts: [{ title: "IPVA 2026", amountCents: 1_000 }],
  } as never);

describe("payment methods", () => {
  it.each(PAYMENT_METHODS)("%s has its own words on the comprovante and in e-mails", (method) => {
    const label = PAYMENT_METHOD_LABELS[method];
    expect(label.trim()).not.toBe("");
    expect(receiptMethod({ method })).toContain(method === "pix" ? "PIX" : "em 1x");
    expect(older(method).method).toBe(label);
  });

  it("no two methods read the same", () => {
    expect(new Set(Object.values(PAYMENT_METHOD_LABELS)).size).toBe(PAYMENT_METHODS.length);
  });

  it("never prints a method it does not know as a card", () => {
    expect(() => receiptMethod({ method: "boleto" as never })).toThrow(/payment method/);
    expect(() => storedPaymentMethod("boleto")).toThrow(/payment method/);
    expect(storedPaymentMethod("pix")).toBe("pix");
  });
});
