import * as z from "zod";
import { ERROR_CODES, type Code } from "@/lib/errors/codes";
import type { ApiOperation } from "./operation";
import { API_OPERATIONS } from "./operations";
import { EVENT_EXAMPLES } from "./event-examples";
import { EVENT_SCHEMAS } from "./schemas";

// The OpenAPI 3.1 document of /api/v1, built from the operations' own zod schemas (zod's JSON
// Schema output: OpenAPI 3.1 schemas are JSON Schema 2020-12). Served at /api/v1/openapi.json;
// tests validate it with an OpenAPI parser and check every answer they receive against it, and the
// typed client the tests use is generated from it (npm run api:types).

type Json = Record<string, unknown>;
type Schema = z.core.$ZodType;

/** Every operation may answer these (the key, its limit). Writes also the idempotency ones. */
const ALWAYS: readonly Code[] = ["API_KEY_INVALID", "RATE_LIMITED", "INTERNAL_ERROR"];
const WRITES: readonly Code[] = ["API_KEY_READ_ONLY", "MALFORMED_JSON", "UNSUPPORTED_MEDIA_TYPE"];
const POSTS: readonly Code[] = [
  "IDEMPOTENCY_KEY_INVALID",
  "IDEMPOTENCY_KEY_REUSED",
  "IDEMPOTENCY_IN_PROGRESS",
];

function jsonSchema(schema: Schema, io: "input" | "output"): Json {
  const out = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    target: "draft-2020-12",
  }) as Json;
  delete out.$schema;
  return out;
}

function components(): Json {
  const { schemas } = z.toJSONSchema(z.globalRegistry, {
    target: "draft-2020-12",
    uri: (id) => `#/components/schemas/${id}`,
  }) as { schemas: Record<string, Json> };
  for (const s of Object.values(schemas)) {
    delete s.$schema;
    delete s.$id;
  }
  return schemas;
}

const schemaRef = (schema: Schema): Json => {
  const id = z.globalRegistry.get(schema)?.id;
  return id ? { $ref: `#/components/schemas/${id}` } : jsonSchema(schema, "output");
};

function errorResponses(op: ApiOperation): Json {
  const codes = [
    ...new Set([
      ...op.errors,
      ...ALWAYS,
      ...(op.method === "GET" ? [] : WRITES),
      ...(op.method === "POST" ? POSTS : []),
      ...(op.path.includes("{") ? (["NOT_FOUND"] as const) : []),
    ]),
  ];
  const byStatus = new Map<number, Code[]>();
  for (const code of codes) {
    const status = ERROR_CODES[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [
      String(status),
      {
        description: list.map((c) => `\`${c}\`: ${ERROR_CODES[c].meaning}`).join("\n\n"),
        ...(status === 429 ? { headers: { "Retry-After": { schema: { type: "integer" } } } } : {}),
        content: {
          "application/json": {
            schema: { $ref: "#/components/schemas/Error" },
            examples: Object.fromEntries(
              list.map((c) => [
                c,
                { value: { error: { code: c, message: ERROR_CODES[c].meaning } } },
              ]),
            ),
          },
        },
      },
    ]),
  );
}

function parameters(op: ApiOperation): Json[] {
  const path = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1],
    in: "path",
    required: true,
    schema: { type: "string", pattern: "^[A-Za-z0-9_-]{1,64}$" },
  }));
  const q = op.query ? jsonSchema(op.query, "input") : null;
  const required = new Set((q?.required as string[] | undefined) ?? []);
  const query = Object.entries((q?.properties as Record<string, Json> | undefined) ?? {}).map(
    ([name, schema]) => ({ name, in: "query", required: required.has(name), schema }),
  );
  const idempotency =
    op.method === "POST"
      ? [
          {
            name: "Idempotency-Key",
            in: "header",
            required: false,
            description:
              "Any unique string (a UUID): the same key with the same body answers the first answer again for 24 hours.",
            schema: { type: "string", minLength: 1, maxLength: 255 },
          },
        ]
      : [];
  return [...path, ...query, ...idempotency];
}

const RATE_HEADERS = {
  RateLimit: {
    description: 'What is left of this minute: `"key";r=<requests left>;t=<seconds to reset>`.',
    schema: { type: "string" },
  },
  "RateLimit-Policy": {
    description: 'The key\'s limit: `"key";q=<requests>;w=<window seconds>`.',
    schema: { type: "string" },
  },
};

function operationObject(op: ApiOperation): Json {
  const success: Json = op.answer.schema
    ? {
        description: op.summary,
        headers: RATE_HEADERS,
        content: {
          "application/json": { schema: schemaRef(op.answer.schema), example: op.answer.example },
        },
      }
    : {
        description: op.summary,
        headers: RATE_HEADERS,
        content: {
          [op.answer.contentType ?? "application/octet-stream"]: {
            schema: { type: "string" },
            example: op.answer.example,
          },
        },
      };
  return {
    operationId: op.id,
    tags: [op.tag],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    ...(op.method === "GET" ? {} : { "x-scope": "write" }),
    parameters: parameters(op),
    ...(op.body
      ? {
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: jsonSchema(op.body, "input"),
                ...(op.bodyExample !== undefined ? { example: op.bodyExample } : {}),
              },
            },
          },
        }
      : {}),
    responses: { [String(op.answer.status)]: success, ...errorResponses(op) },
  };
}

const WEBHOOK_HEADERS = [
  ["webhook-id", "The event's id (evt_…): the same on every retry; deduplicate by it."],
  ["webhook-timestamp", "Seconds since the epoch when this try was signed."],
  [
    "webhook-signature",
    "v1,<base64 HMAC-SHA256 of `id.timestamp.body` with the endpoint's secret> (Standard Webhooks).",
  ],
] as const;

/** The webhooks out: one entry per event type, its body and its signature headers. */
function webhooks(): Json {
  return Object.fromEntries(
    Object.entries(EVENT_SCHEMAS).map(([type, schema]) => [
      type,
      {
        post: {
          summary: `${type}, sent to the endpoints that chose it`,
          description:
            "Signed per Standard Webhooks (docs/api-webhooks.md); retried with backoff for more than 24 hours until a 2xx. Order is not promised: order by `data.occurredAt` (and a payment's `updatedAt`).",
          parameters: WEBHOOK_HEADERS.map(([name, description]) => ({
            name,
            in: "header",
            required: true,
            description,
            schema: { type: "string" },
          })),
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: schemaRef(schema),
                example: EVENT_EXAMPLES[type as keyof typeof EVENT_EXAMPLES],
              },
            },
          },
          responses: { "200": { description: "Any 2xx: received." } },
        },
      },
    ]),
  );
}

export function openApiDocument(serverUrl: string): Json {
  const paths: Record<string, Json> = {};
  for (const op of Object.values(API_OPERATIONS) as ApiOperation[]) {
    paths[op.path] = { ...paths[op.path], [op.method.toLowerCase()]: operationObject(op) };
  }
  const doc: Json = {
    openapi: "3.1.0",
    info: {
      title: "Placa Paga API",
      version: "1",
      description:
        "The despachante's own software talking to Placa Paga: clients and vehicles, batch lookups, payment links. Authenticate with `Authorization: Bearer pp_test_…` (or `pp_live_…`), made on /painel/api. Errors are `{ error: { code, message, fields } }`; see docs/api.md.",
    },
    servers: [{ url: `${serverUrl}/api/v1` }],
    security: [{ apiKey: [] }],
    tags: [...new Set(Object.values(API_OPERATIONS).map((o) => o.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: components(),
      securitySchemes: {
        apiKey: { type: "http", scheme: "bearer", description: "An API key made on /painel/api." },
      },
    },
  };
  doc.webhooks = webhooks();
  return doc;
}
