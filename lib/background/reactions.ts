import "server-only";
import { linksExpired } from "@/lib/links/facts";
import { lookupsResolved } from "@/lib/lookups/reactions";
import { paymentStatusChanged, pixIssued } from "@/lib/payments/reactions";
import { radarDebtsFound } from "@/lib/radar/facts";
import { batchesFinished } from "@/lib/workspace/batches/facts";

// Every reaction of a higher capability to a lower one's fact (lib/db/reactions.ts), in one place.
// Called by every process that writes those facts before it does: the server (./start.ts, from
// instrumentation.ts) and the tests (tests/support/reactions.ts). Idempotent. The handlers load
// their modules when first needed, so registering reads no configuration (lib/env is read at import).

export function registerReactions(): void {
  paymentStatusChanged.on("mail", async (tx, change) =>
    (await import("@/lib/mail/payment-reactions")).mailOnPaymentStatus(tx, change),
  );
  pixIssued.on("mail", async (tx, event) =>
    (await import("@/lib/mail/payment-reactions")).mailPixCode(tx, event),
  );
  lookupsResolved.on("workspace-batches", async (tx, event) =>
    (await import("@/lib/workspace/batches/reactions")).settleBatchItems(tx, event),
  );
  lookupsResolved.on("radar-scans", async (tx, event) =>
    (await import("@/lib/radar/reactions")).settleRadarScans(tx, event),
  );
  paymentStatusChanged.on("delisting", async (tx, change) =>
    (await import("@/lib/delisting/reactions")).watchSettledPayment(tx, change),
  );
  lookupsResolved.on("delisting-checks", async (tx, event) =>
    (await import("@/lib/delisting/reactions")).settleDelistingChecks(tx, event),
  );
  // Webhooks out (lib/api-events): API events for a workspace account's facts.
  paymentStatusChanged.on("api-events", async (tx, change) =>
    (await import("@/lib/api-events/reactions")).linkEventsOnPaymentStatus(tx, change),
  );
  radarDebtsFound.on("api-events", async (tx, event) =>
    (await import("@/lib/api-events/reactions")).radarDebtFoundEvents(tx, event),
  );
  linksExpired.on("api-events", async (tx, event) =>
    (await import("@/lib/api-events/reactions")).linkExpiredEvents(tx, event),
  );
  batchesFinished.on("api-events", async (tx, event) =>
    (await import("@/lib/api-events/reactions")).batchFinishedEvents(tx, event),
  );
}
