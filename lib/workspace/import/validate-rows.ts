// Every row of an import checked with the forms' own schemas. Pure. Nothing is dropped silently:
// a row is either accepted or rejected with its line, column and pt-BR reason, and a client value
// that differs from an earlier row of the same CPF/CNPJ is kept from the earlier row and reported.

import * as z from "zod/mini";
import {
  clientInputSchema,
  vehicleInputSchema,
  type ClientInput,
  type VehicleInput,
} from "@/lib/validation/workspace-input";
import { columnName, type ColumnMap, type ImportField } from "./columns";
import type { Table } from "./read-table";

export type ImportRow = { line: number; client: ClientInput; vehicle: VehicleInput };
export type RowProblem = { column: string; reason: string };
export type Rejection = { line: number; problems: RowProblem[] };
export type Warning = { line: number; column: string; message: string };
export type ValidatedRows = { rows: ImportRow[]; rejections: Rejection[]; warnings: Warning[] };

const CLIENT_FIELDS = ["name", "cpfCnpj", "phone", "email"] as const;
const VEHICLE_FIELDS = ["plate", "uf", "renavam"] as const;

function problemsOf(error: z.core.$ZodError, column: (f: ImportField) => string): RowProblem[] {
  const seen = new Set<string>();
  const out: RowProblem[] = [];
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "") as ImportField;
    if (seen.has(field)) continue;
    seen.add(field);
    out.push({ column: column(field), reason: issue.message });
  }
  return out;
}

export function validateRows(table: Table, map: ColumnMap): ValidatedRows {
  const column = (f: ImportField) => columnName(f, table.header, map);
  const cell = (cells: string[], f: ImportField) => {
    const i = map.index[f];
    return i === undefined ? undefined : (cells[i] ?? "");
  };
  const rows: ImportRow[] = [];
  const rejections: Rejection[] = [];
  const warnings: Warning[] = [];
  const plateLine = new Map<string, number>();
  const clientRow = new Map<string, ImportRow>();

  for (const { line, cells } of table.rows) {
    const problems: RowProblem[] = [];
    if (
      cells.length > table.header.length &&
      cells.slice(table.header.length).some((c) => c !== "")
    ) {
      problems.push({
        column: `coluna ${table.header.length + 1}`,
        reason:
          "A linha tem mais colunas preenchidas que o cabeçalho. Confira o separador e as aspas.",
      });
    }
    const client = z.safeParse(
      clientInputSchema,
      Object.fromEntries(CLIENT_FIELDS.map((f) => [f, cell(cells, f)])),
    );
    const vehicle = z.safeParse(
      vehicleInputSchema,
      Object.fromEntries(VEHICLE_FIELDS.map((f) => [f, cell(cells, f)])),
    );
    if (!client.success) problems.push(...problemsOf(client.error, column));
    if (!vehicle.success) problems.push(...problemsOf(vehicle.error, column));
    if (vehicle.success) {
      const earlier = plateLine.get(vehicle.data.plate);
      if (earlier !== undefined)
        problems.push({
          column: column("plate"),
          reason: `Placa repetida: já aparece na linha ${earlier} deste arquivo.`,
        });
    }
    if (problems.length > 0 || !client.success || !vehicle.success) {
      rejections.push({ line, problems });
      continue;
    }
    plateLine.set(vehicle.data.plate, line);
    const first = clientRow.get(client.data.cpfCnpj);
    if (first) {
      for (const f of ["name", "phone", "email"] as const) {
        const now = client.data[f];
        if (now !== undefined && now !== first.client[f]) {
          warnings.push({
            line,
            column: column(f),
            message: `Diferente da linha ${first.line} para o mesmo CPF/CNPJ: mantido o valor da linha ${first.line}.`,
          });
        }
      }
      rows.push({ line, client: first.client, vehicle: vehicle.data });
    } else {
      const row = { line, client: client.data, vehicle: vehicle.data };
      clientRow.set(client.data.cpfCnpj, row);
      rows.push(row);
    }
  }
  return { rows, rejections, warnings };
}
