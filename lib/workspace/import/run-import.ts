import "server-only";
import { AppError } from "@/lib/errors/app-error";
import { moduleLogger } from "@/lib/log/logger";
import { isUniqueViolation } from "@/lib/workspace/clients/errors";
import { applyRows, type Applied } from "./apply-rows";
import { FIELD_LABELS, mapColumns } from "./columns";
import { assertImportRows, assertImportSize } from "./limits";
import { readTable, type Delimiter } from "./read-table";
import { validateRows, type Rejection, type Warning } from "./validate-rows";

// One import: size limits, columns, every row checked, then the accepted rows written in ONE
// transaction (all or nothing: a crash halfway leaves the account as it was, and importing the
// same file again is always safe). Keys: CPF/CNPJ for clients, plate for vehicles, per account.

const log = moduleLogger("workspace-import");

export type ImportReport = Applied & {
  delimiter: Delimiter;
  /** Data rows read (blank lines not counted). */
  rows: number;
  accepted: number;
  rejected: number;
  blankLines: number;
  rejections: Rejection[];
  warnings: Warning[];
  ignoredColumns: string[];
};

export async function runImport(userId: string, text: string): Promise<ImportReport> {
  assertImportSize(text);
  const table = readTable(text);
  if (table.header.every((h) => h === "")) {
    throw new AppError({ code: "IMPORT_EMPTY" });
  }
  assertImportRows(table.rows.length);
  const map = mapColumns(table.header);
  if (map.missing.length > 0 || map.duplicated.length > 0) {
    const missing = map.missing.map((f) => FIELD_LABELS[f]);
    const duplicated = map.duplicated.map((f) => FIELD_LABELS[f]);
    const parts = [
      missing.length ? `faltam as colunas ${missing.join(", ")}` : "",
      duplicated.length ? `as colunas ${duplicated.join(", ")} aparecem duas vezes` : "",
    ].filter(Boolean);
    throw new AppError({
      code: "IMPORT_COLUMNS",
      message: `Não reconhecemos o cabeçalho da planilha: ${parts.join("; ")}. A primeira linha deve ter nome, cpf_cnpj, placa, uf e renavam (telefone e email são opcionais).`,
      fields: Object.fromEntries([
        ...missing.map((c) => [c, "Coluna ausente."]),
        ...duplicated.map((c) => [c, "Coluna repetida."]),
      ]),
    });
  }
  const checked = validateRows(table, map);
  let applied: Applied;
  try {
    applied = await applyRows(userId, checked.rows);
  } catch (error) {
    // Another import of the same account inserted the same CPF/plate first: that one committed,
    // so a second pass finds those rows and updates them instead.
    if (!isUniqueViolation(error)) throw error;
    applied = await applyRows(userId, checked.rows);
  }
  const report: ImportReport = {
    ...applied,
    delimiter: table.delimiter,
    rows: table.rows.length,
    accepted: checked.rows.length,
    rejected: checked.rejections.length,
    blankLines: table.blankLines,
    rejections: checked.rejections,
    warnings: checked.warnings,
    ignoredColumns: map.ignored,
  };
  log.info(
    {
      rows: report.rows,
      accepted: report.accepted,
      rejected: report.rejected,
      clients: applied.clients,
      vehicles: applied.vehicles,
    },
    "import applied",
  );
  return report;
}
