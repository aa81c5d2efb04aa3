import { apiWebhookDisabled } from "./api-webhook-disabled";
import { clientPaid } from "./client-paid";
import { debtsSettled } from "./debts-settled";
import { delistingDecided } from "./delisting-decided";
import type { MailTemplate } from "./define";
import { paymentApproved } from "./payment-approved";
import { paymentLink } from "./payment-link";
import { pixInstructions } from "./pix-instructions";
import { radarDigest } from "./radar-digest";
import { radarOwnerChanges } from "./radar-owner-changes";
import { radarOwnerConfirm } from "./radar-owner-confirm";
import { radarOwnerStopped } from "./radar-owner-stopped";
import { signInLink } from "./sign-in-link";

// Every template by the name stored in MailMessage.template. Pure: no Prisma, no Next.
export const TEMPLATES = {
  "payment-approved": paymentApproved,
  "debts-settled": debtsSettled,
  "delisting-decided": delistingDecided,
  "pix-instructions": pixInstructions,
  "payment-link": paymentLink,
  "sign-in-link": signInLink,
  "client-paid": clientPaid,
  "radar-digest": radarDigest,
  "radar-owner-confirm": radarOwnerConfirm,
  "radar-owner-changes": radarOwnerChanges,
  "radar-owner-stopped": radarOwnerStopped,
  "api-webhook-disabled": apiWebhookDisabled,
} as const;

export type TemplateName = keyof typeof TEMPLATES;
export type TemplateProps<N extends TemplateName> = Parameters<(typeof TEMPLATES)[N]["subject"]>[0];

export function isTemplateName(name: string): name is TemplateName {
  return Object.hasOwn(TEMPLATES, name);
}

export function subjectOf(name: TemplateName, props: unknown): string {
  return (TEMPLATES[name] as MailTemplate<unknown>).subject(props);
}

export function textOf(name: TemplateName, props: unknown): string {
  return (TEMPLATES[name] as MailTemplate<unknown>).text(props);
}
