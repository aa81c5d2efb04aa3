// npm run webhook:register – registers PUBLIC_BASE_URL + /api/webhooks/uvvi/<secret> with the upstream.
//
// The upstream client is server-only (it holds the API key). Plain Node resolves "server-only" to
// a module that throws, so a resolve hook maps it to an empty module BEFORE the app code is
// imported (the same thing Next's react-server condition does; without touching react's own
// react-server exports the way `--conditions=react-server` would).
import { register } from "node:module";

register(
  "data:text/javascript," +
    encodeURIComponent(
      `export async function resolve(specifier, context, next) {
        if (specifier === "server-only") return { url: "data:text/javascript,export {};", shortCircuit: true };
        return next(specifier, context);
      }`,
    ),
);

const { EnvError } = await import("../lib/env/schema");
try {
  const { registerStorefrontWebhook, webhookUrlForLogs } = await import("../lib/webhooks/registration");
  const result = await registerStorefrontWebhook({ attempts: 3, delayMs: 1_000 });
  console.log(`[webhook] registered ${webhookUrlForLogs()}: ${result.status} (${result.message.replace(/\/api\/webhooks\/uvvi\/\S+/, "/api/webhooks/uvvi/<secret>")})`);
} catch (error) {
  const message = error instanceof EnvError ? error.message : error instanceof Error ? error.message : String(error);
  console.error(`[webhook] registration failed: ${message}`);
  process.exitCode = 1;
}
