// queryOptions and calls for the Radar page: the events are polled so a change found by a scan
// shows without a reload; the settings preview, confirm, stop and set the cap.
import { queryOptions } from "@tanstack/react-query";
import type { RadarPageView } from "@/lib/radar/radar-view";
import type { RadarCost } from "@/lib/radar/workspace-watches";
import type { RadarOnValues } from "@/lib/validation/radar-input";
import { ApiError, fetchJson } from "./fetch-json";

export const RADAR_POLL_MS = 3_000;

export type RadarFilterValues = { client?: string; kind?: string };

export const radarKeys = {
  all: ["radar"] as const,
  view: (filter: RadarFilterValues, since: string | null) =>
    ["radar", filter.client ?? "", filter.kind ?? "", since ?? ""] as const,
};

/** `since` is the last visit the page was drawn against, so polling keeps the same "new" marks. */
export function radarQuery(filter: RadarFilterValues, since: string | null) {
  const params = new URLSearchParams();
  if (filter.client) params.set("client", filter.client);
  if (filter.kind) params.set("kind", filter.kind);
  if (since) params.set("since", since);
  const query = params.size ? `?${params}` : "";
  return queryOptions({
    queryKey: radarKeys.view(filter, since),
    queryFn: ({ signal }) => fetchJson<RadarPageView>(`/api/workspace/radar${query}`, { signal }),
    refetchInterval: RADAR_POLL_MS,
    retry: (count, error) => !(error instanceof ApiError && error.status === 401) && count < 3,
  });
}

export const previewRadarCost = (body: RadarOnValues) =>
  fetchJson<RadarCost>("/api/workspace/radar", {
    method: "POST",
    body: { ...body, confirm: false },
  });
export const confirmRadarOn = (body: RadarOnValues) =>
  fetchJson<RadarCost & { turnedOn: number }>("/api/workspace/radar", {
    method: "POST",
    body: { ...body, confirm: true },
  });
export const turnRadarOffFor = (selection: RadarOnValues["selection"]) =>
  fetchJson<{ turnedOff: number }>("/api/workspace/radar/off", {
    method: "POST",
    body: { selection },
  });
/**
 * The cost a refused confirmation names (RADAR_CAP_EXCEEDED carries it in `fields`, counted in the
 * transaction that refused it, against the cap as it is now), or null for any other error. The
 * page shows it in place of its older preview.
 */
export function refusedCost(error: unknown): RadarCost | null {
  if (!(error instanceof ApiError) || error.code !== "RADAR_CAP_EXCEEDED" || !error.fields)
    return null;
  const f = error.fields;
  const num = (key: string) => (/^\d{1,12}$/.test(f[key] ?? "") ? Number(f[key]) : null);
  const [vehicles, selectionPerMonth, othersPerMonth, totalPerMonth, monthlyCap] = [
    "vehicles",
    "selectionPerMonth",
    "othersPerMonth",
    "totalPerMonth",
    "monthlyCap",
  ].map(num);
  if (
    vehicles == null ||
    selectionPerMonth == null ||
    othersPerMonth == null ||
    totalPerMonth == null ||
    monthlyCap == null
  )
    return null;
  return {
    vehicles,
    selectionPerMonth,
    othersPerMonth,
    totalPerMonth,
    monthlyCap,
    withinCap: false,
  };
}

export const saveMonthlyCap = (monthlyCap: number) =>
  fetchJson<{ monthlyCap: number }>("/api/workspace/radar/cap", {
    method: "POST",
    body: { monthlyCap },
  });
