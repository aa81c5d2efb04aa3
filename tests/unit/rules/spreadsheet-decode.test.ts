import { describe, expect, it } from "vitest";
import { decodeSpreadsheetBytes } from "@/lib/rules/spreadsheet-decode";

describe("a spreadsheet file's bytes", () => {
  it("decodes UTF-8 (with or without BOM) and falls back to Windows-1252 for Excel's plain CSV", () => {
    expect(decodeSpreadsheetBytes(new TextEncoder().encode("\uFEFFJoão"))).toBe("\uFEFFJoão");
    expect(decodeSpreadsheetBytes(new Uint8Array([0x4a, 0x6f, 0xe3, 0x6f]))).toBe("João");
  });
});
