import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatCpfCnpj,
  formatPhone,
  isValidCnpj,
  isValidCpf,
  isValidCpfCnpj,
  maskCpfCnpjForSharing,
  maskCpfCnpjForMail,
  maskCpfCnpjInput,
  maskCpfForSharing,
  maskEmail,
  maskPhone,
  maskPhoneInput,
  onlyDigits,
} from "@/lib/rules/cpf-cnpj";
import { makeCnpj, makeCpf } from "../support/check-digits";

describe("CPF", () => {
  it.each(["52998224725", "11144477735", "39053344705"])(
    "accepts the well-known valid %s",
    (cpf) => {
      expect(isValidCpf(cpf)).toBe(true);
      expect(isValidCpfCnpj(cpf)).toBe(true);
    },
  );

  it.each([
    "52998224724",
    "11144477734",
    "00000000000",
    "11111111111",
    "99999999999",
    "5299822472",
    "529.982.247-25",
    "",
  ])("rejects %j", (cpf) => expect(isValidCpf(cpf)).toBe(false));

  it("accepts generated CPFs and rejects a changed check digit", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9]{9}$/).filter((s) => !/^(\d)\1*$/.test(s)),
        fc.integer({ min: 1, max: 9 }),
        (base, shift) => {
          const cpf = makeCpf(base);
          expect(isValidCpf(cpf)).toBe(true);
          expect(isValidCpf(cpf.slice(0, 10) + String((Number(cpf[10]) + shift) % 10))).toBe(false);
          expect(
            isValidCpf(cpf.slice(0, 9) + String((Number(cpf[9]) + shift) % 10) + cpf[10]),
          ).toBe(false);
        },
      ),
    );
  });
});

describe("CNPJ", () => {
  it.each(["11222333000181", "11444777000161", "33000167000101"])(
    "accepts the well-known valid %s",
    (cnpj) => {
      expect(isValidCnpj(cnpj)).toBe(true);
      expect(isValidCpfCnpj(cnpj)).toBe(true);
    },
  );

  it.each([
    "11222333000182",
    "00000000000000",
    "77777777777777",
    "1122233300018",
    "11.222.333/0001-81",
  ])("rejects %j", (cnpj) => expect(isValidCnpj(cnpj)).toBe(false));

  it("accepts generated CNPJs and rejects a changed check digit", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9]{12}$/).filter((s) => !/^(\d)\1*$/.test(s)),
        fc.integer({ min: 1, max: 9 }),
        (base, shift) => {
          const cnpj = makeCnpj(base);
          expect(isValidCnpj(cnpj)).toBe(true);
          expect(isValidCnpj(cnpj.slice(0, 13) + String((Number(cnpj[13]) + shift) % 10))).toBe(
            false,
          );
        },
      ),
    );
  });

  it("does not take a CPF for a CNPJ or the other way round", () => {
    expect(isValidCpfCnpj("1122233300018")).toBe(false);
    expect(isValidCpfCnpj("5299822472500")).toBe(false);
  });
});

describe("formatting and masking", () => {
  it("formats both documents", () => {
    expect(formatCpfCnpj("52998224725")).toBe("529.982.247-25");
    expect(formatCpfCnpj("11222333000181")).toBe("11.222.333/0001-81");
    expect(formatCpfCnpj("123")).toBe("123");
  });

  it("masks progressively while typing", () => {
    expect(maskCpfCnpjInput("")).toBe("");
    expect(maskCpfCnpjInput("529")).toBe("529");
    expect(maskCpfCnpjInput("5299")).toBe("529.9");
    expect(maskCpfCnpjInput("5299822")).toBe("529.982.2");
    expect(maskCpfCnpjInput("5299822472")).toBe("529.982.247-2");
    expect(maskCpfCnpjInput("529.982.247-25")).toBe("529.982.247-25");
    expect(maskCpfCnpjInput("112223330001")).toBe("11.222.333/0001");
    expect(maskCpfCnpjInput("11222333000181")).toBe("11.222.333/0001-81");
    expect(maskCpfCnpjInput("11222333000181999")).toBe("11.222.333/0001-81");
  });

  it("re-masking a masked value is stable", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{0,14}$/), (digits) => {
        const once = maskCpfCnpjInput(digits);
        expect(maskCpfCnpjInput(once)).toBe(once);
        expect(onlyDigits(once)).toBe(digits);
      }),
    );
  });

  it("masks a CPF for sharing and leaves a CNPJ readable", () => {
    expect(maskCpfForSharing("123.456.789-09")).toBe("***.456.789-**");
    expect(maskCpfForSharing("123")).toBeNull();
    expect(maskCpfCnpjForSharing("12345678909")).toBe("***.456.789-**");
    expect(maskCpfCnpjForSharing("11222333000181")).toBe("11.222.333/0001-81");
    expect(maskCpfCnpjForSharing("garbage")).toBe("***");
  });

  it("masks e-mail addresses", () => {
    expect(maskEmail("joao@gmail.com")).toBe("jo***@gmail.com");
    expect(maskEmail("jo@gmail.com")).toBe("j***@gmail.com");
    expect(maskEmail("a@b.com")).toBe("a***@b.com");
    expect(maskEmail("not-an-email")).toBe("***");
  });

  it("masks and formats phones", () => {
    expect(maskPhone("11987654321")).toBe("(11) *****-4321");
    expect(maskPhone("+55 (11) 98765-4321")).toBe("(11) *****-4321");
    expect(maskPhone("1134567890")).toBe("(11) ****-7890");
    expect(maskPhone("123")).toBe("***");
    expect(formatPhone("11987654321")).toBe("(11) 98765-4321");
    expect(formatPhone("1134567890")).toBe("(11) 3456-7890");
  });

  it("masks a phone progressively while typing", () => {
    expect(maskPhoneInput("")).toBe("");
    expect(maskPhoneInput("1")).toBe("(1");
    expect(maskPhoneInput("119")).toBe("(11) 9");
    expect(maskPhoneInput("1198765")).toBe("(11) 9876-5");
    expect(maskPhoneInput("11987654321")).toBe("(11) 98765-4321");
    expect(maskPhoneInput("(11) 98765-43219")).toBe("(11) 98765-4321");
  });
});

describe("maskCpfCnpjForMail", () => {
  it("masks a CPF as for sharing and a CNPJ too; never echoes anything else", () => {
    expect(maskCpfCnpjForMail("529.982.247-25")).toBe("***.982.247-**");
    expect(maskCpfCnpjForMail("11222333000181")).toBe("11.***.***/0001-**");
    expect(maskCpfCnpjForMail("garbage 123")).toBe("***");
    fc.assert(
      fc.property(
        fc.oneof(
          fc.stringMatching(/^\d{9}$/).map(makeCpf),
          fc.stringMatching(/^\d{12}$/).map(makeCnpj),
        ),
        (doc) => {
          const masked = maskCpfCnpjForMail(doc);
          expect(masked.replace(/\D/g, "").length).toBeLessThanOrEqual(6);
        },
      ),
    );
  });
});
