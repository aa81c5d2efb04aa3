"use client";

import { useSearchParams } from "next/navigation";
import { useEffect, useMemo, useState } from "react";
import {
  explainAddedAlongside,
  explainBlocked,
  explainRemovedAlongside,
} from "@/lib/rules/debt-explanations";
import {
  presetAll,
  presetFinesOnly,
  presetLicensing,
  type PresetResult,
} from "@/lib/rules/debt-presets";
import {
  debtIdsFromParam,
  select,
  toSelectable,
  unselect,
  validateSelection,
  whyBlocked,
  type DebtForSelection,
} from "@/lib/rules/debt-selection";
import { sumCents } from "@/lib/rules/money";
import type { DebtView } from "@/lib/browser/types";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useNow } from "@/components/hooks/use-now";
import { DebtItem, UnavailableDebtItem } from "./debt-item";
import { groupDebts } from "./debt-groups";
import { SelectionSummary } from "./selection-summary";

type Notice = { anchor: string; sentences: string[]; flash: string[] };

const PRESETS: Array<{ label: string; run: (d: DebtForSelection[]) => PresetResult }> = [
  { label: "Tudo", run: presetAll },
  { label: "Só o necessário para licenciar", run: presetLicensing },
  { label: "Só multas", run: presetFinesOnly },
];

type Props = {
  lookupId: string;
  debts: DebtView[];
  /** The next step for this selection instead of the public flow's "Continuar" (the workspace makes a link). */
  action?: (selection: string[]) => React.ReactNode;
};

/** Choose debts under upstream's dependsOn / distinct rules, saying in words what each choice does. */
export function DebtSelection({ lookupId, debts, action }: Props) {
  // Debts paid or in payment since this lookup (lib/rules/debt-availability, judged by the server)
  // are shown but never selectable; the set left is closed under dependsOn, so every rule, preset
  // and address selection below works on it unchanged.
  const rules = useMemo(() => debts.filter((d) => !d.availability).map(toSelectable), [debts]);
  const groups = useMemo(() => groupDebts(debts), [debts]);
  const params = useSearchParams();
  // The selection lives in the address (?debts=) so the back button and "Alterar a seleção"
  // return to it; ids that no longer make a valid selection are dropped rather than half-applied.
  const [selection, setSelection] = useState<string[]>(() => {
    const ids = debtIdsFromParam(params.get("debts")).filter((id) =>
      rules.some((d) => d.id === id),
    );
    return ids.length > 0 && validateSelection(ids, rules).ok ? ids : [];
  });
  useEffect(() => {
    const url = new URL(window.location.href);
    if (selection.length > 0) url.searchParams.set("debts", selection.join(","));
    else url.searchParams.delete("debts");
    // replaceState costs a few ms; most page loads have nothing to change.
    if (url.href !== window.location.href)
      window.history.replaceState(window.history.state, "", url);
  }, [selection]);
  const [notice, setNotice] = useState<Notice | null>(null);
  const now = useNow(60_000);
  const [presetNote, setPresetNote] = useState<string | null>(null);

  const toggle = (id: string, checked: boolean) => {
    setPresetNote(null);
    if (checked) {
      const result = select(selection, id, rules);
      setSelection(result.selection);
      setNotice({
        anchor: id,
        sentences: result.addedAlongside.map((a) => explainAddedAlongside(a, rules)),
        flash: result.addedAlongside.map((a) => a.id),
      });
    } else {
      const result = unselect(selection, id, rules);
      setSelection(result.selection);
      setNotice({
        anchor: id,
        sentences: result.removedAlongside.map((r) => explainRemovedAlongside(r, rules)),
        flash: [],
      });
    }
  };

  const applyPreset = (label: string, run: (d: typeof rules) => PresetResult) => {
    const result = run(rules);
    setSelection(result.selection);
    setNotice(null);
    const left = result.leftOut.flatMap((b) => explainBlocked(b, rules));
    setPresetNote(
      result.selection.length === 0
        ? `Nenhum débito se encaixa em “${label}”.`
        : left.length
          ? `Ficaram de fora: ${left.join(" ")}`
          : null,
    );
  };

  const chosen = new Set(selection);
  const totalCents = sumCents(debts.filter((d) => chosen.has(d.id)).map((d) => d.amountCents));
  const href = selection.length
    ? `/consulta/${lookupId}/pagamento?debts=${selection.join(",")}`
    : null;

  return (
    <div className="grid gap-5 lg:grid-cols-[1fr_20rem] lg:items-start">
      <div className="flex flex-col gap-5">
        <Card aria-labelledby="presets-title">
          <h2 id="presets-title" className="text-sm font-semibold text-slate-800">
            Seleção rápida
          </h2>
          <div className="mt-3 flex flex-wrap gap-2">
            {PRESETS.map((p) => (
              <Button key={p.label} variant="secondary" onClick={() => applyPreset(p.label, p.run)}>
                {p.label}
              </Button>
            ))}
          </div>
          <div aria-live="polite">
            {presetNote ? (
              <Alert tone="info" className="mt-3">
                {presetNote}
              </Alert>
            ) : null}
          </div>
        </Card>
        {groups.map((group) => (
          <Card key={group.type} aria-labelledby={`group-${group.type}`}>
            <h2 id={`group-${group.type}`} className="text-lg font-semibold text-slate-900">
              {group.label}
            </h2>
            {group.years.map(({ year, debts: yearDebts }) => (
              <div key={year ?? "none"} className="mt-3">
                {year !== null ? (
                  <h3 className="mb-2 text-sm font-semibold text-slate-700">{year}</h3>
                ) : null}
                <ul className="flex flex-col gap-2">
                  {yearDebts.map((debt) => {
                    if (debt.availability)
                      return (
                        <UnavailableDebtItem
                          key={debt.id}
                          debt={debt}
                          availability={debt.availability}
                        />
                      );
                    const blocked = chosen.has(debt.id)
                      ? null
                      : whyBlocked(selection, debt.id, rules);
                    return (
                      <DebtItem
                        key={debt.id}
                        debt={debt}
                        checked={chosen.has(debt.id)}
                        blockedReasons={blocked ? explainBlocked(blocked, rules) : []}
                        notice={notice?.anchor === debt.id ? notice.sentences : []}
                        flash={notice?.flash.includes(debt.id) ?? false}
                        onToggle={toggle}
                        now={now}
                      />
                    );
                  })}
                </ul>
              </div>
            ))}
          </Card>
        ))}
        {/* The dependency sentences, announced once per choice. */}
        <p className="sr-only" aria-live="polite">
          {notice?.sentences.join(" ") ?? ""}
        </p>
      </div>
      <SelectionSummary
        count={selection.length}
        totalCents={totalCents}
        href={href}
        action={action?.(selection)}
      />
    </div>
  );
}
