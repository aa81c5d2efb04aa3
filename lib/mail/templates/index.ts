import { renderToStaticMarkup } from "react-dom/server";
import { clientPaid } from "./client-paid";
import { debtsSettled } from "./debts-settled";
import type { MailTemplate } from "./define";
import { paymentApproved } from "./payment-approved";
import { paymentLink } from "./payment-link";
import { pixInstructions } from "./pix-instructions";
import { signInLink } from "./sign-in-link";

// Every template by the name stored in MailMessage.template. Pure: no Prisma, no Next.
export const TEMPLATES = {
  "payment-approved": paymentApproved,
  "debts-settled": debtsSettled,
  "pix-instructions": pixInstructions,
  "payment-link": paymentLink,
  "sign-in-link": signInLink,
  "client-paid": clientPaid,
} as const;

export type TemplateName = keyof typeof TEMPLATES;
export type TemplateProps<N extends TemplateName> = Parameters<(typeof TEMPLATES)[N]["subject"]>[0];

export function isTemplateName(name: string): name is TemplateName {
  return Object.hasOwn(TEMPLATES, name);
}

export function renderMail(name: TemplateName, props: unknown): { subject: string; html: string; text: string } {
  const t = TEMPLATES[name] as MailTemplate<unknown>;
  return { subject: t.subject(props), html: `<!DOCTYPE html>${renderToStaticMarkup(t.Html(props))}`, text: t.text(props) };
}
