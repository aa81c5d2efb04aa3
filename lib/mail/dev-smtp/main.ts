// The embedded test SMTP server as its own process (scripts/start.ts starts it beside the sandbox
// when SMTP_URL is unset and the key is a test key). Never with a live key.
import { createPrismaClient } from "../../db/create-client";
import { loadEnv } from "../../env/load";
import { startDevSmtp } from "./server";

const env = loadEnv();
if (!env.mail.embedded) {
  console.error("[smtp] the embedded SMTP server runs only in the test environment without SMTP_URL");
  process.exit(1);
}
const db = createPrismaClient(env.databaseUrl);
const smtp = await startDevSmtp(db, env.mail.smtpPort);
console.log(`[smtp] test SMTP server on 127.0.0.1:${smtp.port}`);

const stop = async () => {
  await smtp.close();
  await db.$disconnect();
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
