// queryOptions factories: one key + fetcher + polling rule per resource, shared by every hook
// and by invalidation, so two components watching the same payment share one poll.

import { queryOptions } from "@tanstack/react-query";
import { isSettled } from "@/lib/rules/payment-status";
import { ApiError, fetchJson } from "./fetch-json";
import type {
  CheckoutView,
  InstallmentsAnswer,
  LinkView,
  LookupView,
  PaymentView,
  VehicleView,
} from "./types";

// Polling pace: fast enough that a PIX paid on another phone shows within ~2 s, slow enough
// that an open tab does not hammer the server (each read may reconcile upstream).
export const POLL_MS = { lookup: 1_000, payment: 2_000, checkout: 3_000, links: 3_000 } as const;

// Server-rendered pages seed their query with the data in the HTML (initialData). Until the query
// has fetched once itself, that snapshot counts as fresh for a few seconds, so hydration does not
// fetch again what came with the page a moment ago (starting fetches during hydration showed up
// as main-thread work on the pay page). Polling keeps its own pace; fetched data is stale at once.
const SERVER_SNAPSHOT_FRESH_MS = 10_000;

export function seededWith<T>(initial: T) {
  return {
    initialData: initial,
    staleTime: (query: { isFetched(): boolean }) =>
      query.isFetched() ? 0 : SERVER_SNAPSHOT_FRESH_MS,
  };
}

export const queryKeys = {
  vehicle: (plate: string, uf?: string) => ["vehicle", plate, uf ?? ""] as const,
  lookup: (id: string) => ["lookup", id] as const,
  installments: (amountCents: number) => ["installments", amountCents] as const,
  checkout: (token: string) => ["checkout", token] as const,
  payment: (ref: string) => ["payment", ref] as const,
  links: () => ["links"] as const,
};

export function vehicleQuery(plate: string, uf?: string) {
  const query = uf ? `?uf=${encodeURIComponent(uf)}` : "";
  return queryOptions({
    queryKey: queryKeys.vehicle(plate, uf),
    queryFn: ({ signal }) =>
      fetchJson<{ vehicle: VehicleView }>(`/api/vehicles/${encodeURIComponent(plate)}${query}`, {
        signal,
      }),
    // 404 and 503 are answers, not glitches: show them at once instead of retrying.
    retry: false,
    staleTime: 5 * 60_000,
  });
}

const LOOKUP_WAITING = new Set(["pending", "delayed"]);

export function lookupQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.lookup(id),
    queryFn: ({ signal }) =>
      fetchJson<LookupView>(`/api/lookups/${encodeURIComponent(id)}`, { signal }),
    refetchInterval: (query) =>
      query.state.data && !LOOKUP_WAITING.has(query.state.data.status) ? false : POLL_MS.lookup,
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 3,
  });
}

/** A POST, but a pure simulation: cached per amount like a read. */
export function installmentsQuery(amountCents: number) {
  return queryOptions({
    queryKey: queryKeys.installments(amountCents),
    queryFn: ({ signal }) =>
      fetchJson<InstallmentsAnswer>("/api/installments", {
        method: "POST",
        body: { amountCents },
        signal,
      }),
    staleTime: 10 * 60_000,
    enabled: amountCents > 0,
  });
}

export function checkoutQuery(token: string) {
  return queryOptions({
    queryKey: queryKeys.checkout(token),
    queryFn: ({ signal }) =>
      fetchJson<CheckoutView>(`/api/checkouts/${encodeURIComponent(token)}`, { signal }),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 3,
  });
}

/** Watching is over once the payment is final and, when paid, every debt is settled. */
export function isPaymentDone(payment: PaymentView): boolean {
  if (!payment.isFinal) return false;
  if (payment.status !== "paid") return true;
  return (
    isSettled(payment.liquidationStatus) ||
    (payment.debts.length > 0 && payment.debts.every((d) => isSettled(d.status)))
  );
}

export function paymentQuery(ref: string) {
  return queryOptions({
    queryKey: queryKeys.payment(ref),
    queryFn: ({ signal }) =>
      fetchJson<PaymentView>(`/api/payments/${encodeURIComponent(ref)}`, { signal }),
    refetchInterval: (query) =>
      query.state.data && isPaymentDone(query.state.data) ? false : POLL_MS.payment,
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 3,
  });
}

/** A link still needs watching while it can be paid, or is paid and not yet settled. */
function linkIsLive(link: LinkView): boolean {
  if (link.status === "open") return true;
  return link.status === "paid" && !isSettled(link.payment?.liquidationStatus);
}

/** "Meus links": polled while any link can still change, so a payment shows without a reload. */
export function linksQuery() {
  return queryOptions({
    queryKey: queryKeys.links(),
    queryFn: ({ signal }) => fetchJson<{ links: LinkView[] }>("/api/links", { signal }),
    refetchInterval: (query) =>
      query.state.data && !query.state.data.links.some(linkIsLive) ? false : POLL_MS.links,
  });
}
