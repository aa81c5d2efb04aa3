import { describe, expect, it } from "vitest";
import { debtSelectionInputSchema } from "@/lib/validation/debt-selection-input";
import { paymentInputSchema } from "@/lib/validation/payment-input";
import { messageAt, messages } from "./helpers";

const lookupId = "0b5f6f2e-3a5d-4c1e-9f7a-2f4b8d6c1a90";
const debtA = "11111111-1111-4111-8111-111111111111";
const debtB = "AAAAAAAA-0000-0000-0000-000000000001"; // upstream's: no RFC version bits

describe("debtSelectionInputSchema", () => {
  it("accepts a non-empty list of distinct ids", () => {
    expect(debtSelectionInputSchema.parse({ lookupId, debtIds: [debtA, debtB] })).toEqual({
      lookupId,
      debtIds: [debtA, debtB],
    });
  });

  it.each([
    [{ lookupId, debtIds: [] }, "debtIds", "Selecione pelo menos um débito."],
    [{ lookupId }, "debtIds", "Selecione pelo menos um débito."],
    [
      { lookupId, debtIds: [debtA, debtA.toUpperCase()] },
      "debtIds",
      "Há débitos repetidos na seleção.",
    ],
    [
      { lookupId, debtIds: ["nope"] },
      "debtIds.0",
      "Débito inválido. Atualize a página e escolha de novo.",
    ],
    [
      { lookupId: "nope", debtIds: [debtA] },
      "lookupId",
      "Consulta inválida. Faça a consulta de novo.",
    ],
    [{ debtIds: [debtA] }, "lookupId", "Consulta inválida. Faça a consulta de novo."],
  ])("%j -> %s: %s", (input, path, message) => {
    expect(messageAt(debtSelectionInputSchema, input, path)).toBe(message);
  });
});

describe("paymentInputSchema", () => {
  const checkoutToken = "tok_3f9aK2mQ7xL1pR8v";

  it("accepts PIX and card, narrowing by method", () => {
    expect(paymentInputSchema.parse({ checkoutToken, method: "pix" })).toEqual({
      checkoutToken,
      method: "pix",
    });
    const card = paymentInputSchema.parse({
      checkoutToken,
      method: "credit_card",
      cardToken: "ct_123",
      installments: "6",
      attemptId: lookupId,
    });
    expect(card).toEqual({
      checkoutToken,
      method: "credit_card",
      cardToken: "ct_123",
      installments: 6,
      attemptId: lookupId,
    });
    if (card.method === "credit_card") expect(card.installments).toBe(6);
  });

  it.each([
    [{ checkoutToken, method: "boleto" }, "method", "Escolha PIX ou cartão de crédito."],
    [{ checkoutToken }, "method", "Escolha PIX ou cartão de crédito."],
    [
      { checkoutToken: "short", method: "pix" },
      "checkoutToken",
      "Link de pagamento inválido. Abra o link recebido de novo.",
    ],
    [
      { checkoutToken: "has spaces in it ok?", method: "pix" },
      "checkoutToken",
      "Link de pagamento inválido. Abra o link recebido de novo.",
    ],
    [
      { checkoutToken, method: "credit_card", installments: 1 },
      "cardToken",
      "Dados do cartão não encontrados. Preencha o cartão de novo.",
    ],
    [
      { checkoutToken, method: "credit_card", cardToken: "ct", installments: 13 },
      "installments",
      "Escolha de 1 a 12 parcelas.",
    ],
    [
      { checkoutToken, method: "credit_card", cardToken: "ct" },
      "installments",
      "Escolha de 1 a 12 parcelas.",
    ],
    [
      { checkoutToken, method: "pix", attemptId: "1" },
      "attemptId",
      "Tentativa de pagamento inválida. Atualize a página.",
    ],
  ])("%j -> %s: %s", (input, path, message) => {
    expect(messageAt(paymentInputSchema, input, path)).toBe(message);
  });

  it("ignores card fields on a PIX payment", () => {
    expect(
      messages(paymentInputSchema, { checkoutToken, method: "pix", installments: 99 }),
    ).toEqual({});
    expect(paymentInputSchema.parse({ checkoutToken, method: "pix", installments: 99 })).toEqual({
      checkoutToken,
      method: "pix",
    });
  });
});
