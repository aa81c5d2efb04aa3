import { lookupCoverage } from "@/lib/rules/lookup-coverage";

/**
 * What the lookup covers and what it may miss. Rendered by the server page and handed to the
 * client result, so this text never ships as JavaScript.
 */
export function LookupCoverage({ uf }: { uf: string }) {
  const coverage = lookupCoverage(uf);
  return (
    <section
      aria-labelledby="coverage-title"
      className="rounded-xl border border-slate-200 bg-white p-4 text-sm leading-relaxed text-slate-700"
    >
      <h2 id="coverage-title" className="text-sm font-semibold text-slate-900">
        O que esta consulta cobre
      </h2>
      <p className="mt-1">{coverage.covers}</p>
      <p className="mt-2">{coverage.mayBeMissing}</p>
      <p className="mt-2">{coverage.whereToCheck}</p>
    </section>
  );
}
