import { describe, expect, it } from "vitest";
import { CARD_MESSAGES, cardInputSchema, cardTokenInputSchema } from "@/lib/validation/card-input";
import { CUSTOMER_MESSAGES, customerInputSchema } from "@/lib/validation/customer-input";
import { makeLuhn } from "../support/check-digits";
import { messageAt, messages } from "./helpers";

describe("customerInputSchema", () => {
  const valid = {
    name: "  Maria   da Silva ",
    email: " maria@exemplo.com.br ",
    phone: "(11) 98765-4321",
    cpfCnpj: "529.982.247-25",
  };

  it("outputs clean values", () => {
    expect(customerInputSchema.parse(valid)).toEqual({
      name: "Maria da Silva",
      email: "maria@exemplo.com.br",
      phone: "11987654321",
      cpfCnpj: "52998224725",
    });
    expect(
      customerInputSchema.parse({
        ...valid,
        name: "João D'Ávila-Souza Jr.",
        phone: "+55 11 98765-4321",
      }),
    ).toMatchObject({
      name: "João D'Ávila-Souza Jr.",
      phone: "11987654321",
    });
  });

  it("asks for every missing field", () => {
    expect(messages(customerInputSchema, { name: "", email: "", phone: "", cpfCnpj: "" })).toEqual({
      name: ["Informe seu nome completo."],
      email: ["Informe seu e-mail."],
      phone: ["Informe o celular com DDD."],
      cpfCnpj: ["Informe o CPF ou CNPJ."],
    });
  });

  it.each([
    ["Maria", "Informe nome e sobrenome."],
    ["Maria -", "Informe nome e sobrenome."],
    ["Maria 2 Silva", "Use apenas letras no nome."],
    ["Maria " + "a".repeat(120), "Nome muito longo (máximo de 120 caracteres)."],
  ])("name %j -> %s", (name, message) => {
    expect(messageAt(customerInputSchema, { ...valid, name }, "name")).toBe(message);
  });

  it.each(["maria", "maria@", "maria@exemplo", "maria exemplo@x.com"])(
    "email %j -> pt-BR message",
    (email) => {
      expect(messageAt(customerInputSchema, { ...valid, email }, "email")).toBe(
        "E-mail inválido. Confira o endereço, como nome@exemplo.com.",
      );
    },
  );

  it.each([
    ["1187654321", CUSTOMER_MESSAGES.phone], // landline-length
    ["11887654321", CUSTOMER_MESSAGES.phone], // no 9 after the DDD
    ["119876543210", CUSTOMER_MESSAGES.phone],
    ["abc", CUSTOMER_MESSAGES.phone],
    ["(20) 98765-4321", "DDD inválido. Confira os dois primeiros números."],
  ])("phone %j -> its message", (phone, message) => {
    expect(messageAt(customerInputSchema, { ...valid, phone }, "phone")).toBe(message);
    expect(CUSTOMER_MESSAGES.phone).toBe(
      "Celular inválido. Use DDD + 9 dígitos, como (11) 98765-4321.",
    );
  });
});

describe("cardInputSchema", () => {
  const now = new Date("2026-11-21T12:00:00-03:00");
  const schema = cardInputSchema(now);
  const valid = {
    number: "4111 1111 1111 1111",
    name: " MARIA  DA SILVA ",
    expiry: "11/26",
    cvv: "123",
    installments: "3",
  };

  it("outputs digits, MM/YYYY, the brand and a number of installments", () => {
    expect(schema.parse(valid)).toEqual({
      number: "4111111111111111",
      name: "MARIA DA SILVA",
      expiry: "11/2026",
      cvv: "123",
      installments: 3,
      brand: "visa",
    });
    expect(
      schema.parse({ ...valid, number: "3782 822463 10005", cvv: "1234", installments: 12 }),
    ).toMatchObject({ brand: "amex" });
    expect(schema.parse({ ...valid, number: "6362970000457013" }).brand).toBe("elo");
  });

  it("asks for every missing field", () => {
    expect(messages(schema, {})).toEqual({
      number: [CARD_MESSAGES.numberRequired],
      name: [CARD_MESSAGES.nameRequired],
      expiry: [CARD_MESSAGES.expiryRequired],
      cvv: [CARD_MESSAGES.cvvRequired],
      installments: [CARD_MESSAGES.installments],
    });
    expect(CARD_MESSAGES.numberRequired).toBe("Informe o número do cartão.");
  });

  it.each([
    ["4111111111111112", "Número do cartão inválido. Confira os dígitos."],
    ["4111", "Número do cartão inválido. Confira os dígitos."],
    ["4111abcd11111111", "Número do cartão inválido. Confira os dígitos."],
    // Brands we recognise and do not take are named, not "unknown".
    [
      "6011111111111117",
      "Cartões Discover não são aceitos aqui. Use Visa, Mastercard, Elo, American Express ou Hipercard, ou pague com PIX.",
    ],
    [
      "30569309025904",
      "Cartões Diners Club não são aceitos aqui. Use Visa, Mastercard, Elo, American Express ou Hipercard, ou pague com PIX.",
    ],
    [
      makeLuhn("637095000000000"),
      "Cartões Hiper não são aceitos aqui. Use Visa, Mastercard, Elo, American Express ou Hipercard, ou pague com PIX.",
    ],
    [
      makeLuhn("353011133330000"),
      "Cartões JCB não são aceitos aqui. Use Visa, Mastercard, Elo, American Express ou Hipercard, ou pague com PIX.",
    ],
    [makeLuhn("900000000000000"), CARD_MESSAGES.brand],
    [makeLuhn("378282246310"), "Número do cartão inválido. Confira os dígitos."], // 13-digit "amex"
  ])("number %j -> %s", (number, message) => {
    expect(messageAt(schema, { ...valid, number }, "number")).toBe(message);
  });

  it.each([
    ["1126", "Validade inválida. Use MM/AA ou MM/AAAA."],
    ["13/27", "Validade inválida. Use MM/AA ou MM/AAAA."],
    ["11/2099", "Validade inválida. Use MM/AA ou MM/AAAA."],
    ["10/26", "Cartão vencido. Confira a validade ou use outro cartão."],
    ["12/2025", "Cartão vencido. Confira a validade ou use outro cartão."],
  ])("expiry %j -> %s", (expiry, message) => {
    expect(messageAt(schema, { ...valid, expiry }, "expiry")).toBe(message);
  });

  it("takes now from the factory: the same card expires a month later", () => {
    const december = cardInputSchema(new Date("2026-12-01T00:00:00-03:00"));
    expect(messageAt(december, valid, "expiry")).toBe(CARD_MESSAGES.expired);
  });

  it.each([
    [{ cvv: "12" }, "CVV inválido. Ele tem 3 ou 4 dígitos."],
    [{ cvv: "12a" }, "CVV inválido. Ele tem 3 ou 4 dígitos."],
    [{ cvv: "1234" }, "CVV inválido. Ele tem 3 dígitos, no verso do cartão."],
    [
      { number: "378282246310005", cvv: "123" },
      "CVV inválido. No American Express ele tem 4 dígitos, na frente do cartão.",
    ],
  ])("cvv %j -> %s", (override, message) => {
    expect(messages(schema, { ...valid, ...override }).cvv).toEqual([message]);
  });

  it("does not judge the CVV by brand when the number itself is wrong", () => {
    expect(messages(schema, { ...valid, number: "378282246310006", cvv: "123" })).toEqual({
      number: [CARD_MESSAGES.number],
    });
  });

  it.each(["0", "13", "2.5", "", "x"])("installments %j -> pt-BR message", (installments) => {
    expect(messageAt(schema, { ...valid, installments }, "installments")).toBe(
      "Escolha de 1 a 12 parcelas.",
    );
  });

  it.each(["Maria 2", "M@ria"])("name %j -> pt-BR message", (name) => {
    expect(messageAt(schema, { ...valid, name }, "name")).toBe(
      "Use apenas letras, como está impresso no cartão.",
    );
  });
});

describe("cardTokenInputSchema (POST /api/checkouts/{token}/card-token)", () => {
  const now = new Date("2026-11-21T12:00:00-03:00");
  const schema = cardTokenInputSchema(now);
  const card = {
    number: "4111 1111 1111 1111",
    name: " MARIA  DA SILVA ",
    expiry: "11/26",
    cvv: "123",
  };

  it("takes the card alone: the number of installments is the payment's `installments`, never read here", () => {
    expect(schema.parse(card)).toEqual({
      number: "4111111111111111",
      name: "MARIA DA SILVA",
      expiry: "11/2026",
      cvv: "123",
      brand: "visa",
    });
    expect(schema.parse({ ...card, installments: "x" })).not.toHaveProperty("installments");
  });

  it("checks the card as the form does", () => {
    expect(messages(schema, {})).toEqual({
      number: [CARD_MESSAGES.numberRequired],
      name: [CARD_MESSAGES.nameRequired],
      expiry: [CARD_MESSAGES.expiryRequired],
      cvv: [CARD_MESSAGES.cvvRequired],
    });
    expect(messages(schema, { ...card, number: "3782 822463 10005", cvv: "123" })).toEqual({
      cvv: [CARD_MESSAGES.cvvAmex],
    });
  });
});
