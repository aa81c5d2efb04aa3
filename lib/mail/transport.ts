import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "@/lib/env";
import { processSingleton } from "@/lib/server/singleton";

// One SMTP transport per process (settings from the validated env). Short timeouts: a dead relay
// must fail the try quickly so the row backs off, not hold its lease for minutes.

export function createMailTransport(smtpUrl: string): Transporter {
  return nodemailer.createTransport(smtpUrl, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as never);
}

export function mailTransport(): Transporter {
  return processSingleton("mail.transport", () => createMailTransport(env.mail.smtpUrl));
}

/** SMTP 5xx: the relay refused for good (bad mailbox, policy); trying again changes nothing. */
export function isPermanentSmtpError(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}
