import { describe, expect, it } from "vitest";
import { CARD_MESSAGES, cardInputSchema, cardTokenInputSchema } from "@/lib/validation/card-input";
import { CUSTOMER_MESSAGES, customerInputSchema } from "@/lib/validation/customer-input";
import { makeLuhn } from "../support/check-digits";
import { messageAt, messages } from "./helpers";

describe("customerInputSchema", () => {
  const valid = { nome: "  Maria   da Silva ", email: " maria@exemplo.com.br ", celular: "(11) 98765-4321", cpfCnpj: "529.982.247-25" };

  it("outputs clean values", () => {
    expect(customerInputSchema.parse(valid)).toEqual({
      nome: "Maria da Silva",
      email: "maria@exemplo.com.br",
      celular: "11987654321",
      cpfCnpj: "52998224725",
    });
    expect(customerInputSchema.parse({ ...valid, nome: "João D'Ávila-Souza Jr.", celular: "+55 11 98765-4321" })).toMatchObject({
      nome: "João D'Ávila-Souza Jr.",
      celular: "11987654321",
    });
  });

  it("asks for every missing field", () => {
    expect(messages(customerInputSchema, { nome: "", email: "", celular: "", cpfCnpj: "" })).toEqual({
      nome: ["Informe seu nome completo."],
      email: ["Informe seu e-mail."],
      celular: ["Informe o celular com DDD."],
      cpfCnpj: ["Informe o CPF ou CNPJ."],
    });
  });

  it.each([
    ["Maria", "Informe nome e sobrenome."],
    ["Maria -", "Informe nome e sobrenome."],
    ["Maria 2 Silva", "Use apenas letras no nome."],
    ["Maria " + "a".repeat(120), "Nome muito longo (máximo de 120 caracteres)."],
  ])("nome %j -> %s", (nome, message) => {
    expect(messageAt(customerInputSchema, { ...valid, nome }, "nome")).toBe(message);
  });

  it.each(["maria", "maria@", "maria@exemplo", "maria exemplo@x.com"])("email %j -> pt-BR message", (email) => {
    expect(messageAt(customerInputSchema, { ...valid, email }, "email")).toBe(
      "E-mail inválido. Confira o endereço, como nome@exemplo.com.",
    );
  });

  it.each([
    ["1187654321", CUSTOMER_MESSAGES.celular], // landline-length
    ["11887654321", CUSTOMER_MESSAGES.celular], // no 9 after the DDD
    ["119876543210", CUSTOMER_MESSAGES.celular],
    ["abc", CUSTOMER_MESSAGES.celular],
    ["(20) 98765-4321", "DDD inválido. Confira os dois primeiros números."],
  ])("celular %j -> its message", (celular, message) => {
    expect(messageAt(customerInputSchema, { ...valid, celular }, "celular")).toBe(message);
    expect(CUSTOMER_MESSAGES.celular).toBe("Celular inválido. Use DDD + 9 dígitos, como (11) 98765-4321.");
  });
});

describe("cardInputSchema", () => {
  const now = new Date("2026-11-21T12:00:00-03:00");
  const schema = cardInputSchema(now);
  const valid = { numero: "4111 1111 1111 1111", nome: " MARIA  DA SILVA ", validade: "11/26", cvv: "123", parcelas: "3" };

  it("outputs digits, MM/YYYY, the brand and a number of installments", () => {
    expect(schema.parse(valid)).toEqual({
      numero: "4111111111111111",
      nome: "MARIA DA SILVA",
      validade: "11/2026",
      cvv: "123",
      parcelas: 3,
      bandeira: "visa",
    });
    expect(schema.parse({ ...valid, numero: "3782 822463 10005", cvv: "1234", parcelas: 12 })).toMatchObject({ bandeira: "amex" });
    expect(schema.parse({ ...valid, numero: "6362970000457013" }).bandeira).toBe("elo");
  });

  it("asks for every missing field", () => {
    expect(messages(schema, {})).toEqual({
      numero: [CARD_MESSAGES.numeroRequired],
      nome: [CARD_MESSAGES.nomeRequired],
      validade: [CARD_MESSAGES.validadeRequired],
      cvv: [CARD_MESSAGES.cvvRequired],
      parcelas: [CARD_MESSAGES.parcelas],
    });
    expect(CARD_MESSAGES.numeroRequired).toBe("Informe o número do cartão.");
  });

  it.each([
    ["4111111111111112", "Número do cartão inválido. Confira os dígitos."],
    ["4111", "Número do cartão inválido. Confira os dígitos."],
    ["4111abcd11111111", "Número do cartão inválido. Confira os dígitos."],
    // Brands we recognise and do not take are named, not "unknown".
    ["6011111111111117", "Cartões Discover não são aceitos aqui. Use Visa, Mastercard, Elo, American Express ou Hipercard, ou pague com PIX."],
    ["30569309025904", "Cartões Diners Club não são aceitos aqui. Use Visa, Mastercard, Elo, American Express ou Hipercard, ou pague com PIX."],
    [makeLuhn("637095000000000"), "Cartões Hiper não são aceitos aqui. Use Visa, Mastercard, Elo, American Express ou Hipercard, ou pague com PIX."],
    [makeLuhn("353011133330000"), "Cartões JCB não são aceitos aqui. Use Visa, Mastercard, Elo, American Express ou Hipercard, ou pague com PIX."],
    [makeLuhn("900000000000000"), CARD_MESSAGES.brand],
    [makeLuhn("378282246310"), "Número do cartão inválido. Confira os dígitos."], // 13-digit "amex"
  ])("numero %j -> %s", (numero, message) => {
    expect(messageAt(schema, { ...valid, numero }, "numero")).toBe(message);
  });

  it.each([
    ["1126", "Validade inválida. Use MM/AA ou MM/AAAA."],
    ["13/27", "Validade inválida. Use MM/AA ou MM/AAAA."],
    ["11/2099", "Validade inválida. Use MM/AA ou MM/AAAA."],
    ["10/26", "Cartão vencido. Confira a validade ou use outro cartão."],
    ["12/2025", "Cartão vencido. Confira a validade ou use outro cartão."],
  ])("validade %j -> %s", (validade, message) => {
    expect(messageAt(schema, { ...valid, validade }, "validade")).toBe(message);
  });

  it("takes now from the factory: the same card expires a month later", () => {
    const december = cardInputSchema(new Date("2026-12-01T00:00:00-03:00"));
    expect(messageAt(december, valid, "validade")).toBe(CARD_MESSAGES.vencido);
  });

  it.each([
    [{ cvv: "12" }, "CVV inválido. Ele tem 3 ou 4 dígitos."],
    [{ cvv: "12a" }, "CVV inválido. Ele tem 3 ou 4 dígitos."],
    [{ cvv: "1234" }, "CVV inválido. Ele tem 3 dígitos, no verso do cartão."],
    [{ numero: "378282246310005", cvv: "123" }, "CVV inválido. No American Express ele tem 4 dígitos, na frente do cartão."],
  ])("cvv %j -> %s", (override, message) => {
    expect(messages(schema, { ...valid, ...override }).cvv).toEqual([message]);
  });

  it("does not judge the CVV by brand when the number itself is wrong", () => {
    expect(messages(schema, { ...valid, numero: "378282246310006", cvv: "123" })).toEqual({ numero: [CARD_MESSAGES.numero] });
  });

  it.each(["0", "13", "2.5", "", "x"])("parcelas %j -> pt-BR message", (parcelas) => {
    expect(messageAt(schema, { ...valid, parcelas }, "parcelas")).toBe("Escolha de 1 a 12 parcelas.");
  });

  it.each(["Maria 2", "M@ria"])("nome %j -> pt-BR message", (nome) => {
    expect(messageAt(schema, { ...valid, nome }, "nome")).toBe("Use apenas letras, como está impresso no cartão.");
  });
});

describe("cardTokenInputSchema (POST /api/checkouts/{token}/card-token)", () => {
  const now = new Date("2026-11-21T12:00:00-03:00");
  const schema = cardTokenInputSchema(now);
  const card = { numero: "4111 1111 1111 1111", nome: " MARIA  DA SILVA ", validade: "11/26", cvv: "123" };

  it("takes the card alone: the number of installments is the payment's `installments`, never read here", () => {
    expect(schema.parse(card)).toEqual({ numero: "4111111111111111", nome: "MARIA DA SILVA", validade: "11/2026", cvv: "123", bandeira: "visa" });
    expect(schema.parse({ ...card, parcelas: "x" })).not.toHaveProperty("parcelas");
  });

  it("checks the card as the form does", () => {
    expect(messages(schema, {})).toEqual({
      numero: [CARD_MESSAGES.numeroRequired],
      nome: [CARD_MESSAGES.nomeRequired],
      validade: [CARD_MESSAGES.validadeRequired],
      cvv: [CARD_MESSAGES.cvvRequired],
    });
    expect(messages(schema, { ...card, numero: "3782 822463 10005", cvv: "123" })).toEqual({ cvv: [CARD_MESSAGES.cvvAmex] });
  });
});
