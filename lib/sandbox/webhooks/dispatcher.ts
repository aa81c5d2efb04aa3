import { randomUUID } from "node:crypto";
import type { Delivery, WebhookDispatcher, WebhookPayload } from "../context";
import { postJson } from "./post-json";

// Spec delivery rules: first attempt at once; retries 15, 60 and 90 minutes after the INITIAL
// attempt (not after the previous one); only an HTTP 200 within the ack timeout confirms; after
// the third retry the sandbox gives up and the client must poll the status endpoint.
export const RETRY_MINUTES = [15, 60, 90] as const;

export type DispatcherOptions = {
  /** The URL currently registered by a key (read at emit time; retries keep that URL). */
  urlFor(apiKey: string): string | undefined;
  timeScale: number;
  ackTimeoutMs: number;
};

export function createWebhookDispatcher(
  opts: DispatcherOptions,
): WebhookDispatcher & { reset(): void } {
  let deliveries: Delivery[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<void>>();
  let closing = new AbortController();

  async function attempt(d: Delivery, n: number): Promise<void> {
    if (d.acknowledged) return;
    const at = new Date();
    // No answer within the ack timeout, a refused connection or a shutdown: a failed attempt (null).
    const status = await postJson(
      d.url,
      JSON.stringify(d.payload),
      {
        "user-agent": "uvvi-sandbox-webhooks/1.0",
        "x-sandbox-delivery-id": d.id,
        "x-sandbox-attempt": String(n),
      },
      opts.ackTimeoutMs,
      closing.signal,
    );
    d.attempts.push({ at, status });
    if (status === 200) d.acknowledged = true;
  }

  function track(d: Delivery, n: number): void {
    const p = attempt(d, n).finally(() => inFlight.delete(p));
    inFlight.add(p);
  }

  function close(): void {
    for (const t of timers) clearTimeout(t);
    timers.clear();
    closing.abort();
  }

  return {
    emit(apiKey: string, payload: WebhookPayload): void {
      const url = opts.urlFor(apiKey);
      if (!url) return;
      const d: Delivery = {
        id: randomUUID(),
        apiKey,
        url,
        payload,
        attempts: [],
        acknowledged: false,
      };
      deliveries.push(d);
      track(d, 1);
      RETRY_MINUTES.forEach((minutes, i) => {
        const t = setTimeout(
          () => {
            timers.delete(t);
            if (!d.acknowledged) track(d, i + 2);
          },
          minutes * 60_000 * opts.timeScale,
        );
        t.unref?.();
        timers.add(t);
      });
    },
    deliveries: () => deliveries,
    async idle(): Promise<void> {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    close,
    reset(): void {
      close();
      closing = new AbortController();
      deliveries = [];
    },
  };
}
