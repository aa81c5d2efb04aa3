import type { Hono } from "hono";
import { z } from "zod";
import type { SandboxContext } from "../context";
import { apiKeyOf } from "../http/auth";
import { bodyOf } from "../http/json-body";
import { ArmFaultBody, type Faults } from "../http/faults";
import type { RequestLog } from "../http/request-log";
import { validationError } from "../http/validation";
import { TIMELINE_DAYS } from "../catalog/timeline";

// Sandbox-only control plane under /__sandbox/ (needs a valid test key, never rate limited or
// faulted). Production has nothing like it.

export type ControlDeps = {
  faults: Faults;
  requests: RequestLog;
  pinClock(at: Date | null): void;
  reset(): void;
};

const ClockBody = z.object({
  now: z.union([
    z.null(),
    z.string().refine((s) => !Number.isNaN(Date.parse(s)), {
      error: "now must be an ISO 8601 date-time or null",
    }),
  ]),
});

const TimelineBody = z.object({
  plate: z
    .string()
    .regex(/^[A-Z]{3}[0-9][A-Z0-9][0-9]{2}$/, { error: "plate must be a plate like RDR0A01" }),
  day: z.union([
    z.null(),
    z
      .number()
      .int()
      .min(0)
      .max(TIMELINE_DAYS - 1),
  ]),
});

export function registerSandboxControlRoutes(
  app: Hono,
  ctx: SandboxContext,
  deps: ControlDeps,
): void {
  app.post("/__sandbox/faults", async (c) => {
    const parsed = ArmFaultBody.safeParse(await bodyOf(c));
    if (!parsed.success) return validationError(c, parsed.error);
    return c.json({ success: true, fault: deps.faults.arm(parsed.data) }, 200);
  });
  app.get("/__sandbox/faults", (c) => c.json({ success: true, faults: deps.faults.list() }));
  app.delete("/__sandbox/faults", (c) => c.json({ success: true, cleared: deps.faults.clear() }));

  const clock = (pinned: boolean) => ({
    success: true,
    now: ctx.options.now().toISOString(),
    pinned,
  });
  let pinned = false;
  app.get("/__sandbox/clock", (c) => c.json(clock(pinned)));
  app.post("/__sandbox/clock", async (c) => {
    const parsed = ClockBody.safeParse(await bodyOf(c));
    if (!parsed.success) return validationError(c, parsed.error);
    pinned = parsed.data.now !== null;
    deps.pinClock(parsed.data.now === null ? null : new Date(parsed.data.now));
    return c.json(clock(pinned));
  });

  // One timeline plate's story held on a day, so a test walks it without moving the clock every
  // other test reads (payment validity, webhook retries). Sandbox-wide like the clock.
  const pins = () => Object.fromEntries(ctx.store.timelinePins);
  app.get("/__sandbox/timeline", (c) => c.json({ success: true, pins: pins() }));
  app.post("/__sandbox/timeline", async (c) => {
    const parsed = TimelineBody.safeParse(await bodyOf(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const { plate, day } = parsed.data;
    if (day === null) ctx.store.timelinePins.delete(plate);
    else ctx.store.timelinePins.set(plate, day);
    return c.json({ success: true, pins: pins() });
  });

  // Inspection is scoped to the caller's key: one partner never sees another's traffic.
  app.get("/__sandbox/deliveries", (c) => {
    const key = apiKeyOf(c);
    const type = c.req.query("type");
    const deliveries = ctx.webhooks
      .deliveries()
      .filter((d) => d.apiKey === key && (!type || d.payload.type === type));
    return c.json({ success: true, deliveries });
  });
  app.get("/__sandbox/lookups", (c) => {
    const key = apiKeyOf(c);
    return c.json({
      success: true,
      lookups: [...ctx.store.lookups.values()].filter((l) => l.apiKey === key),
    });
  });

  app.get("/__sandbox/requests", (c) =>
    c.json({ success: true, requests: deps.requests.of(apiKeyOf(c)) }),
  );

  app.post("/__sandbox/reset", (c) => {
    deps.reset();
    pinned = false;
    return c.json({ success: true, message: "Sandbox state cleared" });
  });
}
