import { formatPlate } from "@/lib/rules/plate";
import type { VehicleView } from "@/lib/browser/types";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";

// Upstream writes CIRCULACAO, ALIENACAO FIDUCIARIA…: show them in sentence case, accents where we know them.
const WORDS: Record<string, string> = {
  CIRCULACAO: "Em circulação",
  ALIENACAO: "Alienação",
  BAIXADO: "Baixado",
  GASOLINA: "Gasolina",
  ALCOOL: "Álcool",
  ELETRICO: "Elétrico",
};
function readable(value: string): string {
  return value
    .split(/\s+/)
    .map(
      (word, i) =>
        WORDS[word] ??
        (i === 0 ? word.charAt(0) + word.slice(1).toLowerCase() : word.toLowerCase()),
    )
    .join(" ");
}

// Place names capitalise every word except the Portuguese connectives (Belo Horizonte, Rio de Janeiro).
function titleCase(value: string): string {
  return value
    .toLowerCase()
    .split(/\s+/)
    .map((w) =>
      ["de", "da", "do", "das", "dos", "e"].includes(w)
        ? w
        : w.charAt(0).toUpperCase() + w.slice(1),
    )
    .join(" ");
}

/** What enrichment told us about the vehicle: enough for the person to recognise their car. */
export function VehicleCard({ vehicle }: { vehicle: VehicleView }) {
  const facts: Array<[string, string]> = [
    ["Ano", `${vehicle.manufactureYear}/${vehicle.modelYear}`],
    ["Cor", readable(vehicle.color)],
    ["Combustível", readable(vehicle.fuel)],
    ["Situação", readable(vehicle.situation)],
    [
      "Município",
      vehicle.municipality ? `${titleCase(vehicle.municipality)} – ${vehicle.uf}` : vehicle.uf,
    ],
  ];
  return (
    <Card aria-labelledby="vehicle-title">
      <p className="text-sm font-semibold tracking-wider text-slate-700">
        {formatPlate(vehicle.plate)} · {vehicle.uf}
      </p>
      <h2 id="vehicle-title" className="mt-1 text-xl font-bold text-slate-900">
        {vehicle.make} {vehicle.model}
      </h2>
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt className="text-xs text-slate-600">{term}</dt>
            <dd className="font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-4">
        <p className="text-xs text-slate-600">Restrições</p>
        {vehicle.restrictions.length === 0 ? (
          <p className="font-medium text-slate-900">Nenhuma restrição</p>
        ) : (
          <ul className="mt-1 flex flex-wrap gap-2">
            {vehicle.restrictions.map((r) => (
              <li key={r}>
                <Badge tone="warning">{readable(r)}</Badge>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
