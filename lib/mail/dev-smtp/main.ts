// The embedded test SMTP server as its own process (scripts/start.ts starts it beside the sandbox
// when SMTP_URL is unset and the key is a test key). Never with a live key.
import { createPrismaClient } from "../../db/create-client";
import { loadEnv } from "../../env/load";
import { startDevSmtp } from "./server";

const env = loadEnv();
if (!env.mail.embedded) {
  console.error(
    "[smtp] the embedded SMTP server runs only in the test environment without SMTP_URL",
  );
  process.exit(1);
}
const db = createPrismaClient(env.databaseUrl);
let smtp: Awaited<ReturnType<typeof startDevSmtp>> | undefined;
try {
  smtp = await startDevSmtp(db, env.mail.smtpPort);
  console.log(`[smtp] test SMTP server on 127.0.0.1:${smtp.port}`);
} catch (error) {
  if ((error as { code?: string }).code !== "EADDRINUSE") throw error;
  // Several instances on one host (npm start twice, the multi-instance tests): the first one's
  // server takes the port and every instance's outbox delivers there. This process stays up, idle,
  // because start.ts stops everything when a child exits.
  console.log(
    `[smtp] 127.0.0.1:${env.mail.smtpPort} is taken (another instance on this host runs the test SMTP server): using it`,
  );
}

const stop = async () => {
  await smtp?.close();
  await db.$disconnect();
  process.exit(0);
};
setInterval(() => undefined, 1 << 30);
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
