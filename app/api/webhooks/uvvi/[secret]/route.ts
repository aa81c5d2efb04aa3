// POST /api/webhooks/uvvi/{secret} – verify, store the raw event, acknowledge; apply after the answer.
// In production our server answers this path itself, without Next (lib/webhooks/direct-route.ts);
// this handler serves `next dev`, tests, and requests that come before the start-up registered it.
import { after } from "next/server";
import { observeRequest } from "@/lib/metrics/registry";
import { dispatchPendingWebhooks, receiveWebhook } from "@/lib/webhooks/receive";

export async function POST(request: Request, ctx: { params: Promise<{ secret: string }> }) {
  const started = performance.now();
  const { response, stored } = await receiveWebhook((await ctx.params).secret, request);
  if (stored) applyAfterResponse();
  // The pattern, never the path: the path is the webhook secret.
  observeRequest("POST /api/webhooks/uvvi/[secret]", response.status, started);
  return response;
}

// Applying runs after the 200 is sent: the stored row is the durable inbox, so the answer never
// waits on handlers or on the upstream status call. Outside a Next request (tests driving this
// handler directly) after() throws; the long-lived Node server runs the dispatcher either way.
function applyAfterResponse() {
  try {
    after(() => dispatchPendingWebhooks());
  } catch {
    void dispatchPendingWebhooks();
  }
}
