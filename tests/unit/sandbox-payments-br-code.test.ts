import { describe, expect, test } from "vitest";
import { buildBrCode, crc16CcittFalse, parseBrCode } from "@/lib/sandbox/payments/br-code";

describe("CRC16/CCITT-FALSE", () => {
  test("check value of '123456789' is 0x29B1 (catalogue of CRC parameters)", () => {
    expect(crc16CcittFalse("123456789")).toBe(0x29b1);
  });

  test("empty input leaves the initial value 0xFFFF", () => {
    expect(crc16CcittFalse("")).toBe(0xffff);
  });

  test("validates the Banco Central manual's static BR Code example (CRC 1D3D)", () => {
    const example =
      "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D";
    expect(parseBrCode(example).crcValid).toBe(true);
    expect(parseBrCode(example.replace("BRASILIA", "BRASILIO")).crcValid).toBe(false);
  });
});

describe("buildBrCode", () => {
  const input = {
    pixKey: "7d9f0335-8dcc-4054-9bf9-0dbd61d36906",
    amountCents: 123_456,
    merchantName: "Uvvi Sandbox Pagamentos de Débitos",
    merchantCity: "São Paulo",
    txid: "pay123ABC",
  };

  test("round-trips through the parser with every mandatory EMV field", () => {
    const code = buildBrCode(input);
    const parsed = parseBrCode(code);
    expect(parsed.crcValid).toBe(true);
    expect(parsed.fields.get("00")).toBe("01");
    expect(parsed.fields.get("52")).toBe("0000");
    expect(parsed.fields.get("53")).toBe("986");
    expect(parsed.fields.get("54")).toBe("1234.56");
    expect(parsed.fields.get("58")).toBe("BR");
    expect(parsed.fields.get("59")).toBe("UVVI SANDBOX PAGAMENTOS D"); // 25 chars, ASCII upper case
    expect(parsed.fields.get("60")).toBe("SAO PAULO");
    expect(parsed.merchantAccount.get("00")).toBe("br.gov.bcb.pix");
    expect(parsed.merchantAccount.get("01")).toBe(input.pixKey);
    expect(parsed.additionalData.get("05")).toBe("pay123ABC");
    expect(code).toMatch(/6304[0-9A-F]{4}$/);
    expect([...parsed.fields.keys()]).toEqual([
      "00",
      "01",
      "26",
      "52",
      "53",
      "54",
      "58",
      "59",
      "60",
      "62",
      "63",
    ]);
  });

  test("any altered character breaks the CRC", () => {
    const code = buildBrCode(input);
    const tampered = code.replace("1234.56", "1234.57");
    expect(parseBrCode(tampered).crcValid).toBe(false);
  });

  test("amounts are written with two decimals", () => {
    expect(parseBrCode(buildBrCode({ ...input, amountCents: 500 })).fields.get("54")).toBe("5.00");
    expect(parseBrCode(buildBrCode({ ...input, amountCents: 7 })).fields.get("54")).toBe("0.07");
  });

  test("rejects a txid that Banco Central would not accept", () => {
    expect(() => buildBrCode({ ...input, txid: "has-dash" })).toThrow();
    expect(() => buildBrCode({ ...input, txid: "x".repeat(26) })).toThrow();
  });
});
