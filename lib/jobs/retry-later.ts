/**
 * Thrown by a job's handler that cannot run yet for a reason that is not a failure (a budget, a
 * dependency still moving): the row goes back to the queue, due at `at`, and the try is not
 * counted against its attempts.
 */
export class RetryLater extends Error {
  constructor(
    readonly at: Date,
    reason: string,
  ) {
    super(reason);
    this.name = "RetryLater";
  }
}
