// Sorting and filtering of a batch's results table: pure (the page calls it on every poll).
import type { BatchItemStatus } from "./batch-item-status";

export type SortKey = "client" | "plate" | "status" | "total";
export type ResultsFilter = { text: string; status: "all" | BatchItemStatus };
/** What the table sorts by, of a batch item (`BatchItemView` in lib/workspace/batches/types.ts). */
export type ResultsRow = {
  clientName: string;
  plate: string;
  status: BatchItemStatus;
  summary: { totalCents: number } | null;
};

const STATUS_ORDER: Record<BatchItemStatus, number> = {
  failed: 0,
  running: 1,
  queued: 2,
  done: 3,
};

const normalize = (s: string) =>
  s
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

export function filterAndSort<Row extends ResultsRow>(
  items: readonly Row[],
  filter: ResultsFilter,
  sort: { key: SortKey; dir: "asc" | "desc" },
): Row[] {
  const needle = normalize(filter.text.trim()).replace(/-/g, "");
  const kept = items.filter(
    (i) =>
      (filter.status === "all" || i.status === filter.status) &&
      (!needle ||
        normalize(i.clientName).includes(needle) ||
        i.plate.toLowerCase().includes(needle)),
  );
  const compare = (a: Row, b: Row): number => {
    switch (sort.key) {
      case "client":
        return a.clientName.localeCompare(b.clientName, "pt-BR");
      case "plate":
        return a.plate.localeCompare(b.plate);
      case "status":
        return STATUS_ORDER[a.status] - STATUS_ORDER[b.status];
      case "total":
        // Items without a total (failed, waiting) sort below every amount.
        return (a.summary?.totalCents ?? -1) - (b.summary?.totalCents ?? -1);
    }
  };
  const sign = sort.dir === "asc" ? 1 : -1;
  return kept.sort((a, b) => sign * compare(a, b) || a.plate.localeCompare(b.plate));
}
