import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";

// A type-only import: erased from the bundle, so the server-only module never reaches the browser.
export type { ImportReport as ImportReportView } from "@/lib/workspace/import/run-import";
import type { ImportReport as ImportReportView } from "@/lib/workspace/import/run-import";

const n = (v: number) => v.toLocaleString("pt-BR");

/** What the import did, in counts, and every rejected row with its line, column and reason. */
export function ImportReport({ report }: { report: ImportReportView }) {
  const { clients: c, vehicles: v } = report;
  return (
    <Card aria-labelledby="resultado-importacao">
      <h2 id="resultado-importacao" className="text-lg font-semibold text-slate-900">
        Resultado da importação
      </h2>
      <Alert
        tone={report.rejected > 0 ? "warning" : "success"}
        live
        className="mt-3"
        title={`${n(report.accepted)} de ${n(report.rows)} linhas importadas; ${n(report.rejected)} recusadas.`}
      >
        <p>
          Clientes: {n(c.created)} novos, {n(c.updated)} atualizados, {n(c.unchanged)} sem mudança.
          Veículos: {n(v.created)} novos, {n(v.updated)} atualizados
          {v.moved > 0 ? ` (${n(v.moved)} mudaram de cliente)` : ""}, {n(v.unchanged)} sem mudança.
        </p>
        {report.blankLines > 0 ? (
          <p className="mt-1">{n(report.blankLines)} linhas em branco foram puladas.</p>
        ) : null}
        {report.ignoredColumns.length > 0 ? (
          <p className="mt-1">Colunas não usadas: {report.ignoredColumns.join(", ")}.</p>
        ) : null}
      </Alert>
      {report.rejections.length > 0 ? (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="mb-2 text-left text-base font-semibold text-slate-900">
              Linhas recusadas (corrija e importe de novo: o que já entrou não se duplica)
            </caption>
            <thead>
              <tr className="border-b border-slate-300 text-slate-700">
                <th scope="col" className="py-2 pr-3">
                  Linha
                </th>
                <th scope="col" className="py-2 pr-3">
                  Coluna
                </th>
                <th scope="col" className="py-2">
                  Motivo
                </th>
              </tr>
            </thead>
            <tbody>
              {report.rejections.flatMap((r) =>
                r.problems.map((p, i) => (
                  <tr key={`${r.line}-${i}`} className="border-b border-slate-100 align-top">
                    <td className="py-2 pr-3 font-semibold tabular-nums">
                      {i === 0 ? r.line : ""}
                    </td>
                    <td className="py-2 pr-3">{p.column}</td>
                    <td className="py-2 text-slate-800">{p.reason}</td>
                  </tr>
                )),
              )}
            </tbody>
          </table>
        </div>
      ) : null}
      {report.warnings.length > 0 ? (
        <div className="mt-4">
          <h3 className="text-base font-semibold text-slate-900">Avisos</h3>
          <ul className="mt-1 list-disc pl-5 text-sm text-slate-800">
            {report.warnings.map((w, i) => (
              <li key={i}>
                Linha {w.line}, coluna {w.column}: {w.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Card>
  );
}
