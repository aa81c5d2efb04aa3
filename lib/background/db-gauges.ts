import "server-only";
import { Gauge } from "prom-client";
import { db } from "@/lib/db/client";
import { moduleLogger } from "@/lib/log/logger";
import { metrics } from "@/lib/metrics/registry";
import { processSingleton } from "@/lib/server/singleton";
import { QUEUES } from "./queues";

// Figures read from the database when Prometheus scrapes (they are the fleet's, not this
// process's: every instance reports the same values, so aggregate them with max, not sum).
// A failed read leaves the gauge empty for that scrape rather than failing the whole page.

const log = moduleLogger("metrics");

async function guarded(name: string, read: () => Promise<void>): Promise<void> {
  try {
    await read();
  } catch (error) {
    log.warn(
      { gauge: name, err: error instanceof Error ? error.message : String(error) },
      "metrics: database read failed",
    );
  }
}

function build() {
  const registers = [metrics.registry];
  // One depth gauge per queue, from its declaration (./queues.ts).
  for (const { worker } of QUEUES) {
    const { metric, help, count } = worker.depth;
    new Gauge({
      name: metric,
      help,
      registers,
      async collect() {
        await guarded(metric, async () => this.set(await count()));
      },
    });
  }
  new Gauge({
    name: "webhook_inbox_oldest_age_seconds",
    help: "Age of the oldest webhook delivery not yet applied; 0 when the inbox is empty",
    registers,
    async collect() {
      await guarded("webhook_inbox_oldest_age_seconds", async () => {
        const oldest = await db.webhookEvent.findFirst({
          where: { outcome: null },
          orderBy: { receivedAt: "asc" },
          select: { receivedAt: true },
        });
        this.set(oldest ? Math.max(0, (Date.now() - oldest.receivedAt.getTime()) / 1000) : 0);
      });
    },
  });
  new Gauge({
    name: "payments",
    help: "Payments by status (fleet-wide)",
    labelNames: ["status"] as const,
    registers,
    async collect() {
      await guarded("payments", async () => {
        const groups = await db.payment.groupBy({ by: ["status"], _count: { _all: true } });
        this.reset();
        for (const g of groups) this.set({ status: g.status }, g._count._all);
      });
    },
  });
  new Gauge({
    name: "delisting_decisions",
    help: "Settled payments' delisting decisions by verdict (confirmed, still_listed, unverified; fleet-wide)",
    labelNames: ["verdict"] as const,
    registers,
    async collect() {
      await guarded("delisting_decisions", async () => {
        const groups = await db.delistingWatch.groupBy({
          by: ["verdict"],
          where: { status: "decided" },
          _count: { _all: true },
        });
        this.reset();
        for (const g of groups) if (g.verdict) this.set({ verdict: g.verdict }, g._count._all);
      });
    },
  });
  return true;
}

/** Registers the database gauges once per process (idempotent under Next's module reloads). */
export function registerDbGauges(): void {
  processSingleton("background.db-gauges", build);
}
