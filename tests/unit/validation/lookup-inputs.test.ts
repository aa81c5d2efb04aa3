import { describe, expect, it } from "vitest";
import { enrichmentInputSchema } from "@/lib/validation/enrichment-input";
import { CPF_CNPJ_MESSAGES, RENAVAM_MESSAGES, UF_MESSAGES } from "@/lib/validation/fields";
import { lookupInputSchema } from "@/lib/validation/lookup-input";
import { PLATE_MESSAGES, plateSchema } from "@/lib/validation/plate";
import { makeCnpj, makeCpf, makeRenavam } from "../support/check-digits";
import { messageAt, messages } from "./helpers";

describe("plateSchema", () => {
  it("outputs the normalized plate", () => {
    expect(plateSchema.parse(" abc-1d23 ")).toBe("ABC1D23");
    expect(plateSchema.parse("abc1234")).toBe("ABC1234");
  });

  it.each([
    ["", "Informe a placa."],
    ["   ", "Informe a placa."],
    [undefined, "Informe a placa."],
    [123, "Informe a placa."],
  ])("asks for the plate when given %j", (input, message) =>
    expect(messageAt(plateSchema, input, "")).toBe(message),
  );

  it.each(["AB-1234", "ABC12345", "ABCD123", "123ABC4"])("rejects %j in pt-BR", (input) => {
    expect(messageAt(plateSchema, input, "")).toBe(
      "Placa inválida. Use o formato ABC1234 ou ABC1D23.",
    );
    expect(PLATE_MESSAGES.invalid).toBe("Placa inválida. Use o formato ABC1234 ou ABC1D23.");
  });
});

describe("enrichmentInputSchema", () => {
  it("takes the UF as optional, in any case", () => {
    expect(enrichmentInputSchema.parse({ plate: "abc1234" })).toEqual({ plate: "ABC1234" });
    expect(enrichmentInputSchema.parse({ plate: "abc1234", uf: "" })).toEqual({ plate: "ABC1234" });
    expect(enrichmentInputSchema.parse({ plate: "abc1234", uf: " sp " })).toEqual({
      plate: "ABC1234",
      uf: "SP",
    });
  });

  it("rejects an unknown UF and a bad plate in pt-BR", () => {
    expect(messages(enrichmentInputSchema, { plate: "x", uf: "XX" })).toEqual({
      plate: [PLATE_MESSAGES.invalid],
      uf: ["UF inválida. Escolha um dos 27 estados."],
    });
  });
});

describe("lookupInputSchema", () => {
  const cpf = makeCpf("123456789");
  const valid = {
    uf: "sp",
    plate: "abc-1234",
    renavam: "006.398.849-62",
    cpfCnpj: "529.982.247-25",
  };

  it("outputs wire form: uppercase, 11-digit RENAVAM, digits-only document", () => {
    expect(lookupInputSchema.parse(valid)).toEqual({
      uf: "SP",
      plate: "ABC1234",
      renavam: "00639884962",
      cpfCnpj: "52998224725",
    });
    expect(
      lookupInputSchema.parse({ ...valid, renavam: "639884962", cpfCnpj: "11.222.333/0001-81" }),
    ).toMatchObject({
      renavam: "00639884962",
      cpfCnpj: "11222333000181",
    });
    expect(
      lookupInputSchema.parse({ ...valid, renavam: makeRenavam("1234567890"), cpfCnpj: cpf })
        .cpfCnpj,
    ).toBe(cpf);
  });

  it("asks for every missing field in pt-BR", () => {
    expect(messages(lookupInputSchema, {})).toEqual({
      uf: [UF_MESSAGES.required],
      plate: ["Informe a placa."],
      renavam: ["Informe o RENAVAM."],
      cpfCnpj: ["Informe o CPF ou CNPJ."],
    });
    expect(UF_MESSAGES.required).toBe("Escolha a UF.");
  });

  it.each([
    ["12345678", RENAVAM_MESSAGES.format],
    ["123456789012", RENAVAM_MESSAGES.format],
    ["0063988496a", RENAVAM_MESSAGES.format],
    ["00639884963", RENAVAM_MESSAGES.checkDigit],
    ["00000000000", RENAVAM_MESSAGES.checkDigit],
  ])("RENAVAM %j -> its message", (renavam, message) => {
    expect(messageAt(lookupInputSchema, { ...valid, renavam }, "renavam")).toBe(message);
  });

  it("RENAVAM messages are pt-BR", () => {
    expect(RENAVAM_MESSAGES.format).toBe(
      "RENAVAM inválido. Ele tem 11 números (os mais antigos, 9).",
    );
    expect(RENAVAM_MESSAGES.checkDigit).toBe(
      "RENAVAM inválido. Confira o número no documento do veículo (CRLV).",
    );
  });

  it.each([
    ["529.982.247-24", "CPF inválido. Confira os números."],
    ["111.111.111-11", "CPF inválido. Confira os números."],
    ["11.222.333/0001-82", "CNPJ inválido. Confira os números."],
    ["1234567", "Informe um CPF (11 números) ou um CNPJ (14 números)."],
    ["5299822472a", "Informe um CPF (11 números) ou um CNPJ (14 números)."],
  ])("document %j -> %s", (cpfCnpj, message) => {
    expect(messageAt(lookupInputSchema, { ...valid, cpfCnpj }, "cpfCnpj")).toBe(message);
    expect(Object.values(CPF_CNPJ_MESSAGES)).toContain(message);
  });

  it("accepts a generated CNPJ", () => {
    const cnpj = makeCnpj("123456780001");
    expect(lookupInputSchema.parse({ ...valid, cpfCnpj: cnpj }).cpfCnpj).toBe(cnpj);
  });
});
