import type { Hono } from "hono";
import type { SandboxContext } from "../context";
import { findVehicle } from "../catalog/find-vehicle";
import { errorA } from "../http/errors";
import { enrichmentLatencyMs, wait } from "../util/timing";
import { isUf, normalizePlate } from "../validators";

export function registerEnrichmentRoute(
  app: Hono,
  ctx: SandboxContext,
  closing: AbortSignal,
): void {
  app.get("/api/v1/vehicle/enrichment/:licensePlate", async (c) => {
    const plate = normalizePlate(c.req.param("licensePlate"));
    if (!plate)
      return errorA(
        c,
        400,
        "INVALID_REQUEST",
        "Invalid license plate format: expected ABC1234 or ABC1D23",
      );
    const rawUf = c.req.query("uf");
    const uf = rawUf?.trim().toUpperCase();
    if (uf !== undefined && !isUf(uf))
      return errorA(c, 400, "INVALID_REQUEST", `Invalid uf "${rawUf}"`);

    // The authority is queried (and takes its time) before it can say "not found" or fail.
    await wait(
      enrichmentLatencyMs(plate, uf !== undefined, ctx.options.latencyScale),
      c.req.raw.signal,
      closing,
    );

    const vehicle = findVehicle(plate);
    if (!vehicle || (uf !== undefined && vehicle.uf !== uf)) {
      return errorA(
        c,
        404,
        "NOT_FOUND",
        uf ? `Vehicle ${plate} not found in ${uf}` : `Vehicle ${plate} not found`,
      );
    }
    if (vehicle.enrichment === "unavailable") {
      return errorA(
        c,
        503,
        "SERVICE_UNAVAILABLE",
        `The ${vehicle.uf} traffic authority is unavailable, try again later`,
      );
    }
    // `data` carries only registration fields: owner data is never returned (privacy law).
    return c.json({
      success: true,
      data: { ...vehicle.data, restricoes: [...vehicle.data.restricoes] },
    });
  });
}
