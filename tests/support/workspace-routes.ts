// The authorization tests' view of the workspace API: every route handler found by walking
// app/api/workspace, imported with the methods it exports, and one way to call any of them
// in-process with a valid body (so an answer is about ownership, not validation).
import { apiRequest, params } from "./upstream-helpers";
import {
  randomCpf,
  randomPlate,
  randomRenavam,
  type SeededWorkspace,
  type WorkspaceIds,
} from "./workspace-seed";
import {
  fillTemplate,
  urlSafeValue,
  workspaceRouteFiles,
  type ParamKind,
  type WalkedFile,
} from "./workspace-walk";

export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type Method = (typeof METHODS)[number];
type Handler = (
  req: Request,
  ctx: { params: Promise<Record<string, string>> },
) => Promise<Response>;
export type Route = WalkedFile & { handlers: Partial<Record<Method, Handler>> };

export const KIND_OF: Record<ParamKind, keyof WorkspaceIds> = {
  clientId: "clientId",
  vehicleId: "vehicleId",
  batchId: "batchId",
  itemId: "itemId",
  linkToken: "linkToken",
  eventId: "eventId",
  keyId: "keyId",
  endpointId: "endpointId",
  deliveryId: "deliveryId",
};

/** Import every workspace route module (after the test environment is set: lib/env reads it once). */
export async function loadWorkspaceRoutes(): Promise<Route[]> {
  const routes: Route[] = [];
  for (const walked of workspaceRouteFiles()) {
    const mod = (await import(walked.file)) as Record<string, unknown>;
    const handlers = Object.fromEntries(
      METHODS.filter((m) => typeof mod[m] === "function").map((m) => [m, mod[m] as Handler]),
    );
    routes.push({ ...walked, handlers });
  }
  return routes;
}

/** Every (route, method) pair of a list. */
export const each = (list: Route[]) =>
  list.flatMap((r) => (Object.keys(r.handlers) as Method[]).map((m) => [r, m] as const));

/** A route's dynamic segments filled with one account's ids. */
export const idsOf = (w: SeededWorkspace, route: Route) =>
  Object.fromEntries(route.params.map((p) => [p, w.ids[KIND_OF[p as ParamKind]]]));

/** A valid body for each state-changing route, so the answer is about ownership, not validation. */
function bodyFor(route: Route, method: Method): unknown {
  const key = `${method} ${route.template}`;
  const client = {
    name: "Outro Nome Válido",
    cpfCnpj: randomCpf(),
    phone: "11987654321",
    email: "novo@exemplo.test",
  };
  const vehicle = { plate: randomPlate(), uf: "MG", renavam: randomRenavam() };
  const table: Record<string, unknown> = {
    "PATCH /api/workspace/clients/[clientId]": client,
    "PUT /api/workspace/clients/[clientId]": client,
    "POST /api/workspace/clients/[clientId]/vehicles": vehicle,
    "PATCH /api/workspace/vehicles/[vehicleId]": vehicle,
    "PUT /api/workspace/vehicles/[vehicleId]": vehicle,
    "POST /api/workspace/api-keys": { name: "Sistema do escritório", scope: "read" },
  };
  return key in table ? table[key] : {};
}

/** Reads a body, but gives up on a stream that stays open (server-sent events). */
export async function readBody(res: Response): Promise<string> {
  if (!res.body) return "";
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  const deadline = Date.now() + 500;
  try {
    for (;;) {
      const next = await Promise.race([
        reader.read(),
        new Promise<null>((r) => setTimeout(() => r(null), Math.max(0, deadline - Date.now()))),
      ]);
      if (!next || next.done) break;
      chunks.push(next.value);
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Calls one method of a route in-process: status and body text. */
export async function callRoute(
  route: Route,
  method: Method,
  raw: Record<string, string>,
  cookie?: string,
  headers?: Record<string, string>,
) {
  const handler = route.handlers[method]!;
  // The params Next would decode from the URL (no lone surrogates can travel in one).
  const values = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, urlSafeValue(v)]));
  const body = method === "GET" || method === "DELETE" ? undefined : bodyFor(route, method);
  const res = await handler(
    apiRequest(fillTemplate(route.template, values), {
      method,
      cookie,
      body,
      ip: "10.88.0.1",
      headers,
    }),
    params(values),
  );
  return { status: res.status, text: await readBody(res) };
}

/** Everything of one account's, to compare before and after the attacks. */
export async function snapshotOf(w: SeededWorkspace): Promise<string> {
  const { db } = await import("@/lib/db/client");
  return JSON.stringify({
    clients: await db.workspaceClient.findMany({
      where: { userId: w.userId },
      orderBy: { id: "asc" },
    }),
    vehicles: await db.workspaceVehicle.findMany({
      where: { userId: w.userId },
      orderBy: { id: "asc" },
    }),
    batches: await db.lookupBatch.findMany({
      where: { userId: w.userId },
      include: { items: { orderBy: { id: "asc" } } },
      orderBy: { id: "asc" },
    }),
    checkouts: await db.checkout.findMany({
      where: { ownerUserId: w.userId },
      orderBy: { id: "asc" },
    }),
    lookups: await db.lookup.findMany({ where: { id: w.ids.lookupId } }),
    apiKeys: await db.apiKey.findMany({ where: { userId: w.userId }, orderBy: { id: "asc" } }),
    webhooks: await db.apiEndpoint.findMany({
      where: { userId: w.userId },
      include: { deliveries: { include: { log: true } } },
      orderBy: { id: "asc" },
    }),
  });
}
