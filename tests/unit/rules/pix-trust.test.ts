import { describe, expect, it } from "vitest";
import { formatBRL } from "@/lib/rules/money";
import { bankAppCheck, pixAmountBreakdown, pixPayeeWording } from "@/lib/rules/pix-trust";

describe("who receives the PIX, and why", () => {
  it("names our company with its CNPJ formatted, and says why the beneficiary is not the Detran", () => {
    const w = pixPayeeWording({ name: "Empresa X Ltda.", cnpj: "11222333000181" });
    expect(w.whoSells).toBe(
      "Este serviço é prestado pela Empresa X Ltda., CNPJ 11.222.333/0001-81, responsável por este site.",
    );
    expect(w.whyPaymentsCompany).toMatch(/instituição de pagamento/);
    expect(w.whyPaymentsCompany).toMatch(/o favorecido não é o Detran/);
  });

  it("asks the payer to compare the same beneficiary and the same amount before confirming", () => {
    const text = bankAppCheck("UVVI SANDBOX", 12_345);
    expect(text).toBe(
      `Antes de confirmar, confira no app do banco se o favorecido é UVVI SANDBOX e o valor é ${formatBRL(12_345)}, como nesta página. Se algo for diferente, não confirme: volte aqui e gere um novo código.`,
    );
  });

  it("still tells the payer what to compare when the code lacks a name or an amount", () => {
    expect(bankAppCheck(null, 500)).toMatch(
      /^Antes de confirmar, confira no app do banco se o valor é /,
    );
    expect(bankAppCheck("UVVI SANDBOX", null)).toMatch(
      /se o favorecido é UVVI SANDBOX, como nesta página/,
    );
    expect(bankAppCheck(null, null)).toMatch(/se o favorecido e o valor são os desta página/);
  });
});

describe("the PIX amount against the debts it pays", () => {
  it("splits the amount into the debts and the interest", () => {
    expect(pixAmountBreakdown([10_000, 2_000], 12_359)).toEqual({
      debtsCents: 12_000,
      interestCents: 359,
    });
  });

  it("shows no breakdown without an amount or below the debts (never a negative interest)", () => {
    expect(pixAmountBreakdown([10_000], null)).toBeNull();
    expect(pixAmountBreakdown([10_000], 9_999)).toBeNull();
    expect(pixAmountBreakdown([10_000], 10_000)).toEqual({ debtsCents: 10_000, interestCents: 0 });
  });
});
