import { simpleParser, type AddressObject } from "mailparser";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";
import type { Db } from "../../db/create-client";

// The embedded SMTP server of the test environment (scripts/start.ts runs it when SMTP_URL is
// unset with a test key). A real SMTP server (smtp-server) whose messages are parsed (mailparser)
// and stored in the database, so every storefront instance's mailbox page shows them all.
// Receiver-side dedupe by Message-ID: a message the outbox sent twice (a crash between the
// relay's 250 and the row's mark) is stored once, with `deliveries` counting the copies.
// No server-only: plain Node (the start script) and the tests load it. Relative imports for that.

const addresses = (a: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(a) ? a : a ? [a] : [])
    .flatMap((x) => x.value.map((v) => v.address ?? ""))
    .filter(Boolean)
    .join(", ");

export type DevSmtp = { server: SMTPServer; port: number; close(): Promise<void> };

export async function startDevSmtp(
  db: Db,
  port: number,
  overrides: Partial<SMTPServerOptions> = {},
): Promise<DevSmtp> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    banner: "placa-paga test mailbox",
    size: 10 * 1024 * 1024,
    async onData(stream, _session, callback) {
      try {
        const mail = await simpleParser(stream);
        const messageId = mail.messageId ?? `<no-id-${Date.now()}-${Math.random()}@dev-smtp>`;
        const data = {
          messageId,
          from: addresses(mail.from),
          to: addresses(mail.to),
          subject: mail.subject ?? "",
          html: typeof mail.html === "string" ? mail.html : "",
          text: mail.text ?? "",
          attachments: JSON.stringify(
            mail.attachments.map((a) => ({
              filename: a.filename ?? "anexo",
              contentType: a.contentType,
              size: a.size,
              base64: a.content.toString("base64"),
            })),
          ),
        };
        await db.receivedMail.upsert({
          where: { messageId },
          create: data,
          update: { deliveries: { increment: 1 } },
        });
        callback();
      } catch (error) {
        // 451: temporary, the sender keeps the message and tries again.
        callback(
          Object.assign(new Error(`could not store the message: ${String(error)}`), {
            responseCode: 451,
          }),
        );
      }
    },
    ...overrides,
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.server.address();
  return {
    server,
    port: typeof address === "object" && address ? address.port : port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
