// CSV that Excel in pt-BR opens as columns with numbers: pure, unit-tested
// (tests/unit/workspace/excel-csv.test.ts).
// - UTF-8 with a BOM: without it Excel reads the file as Windows-1252 and breaks accents;
// - `;` between fields: pt-BR Excel's list separator (`,` is the decimal mark there);
// - decimal comma, no thousands separator (so the cell is a number, not text);
// - CRLF line ends, every text field in double quotes (quotes doubled);
// - a text cell starting with = + - @ (or a tab/CR) gets a leading apostrophe: opened in a
//   spreadsheet it would run as a formula (CSV injection, OWASP). Names come from imports.

export const BOM = "\uFEFF";
export type Cell = string | number | null;
/** A number of cents, written as reais with a decimal comma. */
export type MoneyCell = { cents: number };

const FORMULA_START = /^[=+\-@\t\r]/;

export function textCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function moneyCell(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, "0")}`;
}

function cell(value: Cell | MoneyCell): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  if (typeof value === "object") return moneyCell(value.cents);
  return textCell(value);
}

export function toExcelCsv(
  header: readonly string[],
  rows: readonly (readonly (Cell | MoneyCell)[])[],
): string {
  const lines = [header.map(textCell).join(";"), ...rows.map((row) => row.map(cell).join(";"))];
  return `${BOM}${lines.join("\r\n")}\r\n`;
}
