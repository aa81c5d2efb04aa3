import { describe, expect, it } from "vitest";
import { checkoutInputSchema } from "@/lib/validation/checkout-input";
import { installmentsInputSchema } from "@/lib/validation/installments-input";
import { messageAt } from "./helpers";

const lookupId = "0b5f6f2e-3a5d-4c1e-9f7a-2f4b8d6c1a90";
const debtA = "11111111-1111-4111-8111-111111111111";
const customer = {
  name: "Maria da Silva",
  email: "maria@example.com",
  phone: "(11) 98765-4321",
  cpfCnpj: "529.982.247-25",
};

describe("checkoutInputSchema", () => {
  it("accepts a selection with a customer, defaulting kind to owner", () => {
    const parsed = checkoutInputSchema.parse({ lookupId, debtIds: [debtA], customer });
    expect(parsed.kind).toBe("owner");
    expect(parsed.customer).toEqual({
      name: "Maria da Silva",
      email: "maria@example.com",
      phone: "11987654321",
      cpfCnpj: "52998224725",
    });
  });

  it("names the nested customer field that is wrong", () => {
    expect(
      messageAt(
        checkoutInputSchema,
        { lookupId, debtIds: [debtA], customer: { ...customer, email: "x" } },
        "customer.email",
      ),
    ).toMatch(/E-mail inválido/);
    expect(
      messageAt(checkoutInputSchema, { lookupId, debtIds: [debtA], customer, kind: "x" }, "kind"),
    ).toMatch(/link/);
  });
});

describe("installmentsInputSchema", () => {
  it.each([[0], [-1], [10.5], ["100"], [2_000_000_000]])("refuses %j", (amountCents) => {
    expect(messageAt(installmentsInputSchema, { amountCents }, "amountCents")).toBe(
      "Valor inválido para simular o parcelamento.",
    );
  });
  it("accepts integer cents", () => {
    expect(installmentsInputSchema.parse({ amountCents: 12345 })).toEqual({ amountCents: 12345 });
  });
});
