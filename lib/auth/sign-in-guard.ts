import "server-only";
import * as z from "zod/mini";
import { AppError } from "@/lib/errors/app-error";
import { clientKey } from "@/lib/http/client-ip";
import { assertJsonBody } from "@/lib/http/json-body";
import { mailboxIndex } from "@/lib/privacy";
import { consume } from "@/lib/rate-limit/limits";
import { CUSTOMER_MESSAGES, emailSchema } from "@/lib/validation/customer-input";

// What better-auth's sign-in-link endpoint gets only after our checks: a valid address (the form's
// rule, pt-BR message), a callback inside the workspace, and two limits counted in the database
// (per client IP, and per mailbox so one mailbox cannot be flooded from many IPs, nor by writing
// its address another way: `nome+1@`).

export const signInLinkInput = z.object({
  email: emailSchema,
  callbackURL: z.optional(z.string().check(z.regex(/^\/painel(\/[\w\-/]*)?(\?[\w=&%-]*)?$/))),
  errorCallbackURL: z.optional(z.string().check(z.regex(/^\/entrar(\?[\w=&%-]*)?$/))),
  newUserCallbackURL: z.optional(z.string().check(z.regex(/^\/painel(\/[\w\-/]*)?$/))),
  name: z.optional(z.string().check(z.maxLength(120))),
});

export async function guardSignInLink(req: Request): Promise<void> {
  assertJsonBody(req);
  const body: unknown = await req
    .clone()
    .json()
    .catch(() => null);
  const parsed = z.safeParse(signInLinkInput, body);
  if (!parsed.success) {
    const emailIssue = parsed.error.issues.some((i) => i.path[0] === "email");
    throw new AppError({
      code: emailIssue ? "INVALID_EMAIL" : "INVALID_REQUEST",
      ...(emailIssue ? { fields: { email: CUSTOMER_MESSAGES.email } } : {}),
    });
  }
  await consume("signIn", clientKey(req));
  // Keyed by the mailbox's keyed hash: the limiter's table never holds the address.
  await consume("signInEmail", mailboxIndex(parsed.data.email));
}
