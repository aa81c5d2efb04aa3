// Walks the file system for every workspace route handler (app/api/workspace/**/route.ts) and
// every workspace page (app/painel/**/page.tsx), so the authorization tests cover whatever the
// workspace grows to: a new route or page is tested the day it is added, and one with a dynamic
// segment of a kind the tests do not know fails them until it is taught (PARAM_KINDS).
import { readdirSync, statSync } from "node:fs";
import path from "node:path";

/** Every dynamic segment the workspace may use, and what fills it. */
export const PARAM_KINDS = [
  "clientId",
  "vehicleId",
  "batchId",
  "itemId",
  "linkToken",
  "eventId",
  "keyId",
  "endpointId",
  "deliveryId",
] as const;
export type ParamKind = (typeof PARAM_KINDS)[number];

export type WalkedFile = {
  /** Absolute path of the file. */
  file: string;
  /** The URL pattern, e.g. /api/workspace/clients/[clientId]/vehicles. */
  template: string;
  /** Dynamic segment names in order (route groups and catch-alls are refused below). */
  params: string[];
};

function walk(dir: string, leaf: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir).sort()) {
    const p = path.join(dir, entry);
    if (statSync(p).isDirectory()) walk(p, leaf, out);
    else if (entry === leaf) out.push(p);
  }
  return out;
}

function toTemplate(root: string, urlBase: string, file: string): WalkedFile {
  const rel = path.relative(root, path.dirname(file)).split(path.sep).filter(Boolean);
  // (group) folders add nothing to the URL; catch-alls would take ids the walker cannot fill.
  const segments = rel.filter((s) => !/^\(.*\)$/.test(s));
  const params = segments.flatMap((s) =>
    /^\[[^.\]]+\]$/.test(s) ? [s.slice(1, -1)] : /^\[/.test(s) ? [s] : [],
  );
  return { file, template: [urlBase, ...segments].join("/"), params };
}

export function isKnownParam(name: string): name is ParamKind {
  return (PARAM_KINDS as readonly string[]).includes(name);
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A value as it can arrive in a URL: a URL is UTF-8 bytes, so a lone surrogate cannot be sent
 * (encodeURIComponent throws on it); its bytes decode to U+FFFD, which is what Next hands a route.
 */
export function urlSafeValue(value: string): string {
  return value.replace(LONE_SURROGATE, "\uFFFD");
}

/** Fills a template's dynamic segments (URL-encoded). */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\[([^\]]+)\]/g, (_, name: string) => {
    const v = values[name];
    if (v === undefined) throw new Error(`no value for [${name}] in ${template}`);
    return encodeURIComponent(urlSafeValue(v));
  });
}

export function workspaceRouteFiles(repo = process.cwd()): WalkedFile[] {
  const root = path.join(repo, "app/api/workspace");
  try {
    return walk(root, "route.ts").map((f) => toTemplate(root, "/api/workspace", f));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

export function workspacePageFiles(repo = process.cwd()): WalkedFile[] {
  const root = path.join(repo, "app/painel");
  return walk(root, "page.tsx").map((f) => toTemplate(root, "/painel", f));
}

/** The API routes the workspace's URL conventions name: each must exist. */
export const CONVENTION_ROUTES = [
  "/api/workspace/clients",
  "/api/workspace/clients/[clientId]",
  "/api/workspace/clients/[clientId]/vehicles",
  "/api/workspace/vehicles/[vehicleId]",
  "/api/workspace/clients/import",
  "/api/workspace/clients/import/template",
  "/api/workspace/batches",
  "/api/workspace/batches/[batchId]",
  "/api/workspace/batches/[batchId]/retry",
  "/api/workspace/batches/[batchId]/csv",
  "/api/workspace/batches/[batchId]/clients/[clientId]/pdf",
  "/api/workspace/links",
  "/api/workspace/links/[linkToken]/renew",
  "/api/workspace/links/[linkToken]/send",
  "/api/workspace/links/adopt",
  "/api/workspace/radar",
  "/api/workspace/radar/off",
  "/api/workspace/radar/cap",
] as const;

export const CONVENTION_PAGES = [
  "/painel",
  "/painel/clientes",
  "/painel/clientes/importar",
  "/painel/clientes/[clientId]",
  "/painel/lotes",
  "/painel/lotes/novo",
  "/painel/lotes/[batchId]",
  "/painel/lotes/[batchId]/itens/[itemId]",
  "/painel/links",
  "/painel/radar",
  "/painel/radar/eventos/[eventId]",
] as const;
