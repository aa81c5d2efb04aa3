import "server-only";
import { directJsonRoute, headersOf } from "@/lib/http/direct";
import { clientKeyFromHeaders } from "@/lib/http/client-ip";
import type { DirectRoute } from "@/lib/server/direct-routes";

// GET /api/payments/{paymentRef} on Node's request and response, without Next: the production
// path (lib/server/direct-routes.ts). Every open status page polls it, and Next's handling of a
// request cost more CPU than reading the payment (docs/benchmarks.md). Same answers and headers as
// the route in app/, which stays for `next dev` and for tests that drive it directly.

/**
 * read: the answer's view, the same function the route in app/ answers with:
 * lib/delisting/payment-status.ts (getPaymentView with the delisting checks a higher layer adds).
 */
export function paymentStatusDirectRoute(
  read: (ref: string, clientKey: string) => Promise<unknown>,
): DirectRoute {
  return {
    method: "GET",
    prefix: "/api/payments/",
    handle: directJsonRoute("GET /api/payments/[paymentRef]", (req, paymentRef) =>
      read(paymentRef, clientKeyFromHeaders(headersOf(req))),
    ),
  };
}
