// lib/jobs: the one claim-lease-retry mechanism for background work (the webhook inbox, the
// e-mail outbox and batch lookups, each with its own Queue definition).
export { backoffMs, givesUp, DEFAULT_RETRY, type RetryPolicy } from "./backoff";
export {
  claim,
  defer,
  deferMany,
  fail,
  finish,
  finishMany,
  release,
  renew,
  type Claim,
  type ClaimedRow,
  type LeaseTable,
  type Queue,
  type SqlQueue,
} from "./queue";
export { pendingSql, pendingWhere, type Pending } from "./pending";
export { RetryLater } from "./retry-later";
export { runClaim, stopJobs, type ClaimOptions, type Job } from "./runner";
