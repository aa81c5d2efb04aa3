import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { familyVehicle } from "@/lib/sandbox/catalog/family";
import {
  overrideEnvForTests,
  setupTestEnvironment,
  TEST_WEBHOOK_SECRET,
  type TestEnvironment,
} from "./test-env";
import { apiRequest, params } from "./upstream-helpers";
import { startWebhookReceiver, type WebhookReceiver } from "./webhook-receiver";
import { json } from "./storefront-flow";

// A lookup of a generated TST#X## vehicle through our route handlers, its result delivered by the
// sandbox as a real webhook to our webhook route. Call after setupTestEnvironment.

export type LookupDebt = {
  id: string;
  title: string;
  type: string;
  year?: number;
  dependsOn: string[];
  distinct: string[];
};

export async function startLookupReceiver(): Promise<WebhookReceiver> {
  const { POST } = await import("@/app/api/webhooks/uvvi/[secret]/route");
  const { upstream } = await import("@/lib/upstream/client");
  const receiver = await startWebhookReceiver(POST);
  await upstream.registerWebhook(`${receiver.url}/api/webhooks/uvvi/${TEST_WEBHOOK_SECRET}`);
  return receiver;
}

export async function familyLookup(
  plate: string,
  ip = "10.0.0.9",
): Promise<{ lookupId: string; debts: LookupDebt[] }> {
  const { POST } = await import("@/app/api/lookups/route");
  const { GET } = await import("@/app/api/lookups/[lookupId]/route");
  const { dispatchPendingWebhooks } = await import("@/lib/webhooks/dispatch");
  const v = familyVehicle(plate)!;
  const res = await POST(
    apiRequest("/api/lookups", {
      body: { uf: v.uf, plate: v.plate, renavam: v.renavam, cpfCnpj: v.cpfCnpj },
      ip,
    }),
  );
  if (res.status !== 201) throw new Error(`lookup failed: ${res.status} ${await res.text()}`);
  const { lookupId } = await json<{ lookupId: string }>(res);
  const deadline = Date.now() + 15_000;
  for (;;) {
    // Not webhooks.idle(): it would also wait for every payment webhook still in flight.
    await dispatchPendingWebhooks();
    const view = await json<{ status: string; debts: LookupDebt[] }>(
      await GET(apiRequest(`/api/lookups/${lookupId}`, { method: "GET" }), params({ lookupId })),
    );
    if (view.status === "debts") return { lookupId, debts: view.debts };
    if (Date.now() > deadline) throw new Error(`lookup stayed ${view.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The IPVA debts of a withDebts copy, found by title as the catalog writes them. */
export function ipvaDebts(debts: LookupDebt[]) {
  const find = (re: RegExp) => {
    const d = debts.find((x) => re.test(x.title));
    if (!d) throw new Error(`no debt matching ${re}`);
    return d;
  };
  // Two "Cota única" titles (previous and current year): tell them apart by year.
  const current = Math.max(
    ...debts.filter((d) => d.type === "ipva").map((d) => Number(/IPVA (\d+)/.exec(d.title)?.[1])),
  );
  return {
    current,
    previous: find(new RegExp(`^IPVA ${current - 1} - Cota única$`)),
    cota: find(new RegExp(`^IPVA ${current} - Cota única$`)),
    p1: find(/Parcela 1\/3$/),
    p2: find(/Parcela 2\/3$/),
  };
}

/**
 * A real HTTP proxy in front of the sandbox that counts the payment requests reaching "upstream":
 * the sandbox would refuse a second conflicting payment itself, so only counting at the wire shows
 * whether our own check let two through.
 */
export async function startCountingProxy(
  target: string,
): Promise<{ url: string; payments: () => number; close(): Promise<void> }> {
  let payments = 0;
  const server: Server = createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      if (req.method === "POST" && req.url === "/uvvi/v1/payment") payments += 1;
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers))
        if (typeof v === "string" && k !== "host" && k !== "content-length") headers[k] = v;
      const body = chunks.length ? Buffer.concat(chunks) : undefined;
      const answer = await fetch(`${target}${req.url ?? "/"}`, {
        method: req.method,
        headers,
        body: req.method === "GET" ? undefined : body,
      });
      res.writeHead(answer.status, {
        "content-type": answer.headers.get("content-type") ?? "application/json",
      });
      res.end(Buffer.from(await answer.arrayBuffer()));
    })().catch((error: unknown) => res.writeHead(502).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    payments: () => payments,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type CountingProxy = Awaited<ReturnType<typeof startCountingProxy>>;

/**
 * A test environment whose storefront reaches the sandbox through a counting proxy (to see what
 * reaches upstream), with `vars` (raised rate limits, log level) set before the app's modules load.
 */
export async function proxiedTestEnvironment(
  timeScale: number,
  vars: Record<string, string>,
): Promise<{ env: TestEnvironment; proxy: CountingProxy; close(): Promise<void> }> {
  const env = await setupTestEnvironment({ sandbox: { timeScale } });
  const proxy = await startCountingProxy(env.sandbox.url).catch(async (error: unknown) => {
    await env.close();
    throw error;
  });
  overrideEnvForTests({ UVVI_BASE_URL: proxy.url, ...vars });
  return {
    env,
    proxy,
    async close() {
      await proxy.close();
      await env.close();
    },
  };
}
