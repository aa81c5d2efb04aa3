import Link from "next/link";
import { formatDateTimeBR } from "@/lib/rules/money";
import type { BatchListEntry } from "@/lib/workspace/batches/types";
import { BatchProgressBar } from "./batch-progress";

/** The account's batches, newest first, each with its progress (server-rendered). */
export function BatchList({ batches }: { batches: BatchListEntry[] }) {
  return (
    <ul className="flex flex-col gap-4" aria-label="Lotes de consulta">
      {batches.map((b) => (
        <li key={b.id} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
            <Link
              href={`/painel/lotes/${b.id}`}
              className="text-lg font-semibold text-brand-700 underline underline-offset-2"
            >
              Lote de {formatDateTimeBR(b.createdAt)}
            </Link>
            <span className="text-sm text-slate-700">
              {b.progress.total} {b.progress.total === 1 ? "veículo" : "veículos"}
            </span>
          </div>
          <BatchProgressBar
            progress={b.progress}
            label={`Progresso do lote de ${formatDateTimeBR(b.createdAt)}`}
          />
        </li>
      ))}
    </ul>
  );
}
