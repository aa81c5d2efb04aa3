import path from "node:path";
import { describe, expect, it } from "vitest";
import { folderCycles, folderGraph, moduleGraph } from "../../support/folder-graph";

const root = path.resolve(__dirname, "../../..");

describe("lib/ folders import one way (docs/layers.md)", () => {
  it("has no folder-level import cycle", () => {
    const cycles = folderCycles(folderGraph(root));
    // On failure the message lists each cycle and the imports that hold it.
    expect(cycles.map((c) => `${c.folders.join(", ")}\n  ${c.edges.join("\n  ")}`)).toEqual([]);
  });

  it("sees a cycle when there is one (the check is not vacuous)", () => {
    const graph = folderGraph(root);
    graph.set(
      "db",
      new Map([...(graph.get("db") ?? []), ["payments", ["lib/db/x.ts -> lib/payments/y.ts"]]]),
    );
    expect(folderCycles(graph).map((c) => c.folders)).toContainEqual(
      expect.arrayContaining(["db", "payments"]),
    );
  });
});

describe("lib/ modules import one way inside their folders too", () => {
  // A module cycle makes import order decide which binding is still undefined at load time.
  it("has no module-level import cycle", () => {
    const cycles = folderCycles(moduleGraph(root));
    expect(cycles.map((c) => `${c.folders.join(", ")}\n  ${c.edges.join("\n  ")}`)).toEqual([]);
  });
});
