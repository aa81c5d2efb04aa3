import "server-only";
import { db } from "@/lib/db/client";
import { defineWorker } from "@/lib/jobs/worker";
import { mailLog } from "./logger";
import { OUTBOX_CLAIM, outboxJob } from "./outbox";

// The outbox queue: kicked after an enqueue commits (kickOutbox), by the background tick, and at
// the next row's notBefore (a backed-off retry), so a retry does not wait for the next tick.

export const mailOutbox = defineWorker({
  job: outboxJob(),
  claim: OUTBOX_CLAIM,
  nextDue: async () =>
    (
      await db.mailMessage.findFirst({
        where: { status: "pending", notBefore: { not: null } },
        orderBy: { notBefore: "asc" },
        select: { notBefore: true },
      })
    )?.notBefore,
  onError: (error) => mailLog.error({ err: error }, "e-mail worker stopped"),
  depth: {
    metric: "mail_outbox_depth",
    help: "E-mails queued in the outbox and not yet sent or given up (fleet-wide)",
    count: () => db.mailMessage.count({ where: { status: "pending" } }),
  },
});

/** Starts sending due e-mails (or notes that more arrived); resolves when nothing is due. */
export const kickOutbox = (): Promise<void> => mailOutbox.kick();

/** Resolves when no drain is running in this process (a test stops its SMTP server after that). */
export const outboxIdle = (): Promise<void> => mailOutbox.idle();
