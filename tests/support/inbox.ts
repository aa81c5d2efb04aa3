import { sleep } from "./time";

// The webhook inbox in integration tests: drain it (lib/webhooks/dispatch) until a payment's events
// are all judged. One event arriving within a confirmation's spacing waits for it, so this polls.
// Import after setupTestEnvironment: the database client and the dispatcher read the environment.

/**
 * Drains until no event of `externalId` is left unjudged. With `requireEvent` (the default), at
 * least one event must have arrived too: an empty inbox is not "all judged".
 */
export async function drainUntilJudged(
  externalId: string,
  opts: { attempts?: number; requireEvent?: boolean } = {},
): Promise<void> {
  const { attempts = 80, requireEvent = true } = opts;
  const { db } = await import("@/lib/db/client");
  const { dispatchPendingWebhooks } = await import("@/lib/webhooks/dispatch");
  for (let i = 0; i < attempts; i++) {
    await dispatchPendingWebhooks();
    const open = await db.webhookEvent.count({ where: { externalId, outcome: null } });
    if (
      open === 0 &&
      (!requireEvent || (await db.webhookEvent.count({ where: { externalId } })) > 0)
    )
      return;
    await sleep(250);
  }
  throw new Error(
    requireEvent ? `no judged event for ${externalId}` : `events of ${externalId} still unjudged`,
  );
}
