// Small fixed-width tables and PASS/MISS marks (targets never fail a benchmark script).

export function printTable(title: string, head: string[], rows: (string | number)[][]): void {
  const cells = [head, ...rows.map((r) => r.map(String))];
  const widths = head.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? "").length)));
  const line = (r: string[]) =>
    r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  console.log(`\n${title}`);
  console.log(line(head));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of cells.slice(1)) console.log(line(r));
}

export const mark = (ok: boolean) => (ok ? "PASS" : "MISS");

/** What a target is read against, measured in the same run, and the measured figure's ratio to it. */
export type Baseline = { baseline: string; ratio: number };

/**
 * One line run-all.ts picks up: `TARGET <name>: <measured>[; baseline <b>; ratio <r>x] (target <t>) PASS|MISS`.
 * A target without a baseline is a bound a person or the upstream's account sets (50 ms, 2 calls a minute).
 */
export function target(
  name: string,
  measured: string,
  goal: string,
  ok: boolean,
  same?: Baseline,
): void {
  const versus = same ? `; baseline ${same.baseline}; ratio ${same.ratio.toFixed(2)}x` : "";
  console.log(`TARGET ${name}: ${measured}${versus} (target ${goal}) ${mark(ok)}`);
}

/** The parts of a TARGET line (run-all.ts's summary table); null for any other line. */
export function parseTarget(line: string): {
  name: string;
  measured: string;
  baseline: string;
  ratio: string;
  goal: string;
  mark: string;
} | null {
  const m =
    /^TARGET (.+?): (.*?)(?:; baseline (.*); ratio (\S+))? \(target (.*)\) (PASS|MISS)$/.exec(
      line.trim(),
    );
  return m
    ? {
        name: m[1]!,
        measured: m[2]!,
        baseline: m[3] ?? "-",
        ratio: m[4] ?? "-",
        goal: m[5]!,
        mark: m[6]!,
      }
    : null;
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
