// npm run webhook:register – registers PUBLIC_BASE_URL + /api/webhooks/uvvi/<secret> with the upstream.
//
// The upstream client is server-only (it holds the API key): allow-server-only comes first.
import "./lib/allow-server-only";

const { EnvError } = await import("../lib/env/schema");
try {
  const { registerStorefrontWebhook, webhookUrlForLogs } =
    await import("../lib/webhooks/registration");
  const result = await registerStorefrontWebhook({ attempts: 3, delayMs: 1_000 });
  console.log(
    `[webhook] registered ${webhookUrlForLogs()}: ${result.status} (${result.message.replace(/\/api\/webhooks\/uvvi\/\S+/, "/api/webhooks/uvvi/<secret>")})`,
  );
} catch (error) {
  const message =
    error instanceof EnvError
      ? error.message
      : error instanceof Error
        ? error.message
        : String(error);
  console.error(`[webhook] registration failed: ${message}`);
  process.exitCode = 1;
}
