// Small fixed-width tables and PASS/MISS marks (targets never fail a benchmark script).

export function printTable(title: string, head: string[], rows: (string | number)[][]): void {
  const cells = [head, ...rows.map((r) => r.map(String))];
  const widths = head.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? "").length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  console.log(`\n${title}`);
  console.log(line(head));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of cells.slice(1)) console.log(line(r));
}

export const mark = (ok: boolean) => (ok ? "PASS" : "MISS");

/** One line run-all.ts picks up: `TARGET <name>: <measured> (target <target>) PASS|MISS`. */
export function target(name: string, measured: string, goal: string, ok: boolean): void {
  console.log(`TARGET ${name}: ${measured} (target ${goal}) ${mark(ok)}`);
}

/** A measurement with no target, which run-all.ts also carries into its summary. */
export function figure(name: string, measured: string): void {
  console.log(`FIGURE ${name}: ${measured}`);
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
