import "server-only";
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { processSingleton } from "@/lib/server/singleton";

// Who holds a lease: one id per process (host, pid and a random part, since pids repeat across
// containers and restarts), plus a sequence per claim so a claim's own rows are read back exactly.
// On globalThis: Next may load this module once per bundle, and every copy must be one owner.

const state = processSingleton("jobs.owner", () => ({
  id: `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`,
  seq: 0,
}));

export function processOwnerId(): string {
  return state.id;
}

/** A fresh token for one claim; it starts with the process id, so release-all can match by prefix. */
export function claimToken(): string {
  state.seq += 1;
  return `${state.id}#${state.seq}`;
}
