import "server-only";
import { db } from "@/lib/db/client";
import { mailLog } from "./logger";
import { drainOnce, outboxJob } from "./outbox";

// Kicks the outbox: after an enqueue commits (kickOutbox), from the background tick, and at the
// next row's notBefore (a backed-off retry), so a retry does not wait for the next tick.

type State = { draining?: Promise<void>; again: boolean; wake?: { at: number; timer: NodeJS.Timeout } };
const g = globalThis as unknown as { __mailWorker?: State };
const state: State = (g.__mailWorker ??= { again: false });
const job = outboxJob();

async function wakeForNextRetry(): Promise<void> {
  const next = await db.mailMessage.findFirst({ where: { status: "pending", notBefore: { not: null } }, orderBy: { notBefore: "asc" }, select: { notBefore: true } });
  if (!next?.notBefore) return;
  const at = next.notBefore.getTime();
  if (state.wake && state.wake.at <= at && state.wake.at > Date.now()) return;
  if (state.wake) clearTimeout(state.wake.timer);
  const timer = setTimeout(() => {
    state.wake = undefined;
    void kickOutbox();
  }, Math.max(0, at - Date.now()) + 20);
  timer.unref();
  state.wake = { at, timer };
}

async function drain(): Promise<void> {
  do {
    state.again = false;
    await drainOnce(job);
  } while (state.again);
  await wakeForNextRetry();
}

/** Starts sending due e-mails (or notes that more arrived); resolves when nothing is due. */
export function kickOutbox(): Promise<void> {
  state.again = true;
  state.draining ??= drain()
    .catch((error: unknown) => mailLog.error({ err: error }, "e-mail worker stopped"))
    .finally(() => {
      state.draining = undefined;
    });
  return state.draining;
}

/** Resolves when no drain is running in this process (a test stops its SMTP server after that). */
export function outboxIdle(): Promise<void> {
  return state.draining ?? Promise.resolve();
}
