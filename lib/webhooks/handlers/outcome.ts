// What applying one stored event did; written to WebhookEvent.outcome (+ error as the detail).
export type HandlerOutcome = {
  outcome: "applied" | "ignored" | "unmatched";
  detail?: string;
};

export const applied = (detail?: string): HandlerOutcome => ({ outcome: "applied", detail });
export const ignored = (detail: string): HandlerOutcome => ({ outcome: "ignored", detail });
export const unmatched = (detail: string): HandlerOutcome => ({ outcome: "unmatched", detail });
