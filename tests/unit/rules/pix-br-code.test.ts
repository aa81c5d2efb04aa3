import { describe, expect, it } from "vitest";
import { buildBrCode } from "@/lib/sandbox/payments/br-code";
import { pixAmountCents, pixBeneficiary } from "@/lib/rules/pix-br-code";

describe("PIX BR Code reading", () => {
  it("reads the amount in cents and the beneficiary of a code the sandbox issues", () => {
    const code = buildBrCode({
      pixKey: "0b1e2c3d-4f5a-6b7c-8d9e-0f1a2b3c4d5e",
      amountCents: 327906,
      txid: "TX123",
      merchantName: "UVVI SANDBOX",
      merchantCity: "SAO PAULO",
    });
    expect(pixAmountCents(code)).toBe(327906);
    expect(pixBeneficiary(code)).toEqual({ name: "UVVI SANDBOX", city: "SAO PAULO" });
  });

  it("answers null for an open-amount code and garbage", () => {
    expect(pixAmountCents("000201010212")).toBeNull();
    expect(pixAmountCents("not a code")).toBeNull();
    expect(pixBeneficiary("")).toBeNull();
  });
});
