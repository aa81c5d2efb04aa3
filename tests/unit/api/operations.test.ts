import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EVENT_EXAMPLES } from "@/lib/api/event-examples";
import { API_OPERATIONS } from "@/lib/api/operations";
import { EVENT_SCHEMAS } from "@/lib/api/schemas";
import { API_EVENT_TYPES } from "@/lib/rules/api-events";

// The OpenAPI document is built from API_OPERATIONS, the routes from the files under app/api/v1:
// an operation without a route (or a handler the document does not describe) would make the
// document lie. And the webhooks' documented bodies are the builders' own output.

const ROOT = path.resolve("app/api/v1");
function routeFiles(dir = ROOT): string[] {
  return readdirSync(dir).flatMap((e) => {
    const p = path.join(dir, e);
    return statSync(p).isDirectory() ? routeFiles(p) : e === "route.ts" ? [p] : [];
  });
}

describe("API operations and routes", () => {
  it("every exported handler under app/api/v1 is an operation, and every operation has its handler", () => {
    const handlers = new Set<string>();
    for (const file of routeFiles()) {
      const rel = path.relative(ROOT, path.dirname(file)).split(path.sep).filter(Boolean);
      if (rel[0] === "openapi.json") continue;
      const template = `/${rel.map((s) => (s.startsWith("[") ? `{${s.slice(1, -1)}}` : s)).join("/")}`;
      const source = readFileSync(file, "utf8");
      for (const m of source.matchAll(
        /export const (GET|POST|PATCH|DELETE|PUT) = apiRoute\(\s*op\.(\w+)/g,
      )) {
        const op = API_OPERATIONS[m[2] as keyof typeof API_OPERATIONS];
        expect(op, `${file}: op.${m[2]}`).toBeDefined();
        expect(`${op.method} ${op.path}`, file).toBe(`${m[1]} ${template}`);
        handlers.add(`${m[1]} ${template}`);
      }
      expect(source, `${file} exports a handler that is not apiRoute(op.…)`).not.toMatch(
        /export (const|async function|function) (GET|POST|PATCH|DELETE|PUT)\b(?! = apiRoute\(\s*op\.)/,
      );
    }
    expect([...handlers].sort()).toEqual(
      Object.values(API_OPERATIONS)
        .map((o) => `${o.method} ${o.path}`)
        .sort(),
    );
  });

  it("each event's documented body is what its builder makes", () => {
    expect(Object.keys(EVENT_SCHEMAS).sort()).toEqual([...API_EVENT_TYPES].sort());
    for (const type of API_EVENT_TYPES) {
      const parsed = EVENT_SCHEMAS[type].strict().safeParse(EVENT_EXAMPLES[type]);
      expect(parsed.error?.issues ?? [], type).toEqual([]);
    }
  });
});
