import "server-only";
import { randomBytes } from "node:crypto";
import { notInWorkspace } from "@/lib/auth/user-route";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import { isApiEventType, type ApiEventType } from "@/lib/rules/api-events";
import type { WebhookMode } from "@/lib/rules/webhook-address";
import type { WebhookEndpointInput, WebhookEndpointPatch } from "@/lib/validation/api-webhooks";
import { resolveWebhookUrl, type AddressRefusal } from "./address";
import { apiEventsLog } from "./logger";
import { clock } from "@/lib/clock";

// A workspace account's webhook endpoints: registered with a URL checked against the address rule
// (resolved now, and again at every send), the chosen events and a secret shown once. Every query
// is scoped by the account: another account's endpoint is not found, like an unknown id.

export const MAX_ENDPOINTS = 10;
/** Deliveries shown per endpoint on the page (newest first). */
export const RECENT_DELIVERIES = 50;

/** whsec_ + 24 random bytes in base64: the Standard Webhooks secret format. */
export const newSecret = (): string => `whsec_${randomBytes(24).toString("base64")}`;

/** The deployment's mode: a live upstream key makes live endpoints (https, public addresses). */
export const deploymentMode = (): WebhookMode => env.upstreamEnvironment;

const URL_WORDS: Record<AddressRefusal, string> = {
  INVALID_URL: "Informe um endereço completo, como https://seu-sistema.com.br/webhooks.",
  HTTPS_REQUIRED: "Use um endereço https://.",
  ADDRESS_REFUSED:
    "Este endereço aponta para uma rede interna (local, privada ou de enlace): use um endereço público.",
  DNS_FAILED: "Não encontramos este endereço: confira o nome do servidor.",
};

export type EndpointView = {
  id: string;
  url: string;
  events: ApiEventType[];
  mode: string;
  enabled: boolean;
  disabledAt: string | null;
  disabledReason: string | null;
  failingSince: string | null;
  createdAt: string;
};

type EndpointRow = {
  id: string;
  url: string;
  events: string;
  mode: string;
  enabled: boolean;
  disabledAt: Date | null;
  disabledReason: string | null;
  failingSince: Date | null;
  createdAt: Date;
};

const VIEW = {
  id: true,
  url: true,
  events: true,
  mode: true,
  enabled: true,
  disabledAt: true,
  disabledReason: true,
  failingSince: true,
  createdAt: true,
} as const;

const eventsOf = (text: string): ApiEventType[] => {
  try {
    return (JSON.parse(text) as string[]).filter(isApiEventType);
  } catch {
    return [];
  }
};

function view(e: EndpointRow): EndpointView {
  return {
    id: e.id,
    url: e.url,
    events: eventsOf(e.events),
    mode: e.mode,
    enabled: e.enabled,
    disabledAt: e.disabledAt?.toISOString() ?? null,
    disabledReason: e.disabledReason,
    failingSince: e.failingSince?.toISOString() ?? null,
    createdAt: e.createdAt.toISOString(),
  };
}

/** Refuses a URL this deployment may not send to (the same rule the send applies again). */
export async function assertWebhookUrl(url: string, mode: WebhookMode): Promise<void> {
  const resolved = await resolveWebhookUrl(url, mode);
  if (!resolved.ok)
    throw new AppError({
      code: "WEBHOOK_URL_REFUSED",
      fields: { url: URL_WORDS[resolved.reason] },
    });
}

/** A new endpoint and its secret, which is never shown again. */
export async function createEndpoint(
  userId: string,
  input: WebhookEndpointInput,
): Promise<{ endpoint: EndpointView; secret: string }> {
  const mode = deploymentMode();
  await assertWebhookUrl(input.url, mode);
  if ((await db.apiEndpoint.count({ where: { userId } })) >= MAX_ENDPOINTS)
    throw new AppError({ code: "WEBHOOK_ENDPOINTS_LIMIT" });
  const secret = newSecret();
  const row = await db.apiEndpoint.create({
    data: {
      userId,
      url: input.url,
      events: JSON.stringify([...new Set(input.events)]),
      secret,
      mode,
    },
    select: VIEW,
  });
  apiEventsLog.info({ endpoint: row.id, mode }, "webhook endpoint registered");
  return { endpoint: view(row), secret };
}

export async function listEndpoints(userId: string): Promise<EndpointView[]> {
  const rows = await db.apiEndpoint.findMany({
    where: { userId },
    orderBy: { createdAt: "asc" },
    select: VIEW,
  });
  return rows.map(view);
}

export type DeliveryView = {
  id: string;
  eventId: string;
  type: string;
  createdAt: string;
  outcome: "pending" | "delivered" | "failed";
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  nextTryAt: string | null;
  deliveredAt: string | null;
};

async function ownedEndpoint(userId: string, endpointId: string) {
  const row = await db.apiEndpoint.findFirst({ where: { id: endpointId, userId }, select: VIEW });
  if (!row) throw notInWorkspace("Endereço");
  return row;
}

/** One endpoint with its most recent deliveries (the page's log). */
export async function getEndpoint(
  userId: string,
  endpointId: string,
): Promise<{ endpoint: EndpointView; deliveries: DeliveryView[] }> {
  const row = await ownedEndpoint(userId, endpointId);
  const deliveries = await db.apiDelivery.findMany({
    where: { endpointId: row.id },
    orderBy: { createdAt: "desc" },
    take: RECENT_DELIVERIES,
    select: {
      id: true,
      outcome: true,
      attempts: true,
      lastStatus: true,
      lastError: true,
      notBefore: true,
      deliveredAt: true,
      createdAt: true,
      event: { select: { id: true, type: true } },
    },
  });
  return {
    endpoint: view(row),
    deliveries: deliveries.map((d) => ({
      id: d.id,
      eventId: d.event.id,
      type: d.event.type,
      createdAt: d.createdAt.toISOString(),
      outcome: (d.outcome ?? "pending") as DeliveryView["outcome"],
      attempts: d.attempts,
      lastStatus: d.lastStatus,
      lastError: d.lastError,
      nextTryAt: d.outcome === null ? (d.notBefore?.toISOString() ?? null) : null,
      deliveredAt: d.deliveredAt?.toISOString() ?? null,
    })),
  };
}

/** Switches an endpoint on or off, or changes its events. Switching on forgets past failures. */
export async function updateEndpoint(
  userId: string,
  endpointId: string,
  patch: WebhookEndpointPatch,
): Promise<EndpointView> {
  const row = await ownedEndpoint(userId, endpointId);
  const now = clock.now();
  const data: Record<string, unknown> = {};
  if (patch.events) data.events = JSON.stringify([...new Set(patch.events)]);
  if (patch.enabled === true && !row.enabled)
    Object.assign(data, {
      enabled: true,
      disabledAt: null,
      disabledReason: null,
      failingSince: null,
    });
  if (patch.enabled === false && row.enabled)
    Object.assign(data, { enabled: false, disabledAt: now, disabledReason: "manual" });
  if (Object.keys(data).length === 0) return view(row);
  return view(await db.apiEndpoint.update({ where: { id: row.id }, data, select: VIEW }));
}

/** Deletes an endpoint, its secret and its delivery log. */
export async function deleteEndpoint(userId: string, endpointId: string): Promise<void> {
  const { count } = await db.apiEndpoint.deleteMany({ where: { id: endpointId, userId } });
  if (count === 0) throw notInWorkspace("Endereço");
}
