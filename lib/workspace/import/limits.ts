// How much one import may carry. Pure. 2,000 vehicles is several times a large despachante's
// portfolio and stays one database transaction of a few seconds; 1 MB holds 2,000 full rows.

import { AppError } from "@/lib/errors/app-error";

export const IMPORT_MAX_ROWS = 2000;
export const IMPORT_MAX_BYTES = 1024 * 1024;

export function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).length;
}

export function assertImportSize(text: string): void {
  if (utf8Bytes(text) > IMPORT_MAX_BYTES) {
    throw new AppError({ code: "IMPORT_TOO_LARGE" });
  }
}

export function assertImportRows(rows: number): void {
  if (rows > IMPORT_MAX_ROWS) {
    throw new AppError({
      code: "IMPORT_TOO_MANY_ROWS",
      message: `A planilha tem ${rows} linhas; o limite é ${IMPORT_MAX_ROWS} por importação. Divida a planilha em partes.`,
    });
  }
}
