// Card payment outcomes: the token's test scenario drives antifraud and the card operator.
// Timelines (real time, times timeScale): docs/sandbox-payments.md "Test cards".
import type { SandboxContext } from "../context";
import { enterStatus, transitionLater } from "./lifecycle";
import { scaled } from "./timings";
import type { SandboxPayment } from "./types";

/** Starts the payment's first status; resolves when its synchronous answer may be sent. */
export function startCardPayment(ctx: SandboxContext, p: SandboxPayment): Promise<void> {
  const at = ctx.options.now();
  const approve = () => (p.antifraud.finalDecision = "approved");
  const refuseByAntifraud = () => {
    p.antifraud.finalDecision = "refused";
    p.refusedBy = "antifraud";
  };
  switch (p.scenario ?? "paid") {
    case "paid":
      p.antifraud = { decision: "approved", at, finalDecision: "approved" };
      enterStatus(ctx, p, "paid");
      break;
    case "refused_operator":
      p.antifraud = { decision: "approved", at, finalDecision: "approved" };
      p.refusedBy = "operator";
      enterStatus(ctx, p, "refused");
      break;
    case "refused_antifraud":
      p.antifraud = { decision: "refused", at, finalDecision: "refused" };
      p.refusedBy = "antifraud";
      enterStatus(ctx, p, "refused");
      break;
    case "analysis_paid":
      p.antifraud = { decision: "review", at };
      enterStatus(ctx, p, "in_analysis");
      transitionLater(ctx, p, "in_analysis", "paid", scaled(ctx, "analysis"), approve);
      break;
    case "analysis_refused":
      p.antifraud = { decision: "review", at };
      enterStatus(ctx, p, "in_analysis");
      transitionLater(ctx, p, "in_analysis", "refused", scaled(ctx, "analysis"), refuseByAntifraud);
      break;
    case "processing_paid":
      p.antifraud = { decision: "approved", at, finalDecision: "approved" };
      enterStatus(ctx, p, "processing");
      transitionLater(ctx, p, "processing", "paid", scaled(ctx, "processing"));
      break;
    case "timeout":
      // The charge goes through while the answer is held back: processing now, paid (with its
      // webhook) when the withheld answer is finally released without a status.
      p.antifraud = { decision: "approved", at, finalDecision: "approved" };
      enterStatus(ctx, p, "processing");
      return new Promise((resolve) => {
        ctx.schedule(() => {
          if (p.status === "processing") enterStatus(ctx, p, "paid");
          resolve();
        }, ctx.options.withheldPaymentMs);
      });
  }
  return Promise.resolve();
}
