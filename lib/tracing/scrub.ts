import type { Attributes, AttributeValue } from "@opentelemetry/api";
// Relative: lib/server/serve.ts loads this folder under plain Node, where "@/" means nothing.
import { REDACTED_KEYS } from "../rules/sensitive-keys";

// Pure: what leaves the process in a span. Our own spans carry only safe attributes by
// construction (./trace.ts); this is the second line, for what Next and other libraries add: a
// request's path names a plate, a share link's token, the webhook's secret; its query may hold
// anything. Paths keep their shape ("/api/vehicles/{id}"), and any string that looks like a
// personal datum or a credential is replaced whole.

const REDACTED = "[redacted]";

/** Attributes that hold a URL or its path: kept as the path's shape. */
const URL_KEYS = new Set(["http.target", "http.url", "url.full", "url.path", "http.path"]);
/** Attributes never exported: a query string, the client's address, its browser. */
const DROPPED_KEYS = new Set([
  "url.query",
  "http.client_ip",
  "client.address",
  "net.peer.ip",
  "net.sock.peer.addr",
  "network.peer.address",
  "http.user_agent",
  "user_agent.original",
  "enduser.id",
  "exception.message",
]);

/**
 * The names the log redacts too (lib/rules/sensitive-keys.ts: card fields, tokens, documents,
 * contacts, credentials): an attribute named by one of them, as its whole key or one of its dotted
 * parts ("customer.email", "http.request.header.cookie"), is not exported, whatever its value.
 */
const SECRET_KEY_PARTS = new Set(REDACTED_KEYS.map((k) => k.toLowerCase()));

function namesASecret(key: string): boolean {
  return (
    remembered(`k${key}`, () =>
      key
        .toLowerCase()
        .split(".")
        .some((part) => SECRET_KEY_PARTS.has(part))
        ? "1"
        : "",
    ) === "1"
  );
}

const PERSONAL: readonly RegExp[] = [
  /[^\s@/]+@[^\s@/]+\.[^\s@/]+/, // an e-mail address
  /\b[A-Z]{3}-?[0-9][A-Z0-9][0-9]{2}\b/i, // a plate, either pattern
  /\d(?:[\s.\-/]?\d){10,}/, // 11 digits or more: a CPF, a CNPJ, a card number
  /\(?\b\d{2}\)?\s?9?\d{4}-?\d{4}\b/, // a Brazilian phone, written any usual way
  /\b(?:sk|pp)_(?:test|live)_\w+/, // our keys and the upstream's
  /[A-Za-z0-9_-]{32,}/, // a long random token (share links, secrets, sessions)
];

export function looksSensitive(value: string): boolean {
  return PERSONAL.some((pattern) => pattern.test(value));
}

/**
 * The same few hundred names and values come back in every span (operations, routes, models):
 * each is judged once. Bounded, so values that never repeat cannot grow it without end.
 */
const judged = new Map<string, string>();
const MAX_JUDGED = 5_000;

function remembered(key: string, judge: () => string): string {
  const known = judged.get(key);
  if (known !== undefined) return known;
  const value = judge();
  if (judged.size < MAX_JUDGED) judged.set(key, value);
  return value;
}

function redact(value: string): string {
  return remembered(`v${value}`, () => (looksSensitive(value) ? REDACTED : value));
}

/** A path segment that names something rather than a place: an id, a plate, a token. */
function namesSomething(segment: string): boolean {
  if (/^\[{1,2}(\.\.\.)?[a-zA-Z]+\]{1,2}$/.test(segment)) return false; // a route's [param]
  return (
    segment.length > 24 ||
    /[A-Z@%=+:~ ]/.test(segment) ||
    (/\d/.test(segment) && segment.length >= 5) ||
    looksSensitive(segment)
  );
}

/** "/api/vehicles/ABC1D23?x=1" → "/api/vehicles/{id}"; a full URL keeps only its path's shape. */
export function pathShape(value: string): string {
  return remembered(`p${value}`, () => shapeOf(value));
}

function shapeOf(value: string): string {
  let path = value;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      return REDACTED;
    }
  }
  path = path.split(/[?#]/, 1)[0]!;
  return path
    .split("/")
    .map((segment) => (namesSomething(segment) ? "{id}" : segment))
    .join("/");
}

/** "GET /pagar/<token>" keeps its method and the path's shape; any other name is checked whole. */
export function scrubSpanName(name: string): string {
  return remembered(`n${name}`, () => nameOf(name));
}

function nameOf(name: string): string {
  const request = /^([A-Z]+) (\/\S*)$/.exec(name);
  if (request) return `${request[1]} ${pathShape(request[2]!)}`;
  return redact(name);
}

function scrubValue(key: string, value: AttributeValue): AttributeValue {
  if (typeof value === "string") return URL_KEYS.has(key) ? pathShape(value) : redact(value);
  if (Array.isArray(value))
    return value.map((item) => (typeof item === "string" ? redact(item) : item)) as AttributeValue;
  return value;
}

export function scrubAttributes(attributes: Attributes): Attributes {
  const out: Attributes = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || DROPPED_KEYS.has(key) || namesASecret(key)) continue;
    out[key] = scrubValue(key, value);
  }
  return out;
}

/** An exception's stack keeps its frames; its first line (the message) goes. */
export function scrubStack(stack: string): string {
  const lines = stack.split("\n");
  const type = /^([\w$.]+)(?::|$)/.exec(lines[0] ?? "")?.[1] ?? "Error";
  return [
    type,
    ...lines
      .slice(1)
      .filter((line) => /^\s+at /.test(line))
      .map(redact),
  ].join("\n");
}
