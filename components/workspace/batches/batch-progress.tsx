import { formatEta } from "@/lib/rules/batch-eta";
import type { BatchProgress } from "@/lib/workspace/batches/types";

/** The live progress bar: done and failed as two segments, counts in words beside it. */
export function BatchProgressBar({
  progress,
  label = "Progresso do lote",
}: {
  progress: BatchProgress;
  label?: string;
}) {
  const { total, done, failed, remaining, etaSeconds } = progress;
  const pct = (n: number) => (total === 0 ? 0 : (n / total) * 100);
  const finished = done + failed;
  return (
    <div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={finished}
        aria-valuetext={`${finished} de ${total} consultas concluídas`}
        className="flex h-4 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full bg-emerald-600 transition-[width] motion-reduce:transition-none"
          style={{ width: `${pct(done)}%` }}
        />
        <div
          className="h-full bg-red-600 transition-[width] motion-reduce:transition-none"
          style={{ width: `${pct(failed)}%` }}
        />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-slate-700">Concluídas</dt>
          <dd className="text-lg font-semibold tabular-nums text-emerald-800">{done}</dd>
        </div>
        <div>
          <dt className="text-slate-700">Com falha</dt>
          <dd className="text-lg font-semibold tabular-nums text-red-800">{failed}</dd>
        </div>
        <div>
          <dt className="text-slate-700">Restantes</dt>
          <dd className="text-lg font-semibold tabular-nums text-slate-900">{remaining}</dd>
        </div>
        <div>
          <dt className="text-slate-700">Tempo restante</dt>
          <dd className="text-lg font-semibold text-slate-900">
            {remaining === 0 ? "concluído" : formatEta(etaSeconds)}
          </dd>
        </div>
      </dl>
    </div>
  );
}
