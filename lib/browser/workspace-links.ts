// The workspace's links, seen from the browser: one queryOptions factory per resource (key +
// fetcher + polling) and the state-changing calls. Polled every 5 s: the status is read from
// the database by whichever instance answers, so a payment shows without a reload.

import { queryOptions } from "@tanstack/react-query";
import type { WithDelisting } from "@/lib/delisting/link-marks";
import type { AccountLinkView as ServerAccountLinkView } from "@/lib/links/account-links";
import type { LinkStage } from "@/lib/rules/link-filters";
import type { WorkspaceLinkInputValues } from "@/lib/validation/workspace-link-input";
import { fetchJson } from "./fetch-json";
import type { Wire } from "./types";

export type AccountLinkView = Wire<WithDelisting<ServerAccountLinkView>>;
export type WorkspaceLinks = { links: AccountLinkView[]; clients: { id: string; name: string }[] };
export type LinkFilter = { client?: string; status?: LinkStage; paidToday?: boolean };
export type CreatedLink = { token: string; amountCents: number; expiresAt: string; url: string };

export const WORKSPACE_POLL_MS = 5_000;

export const workspaceKeys = {
  links: (filter: LinkFilter = {}) => ["workspace", "links", filter] as const,
  adoptable: () => ["workspace", "adoptable"] as const,
};

function filterQuery(filter: LinkFilter): string {
  const q = new URLSearchParams();
  if (filter.client) q.set("client", filter.client);
  if (filter.status) q.set("status", filter.status);
  if (filter.paidToday) q.set("paidToday", "1");
  const s = q.toString();
  return s ? `?${s}` : "";
}

export function workspaceLinksQuery(filter: LinkFilter = {}) {
  return queryOptions({
    queryKey: workspaceKeys.links(filter),
    queryFn: ({ signal }) =>
      fetchJson<WorkspaceLinks>(`/api/workspace/links${filterQuery(filter)}`, { signal }),
    refetchInterval: WORKSPACE_POLL_MS,
  });
}

export function adoptableQuery() {
  return queryOptions({
    queryKey: workspaceKeys.adoptable(),
    queryFn: ({ signal }) =>
      fetchJson<{ adoptable: number }>("/api/workspace/links/adopt", { signal }),
  });
}

export function createWorkspaceLink(body: WorkspaceLinkInputValues) {
  return fetchJson<CreatedLink>("/api/workspace/links", { method: "POST", body });
}

export function renewWorkspaceLink(token: string) {
  return fetchJson<CreatedLink>(`/api/workspace/links/${encodeURIComponent(token)}/renew`, {
    method: "POST",
  });
}

export function sendWorkspaceLink(token: string) {
  return fetchJson<{ queued: boolean; to: string }>(
    `/api/workspace/links/${encodeURIComponent(token)}/send`,
    { method: "POST" },
  );
}

export function adoptBrowserLinks() {
  return fetchJson<{ adopted: number }>("/api/workspace/links/adopt", { method: "POST" });
}
