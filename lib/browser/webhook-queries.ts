// queryOptions and calls for the webhooks page (/painel/api/webhooks): the endpoints, one
// endpoint's delivery log (polled, so a retry's outcome shows without a reload), and the writes.
import { queryOptions } from "@tanstack/react-query";
import type { DeliveryView, EndpointView } from "@/lib/api-events/endpoints";
import type { SendAgainResult } from "@/lib/api-events/send-again";
import type { WebhookEndpointInput, WebhookEndpointPatch } from "@/lib/validation/api-webhooks";
import { fetchJson } from "./fetch-json";

export const DELIVERY_POLL_MS = 5_000;

export const webhookKeys = {
  all: ["webhooks"] as const,
  list: () => ["webhooks", "list"] as const,
  endpoint: (id: string) => ["webhooks", "endpoint", id] as const,
};

export const endpointsQuery = () =>
  queryOptions({
    queryKey: webhookKeys.list(),
    queryFn: ({ signal }) =>
      fetchJson<{ endpoints: EndpointView[] }>("/api/workspace/webhooks", { signal }),
  });

export const endpointQuery = (id: string) =>
  queryOptions({
    queryKey: webhookKeys.endpoint(id),
    queryFn: ({ signal }) =>
      fetchJson<{ endpoint: EndpointView; deliveries: DeliveryView[] }>(
        `/api/workspace/webhooks/${encodeURIComponent(id)}`,
        { signal },
      ),
    refetchInterval: DELIVERY_POLL_MS,
  });

export const createEndpoint = (body: WebhookEndpointInput) =>
  fetchJson<{ endpoint: EndpointView; secret: string }>("/api/workspace/webhooks", {
    method: "POST",
    body,
  });

export const updateEndpoint = (id: string, body: WebhookEndpointPatch) =>
  fetchJson<{ endpoint: EndpointView }>(`/api/workspace/webhooks/${encodeURIComponent(id)}`, {
    method: "PATCH",
    body,
  });

export const deleteEndpoint = (id: string) =>
  fetchJson<{ deleted: true }>(`/api/workspace/webhooks/${encodeURIComponent(id)}`, {
    method: "DELETE",
  });

export const sendDeliveryAgain = (endpointId: string, deliveryId: string) =>
  fetchJson<SendAgainResult>(
    `/api/workspace/webhooks/${encodeURIComponent(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/retry`,
    { method: "POST" },
  );
