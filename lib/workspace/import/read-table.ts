// Text of a CSV file or a spreadsheet paste -> rows of cells with their line numbers. Pure.
// Parsing is papaparse's (quotes, doubled quotes, line breaks inside quotes, CRLF); the delimiter
// is decided here from the header line, because a header never holds a separator by accident
// while data does (a "Silva, João" in a `;` file would make a whole-file guess waver).

import Papa from "papaparse";

export type Delimiter = ";" | "," | "\t";
export type TableRow = { line: number; cells: string[] };
export type Table = {
  delimiter: Delimiter;
  header: string[];
  rows: TableRow[];
  blankLines: number;
};

const CANDIDATES: readonly Delimiter[] = ["\t", ";", ","];

export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Tab (a spreadsheet paste) first, then `;` (Excel pt-BR), then `,`: the most frequent outside quotes. */
export function detectDelimiter(headerLine: string): Delimiter {
  const unquoted = headerLine.replace(/"[^"]*"/g, "");
  let best: Delimiter = ";";
  let bestCount = 0;
  for (const d of CANDIDATES) {
    const count = unquoted.split(d).length - 1;
    if (count > bestCount) [best, bestCount] = [d, count];
  }
  return best;
}

/**
 * Line numbers are spreadsheet rows: the header is line 1, the first record line 2, as Excel shows
 * them (a quoted field holding a line break stays one record, one row). Blank records are counted
 * and skipped, never renumbered, so a line number always points at the row the person sees.
 */
export function readTable(text: string): Table {
  const clean = stripBom(text);
  const firstLine = clean.split(/\r?\n/, 1)[0] ?? "";
  const delimiter = detectDelimiter(firstLine);
  const parsed = Papa.parse<string[]>(clean, { delimiter, header: false, skipEmptyLines: false });
  const records = parsed.data;
  const header = (records[0] ?? []).map((c) => c.trim());
  const rows: TableRow[] = [];
  let blankLines = 0;
  for (let i = 1; i < records.length; i++) {
    const cells = records[i]!.map((c) => c.trim());
    if (cells.every((c) => c === "")) {
      // papaparse yields one empty record for the final newline: not a line the person wrote.
      if (i < records.length - 1) blankLines++;
      continue;
    }
    rows.push({ line: i + 1, cells });
  }
  return { delimiter, header, rows, blankLines };
}
