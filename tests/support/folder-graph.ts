import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

// The folder-level import graph of lib/ (each lib/<folder> one node, a file directly in lib/ its
// own): what a module-level cycle rule cannot see (docs/layers.md). Every import counts, type-only
// ones too: they name a layer as much as a value import does. The same check as the team's
// folder-cycles tool, kept here so CI, which clones only this repository, runs it.

export type FolderGraph = Map<string, Map<string, string[]>>; // from -> to -> "file -> file" examples

const SOURCE = /\.(ts|tsx|mts)$/;
const IMPORT =
  /(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    if (entry === "generated" || entry === "node_modules") continue;
    const p = path.join(dir, entry);
    if (statSync(p).isDirectory()) sourceFiles(p, out);
    else if (SOURCE.test(entry) && !entry.endsWith(".d.ts")) out.push(p);
  }
  return out;
}

function resolveImport(root: string, from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("@/")) base = path.join(root, spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
  else return null;
  for (const c of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, "index.ts"),
    path.join(base, "index.tsx"),
    base.replace(/\.js$/, ".ts"),
  ]) {
    if (existsSync(c) && statSync(c).isFile()) return c;
  }
  return null;
}

function importGraph(root: string, unit: (abs: string) => string | null): FolderGraph {
  const graph: FolderGraph = new Map();
  for (const file of sourceFiles(path.join(root, "lib"))) {
    const a = unit(file)!;
    for (const m of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const target = resolveImport(root, file, (m[1] ?? m[2])!);
      const b = target && unit(target);
      if (!b || b === a || b === "generated" || b.startsWith("lib/generated/")) continue;
      if (!graph.has(a)) graph.set(a, new Map());
      const edges = graph.get(a)!;
      if (!edges.has(b)) edges.set(b, []);
      edges.get(b)!.push(`${path.relative(root, file)} -> ${path.relative(root, target)}`);
    }
  }
  return graph;
}

export function folderGraph(root: string): FolderGraph {
  const lib = path.join(root, "lib");
  return importGraph(root, (abs) => {
    const rel = path.relative(lib, abs);
    if (rel.startsWith("..")) return null;
    const parts = rel.split(path.sep);
    return parts.length > 1 ? parts[0]! : rel.replace(SOURCE, "");
  });
}

/** The same graph with each lib/ file its own node: cycles inside one folder show here. */
export function moduleGraph(root: string): FolderGraph {
  return importGraph(root, (abs) => {
    const rel = path.relative(root, abs);
    return rel.startsWith(`lib${path.sep}`) ? rel : null;
  });
}

/** Strongly connected components of more than one folder (Tarjan), each with the edges holding it. */
export function folderCycles(graph: FolderGraph): { folders: string[]; edges: string[] }[] {
  let index = 0;
  const stack: string[] = [];
  const onStack = new Set<string>();
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const components: string[][] = [];
  const nodes = new Set([...graph.keys(), ...[...graph.values()].flatMap((m) => [...m.keys()])]);
  const strong = (v: string) => {
    indexOf.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of (graph.get(v) ?? new Map<string, string[]>()).keys()) {
      if (!indexOf.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indexOf.get(w)!));
    }
    if (low.get(v) === indexOf.get(v)) {
      const c: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        c.push(w);
      } while (w !== v);
      if (c.length > 1) components.push(c.sort());
    }
  };
  for (const v of nodes) if (!indexOf.has(v)) strong(v);
  return components.map((folders) => ({
    folders,
    edges: folders.flatMap((a) =>
      [...(graph.get(a) ?? [])]
        .filter(([b]) => folders.includes(b))
        .map(
          ([b, list]) =>
            `${a} -> ${b}: ${list[0]}${list.length > 1 ? ` (+${list.length - 1})` : ""}`,
        ),
    ),
  }));
}
