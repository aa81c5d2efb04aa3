import "server-only";
import { ITEM_STATUS_LABEL } from "@/lib/rules/batch-item-status";
import type { BatchView } from "./batch-view";
import { toExcelCsv, type Cell, type MoneyCell } from "./excel-csv";

// The results table as a CSV for Excel pt-BR (rules in excel-csv.ts). No CPF/CNPJ: the file is
// forwarded and kept; the client's name and the plate are enough to find the row.

export const BATCH_CSV_HEADER = [
  "Cliente",
  "Placa",
  "UF",
  "Situação",
  "Total (R$)",
  "Multas (R$)",
  "IPVA (R$)",
  "Licenciamento (R$)",
  "Outros (R$)",
  "Débitos",
  "Para licenciar (R$)",
  "Exigido para licenciar",
  "Observação",
];

export function batchCsv(view: BatchView): string {
  const rows = view.items.map((i): (Cell | MoneyCell)[] => {
    const s = i.summary;
    const money = (cents: number | undefined): MoneyCell | null =>
      s && cents !== undefined ? { cents } : null;
    return [
      i.clientName,
      i.plate,
      i.uf,
      ITEM_STATUS_LABEL[i.status] ?? i.status,
      money(s?.totalCents),
      money(s?.finesCents),
      money(s?.ipvaCents),
      money(s?.licensingCents),
      money(s?.otherCents),
      s ? s.debtCount : null,
      money(s?.licensing.totalCents),
      s ? s.licensing.titles.join(", ") : null,
      i.errorMessage ?? (s && s.debtCount === 0 ? "Nenhum débito pendente" : null),
    ];
  });
  return toExcelCsv(BATCH_CSV_HEADER, rows);
}

export const batchCsvFilename = (view: BatchView) =>
  `lote-${view.createdAt.slice(0, 10)}-${view.id.slice(-6)}.csv`;

/** The CSV as a download (the batch page's export and the API's). */
export function batchCsvResponse(view: BatchView): Response {
  return new Response(batchCsv(view), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${batchCsvFilename(view)}"`,
      "cache-control": "private, no-store",
    },
  });
}
