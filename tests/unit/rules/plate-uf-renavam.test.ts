import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatPlate, isMercosulPlate, isValidPlate, normalizePlate } from "@/lib/rules/plate";
import { normalizeRenavam, isValidRenavam, renavamCheckDigit } from "@/lib/rules/renavam";
import {
  COTA_UNICA_ONLY_UFS,
  isCotaUnicaOnlyUf,
  isUf,
  UF_CODES,
  UF_NAMES,
  ufOptions,
} from "@/lib/rules/uf";
import { makeRenavam } from "../support/check-digits";

describe("plate", () => {
  it.each([
    ["abc1234", "ABC1234"],
    ["ABC-1234", "ABC1234"],
    [" abc 1d23 ", "ABC1D23"],
    ["abc-1d23", "ABC1D23"],
  ])("normalizes %j to %s", (input, expected) => {
    expect(normalizePlate(input)).toBe(expected);
  });

  it.each([
    "",
    "AB1234",
    "ABCD123",
    "ABC12345",
    "ABC1DD3",
    "1BC1234",
    "ABC_1234",
    "ÁBC1234",
    "ABC.1234",
  ])("rejects %j", (input) => {
    expect(normalizePlate(input)).toBeNull();
    expect(isValidPlate(input)).toBe(false);
  });

  it("tells Mercosul from the old style", () => {
    expect(isMercosulPlate("abc1d23")).toBe(true);
    expect(isMercosulPlate("ABC-1234")).toBe(false);
    expect(isMercosulPlate("nope")).toBe(false);
  });

  it("formats old plates with a hyphen and Mercosul without", () => {
    expect(formatPlate("abc1234")).toBe("ABC-1234");
    expect(formatPlate("abc-1d23")).toBe("ABC1D23");
    expect(formatPlate("not a plate")).toBe("not a plate");
  });
});

describe("uf", () => {
  it("has the 27 units, each named", () => {
    expect(UF_CODES).toHaveLength(27);
    expect(new Set(UF_CODES).size).toBe(27);
    expect(Object.keys(UF_NAMES).sort()).toEqual([...UF_CODES].sort());
    expect(UF_NAMES.SP).toBe("São Paulo");
    expect(UF_NAMES.DF).toBe("Distrito Federal");
  });

  it("checks codes exactly", () => {
    expect(isUf("SP")).toBe(true);
    expect(isUf("sp")).toBe(false);
    expect(isUf("XX")).toBe(false);
    expect(isUf(35)).toBe(false);
  });

  it("knows the cota única states", () => {
    expect([...COTA_UNICA_ONLY_UFS].sort()).toEqual(["GO", "MA", "MS", "RS"]);
    expect(isCotaUnicaOnlyUf("RS")).toBe(true);
    expect(isCotaUnicaOnlyUf("SP")).toBe(false);
  });

  it("sorts options by name", () => {
    const options = ufOptions();
    expect(options[0]).toEqual({ value: "AC", label: "Acre (AC)" });
    expect(options.at(-1)).toEqual({ value: "TO", label: "Tocantins (TO)" });
    // ufOptions keeps UF_CODES' order, so that order must be the pt-BR collation of the labels.
    const collated = [...options].sort((a, b) => a.label.localeCompare(b.label, "pt-BR"));
    expect(options.map((o) => o.value)).toEqual(collated.map((o) => o.value));
  });
});

describe("renavam", () => {
  it("computes the DENATRAN check digit", () => {
    // 00639884962, the example found in most RENAVAM references. Weights 3,2,9,8,7,6,5,4,3,2:
    // sum = 0+0+54+24+63+48+40+16+27+12 = 284; 2840 % 11 = 2.
    expect(renavamCheckDigit("0063988496")).toBe(2);
    expect(isValidRenavam("00639884962")).toBe(true);
    expect(isValidRenavam("00639884963")).toBe(false);
  });

  it("maps a remainder of 10 to 0", () => {
    // 1000000000: sum = 3, 30 % 11 = 8; 0000000005: sum = 10, 100 % 11 = 1;
    // 0000000050: sum = 15, 150 % 11 = 7; 0000000300: sum = 12, 120 % 11 = 10 -> 0.
    expect(renavamCheckDigit("0000000300")).toBe(0);
    expect(isValidRenavam("00000003000")).toBe(true);
  });

  it("accepts legacy 9- and 10-digit numbers by left-padding", () => {
    expect(normalizeRenavam("639884962")).toBe("00639884962");
    expect(isValidRenavam("639884962")).toBe(true);
    expect(isValidRenavam("0639884962")).toBe(true);
    expect(isValidRenavam("006.398.849-62")).toBe(true);
  });

  it.each(["", "12345678", "123456789012", "0063988496a", "00000000000"])("rejects %j", (input) => {
    expect(isValidRenavam(input)).toBe(false);
  });

  it("accepts every generated number and rejects a wrong check digit", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9]{10}$/).filter((s) => s !== "0000000000"),
        fc.integer({ min: 1, max: 9 }),
        (base, shift) => {
          const valid = makeRenavam(base);
          expect(isValidRenavam(valid)).toBe(true);
          const wrong = base + String((Number(valid[10]) + shift) % 10);
          expect(isValidRenavam(wrong)).toBe(false);
        },
      ),
    );
  });
});
