import { describe, expect, it } from "vitest";
import { BOM, moneyCell, textCell, toExcelCsv } from "@/lib/workspace/batches/excel-csv";
import { itemOutcomeOf, summarizeDebts } from "@/lib/workspace/batches/summary";
import type { DebtForSelection } from "@/lib/rules/debt-types";

const debt = (over: Partial<DebtForSelection> & { id: string }): DebtForSelection => ({
  title: over.id,
  amountCents: 10_000,
  type: "ticket",
  year: null,
  required: false,
  dependsOn: [],
  distinct: [],
  ...over,
});

describe("batch item summary", () => {
  it("never adds IPVA cota única and its parcelas together; licensing needs are the licensing preset", () => {
    const debts = [
      debt({ id: "fine", type: "ticket", amountCents: 19_515 }),
      debt({
        id: "ipva-unica",
        type: "ipva",
        amountCents: 150_000,
        distinct: ["ipva-p1"],
        year: 2026,
        required: true,
      }),
      debt({
        id: "ipva-p1",
        type: "ipva",
        amountCents: 52_000,
        distinct: ["ipva-unica"],
        year: 2026,
      }),
      debt({
        id: "lic",
        type: "licensing",
        amountCents: 16_080,
        required: true,
        dependsOn: ["ipva-unica"],
        year: 2026,
      }),
      debt({ id: "fee", type: "service", amountCents: 990 }),
    ];
    const s = summarizeDebts(debts);
    expect(s.ipvaCents).toBe(150_000); // the option licensing needs, not 202_000
    expect(s.totalCents).toBe(19_515 + 150_000 + 16_080 + 990);
    expect(s.finesCents + s.ipvaCents + s.licensingCents + s.otherCents).toBe(s.totalCents);
    expect(s.debtCount).toBe(4);
    expect(s.licensing).toEqual({
      count: 2,
      totalCents: 166_080,
      titles: expect.arrayContaining(["ipva-unica", "lic"]),
    });
  });

  it("no debts: zeros; results map to done/failed with machine codes", () => {
    expect(summarizeDebts([])).toMatchObject({
      totalCents: 0,
      debtCount: 0,
      licensing: { count: 0 },
    });
    expect(itemOutcomeOf("pending", null)).toBeNull();
    expect(itemOutcomeOf("debts", null)).toEqual({ status: "done", errorCode: null });
    expect(itemOutcomeOf("no_debts", null)).toEqual({ status: "done", errorCode: null });
    expect(itemOutcomeOf("not_found", null)).toEqual({ status: "failed", errorCode: "NOT_FOUND" });
    expect(itemOutcomeOf("error", "903")).toEqual({ status: "failed", errorCode: "AUTHORITY_903" });
    expect(itemOutcomeOf("failed", "UPSTREAM_UNPROCESSABLE")).toEqual({
      status: "failed",
      errorCode: "UPSTREAM_UNPROCESSABLE",
    });
  });

  it("stores only codes of its tables: an authority code outside the spec's is AUTHORITY_ERROR", () => {
    expect(itemOutcomeOf("error", "905")).toEqual({
      status: "failed",
      errorCode: "AUTHORITY_ERROR",
    });
    expect(itemOutcomeOf("error", "unknown")).toEqual({
      status: "failed",
      errorCode: "AUTHORITY_ERROR",
    });
    expect(itemOutcomeOf("error", null)).toEqual({
      status: "failed",
      errorCode: "AUTHORITY_ERROR",
    });
    expect(itemOutcomeOf("failed", "SOMETHING_ELSE")).toEqual({
      status: "failed",
      errorCode: "LOOKUP_FAILED",
    });
  });
});

describe("CSV for Excel pt-BR", () => {
  it("BOM, ';', CRLF, quoted text with doubled quotes, decimal comma", () => {
    const csv = toExcelCsv(
      ["Cliente", "Total (R$)", "Débitos"],
      [
        ['Ana "A"; Silva', { cents: 123_456 }, 3],
        ["Zé", null, null],
      ],
    );
    expect(csv.startsWith(BOM)).toBe(true);
    expect(csv.slice(1)).toBe(
      '"Cliente";"Total (R$)";"Débitos"\r\n"Ana ""A""; Silva";1234,56;3\r\n"Zé";;\r\n',
    );
  });
  it("neutralises cells that a spreadsheet would run as formulas", () => {
    for (const evil of ["=1+1", "+55 11", "-2+3", "@SUM(A1)", "\t=1", "\r=1"])
      expect(textCell(evil)).toBe(`"'${evil}"`);
    expect(textCell("Ana = Bia")).toBe('"Ana = Bia"');
  });
  it("money: cents exact, negatives, no thousands separator", () => {
    expect(moneyCell(5)).toBe("0,05");
    expect(moneyCell(100)).toBe("1,00");
    expect(moneyCell(-19_515)).toBe("-195,15");
    expect(moneyCell(1_000_000_00)).toBe("1000000,00");
  });
});
