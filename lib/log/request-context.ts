import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

// The request id travels with the async call chain, so every log line written while serving a
// request (route, service, upstream call) carries it without passing it around by hand.

type RequestContext = { requestId: string };

const storage = new AsyncLocalStorage<RequestContext>();

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** An incoming x-request-id is reused only when it looks like an id (it ends up in our logs). */
export function requestIdFrom(header: string | null): string {
  return header && /^[A-Za-z0-9._-]{8,64}$/.test(header) ? header : randomUUID();
}

export function runWithRequestId<T>(requestId: string, fn: () => T): T {
  return storage.run({ requestId }, fn);
}
