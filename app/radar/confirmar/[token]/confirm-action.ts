"use server";
// Server action – the double opt-in button: turns the owner's watch on when the token is its live one.
import { formAction } from "@/lib/http/form-action";
import { confirmOwnerWatch } from "@/lib/radar/owner-confirm";
import { radarTokenInputSchema } from "@/lib/validation/radar-token-input";

export async function confirmRadarAction(_previous: unknown, form: FormData) {
  return formAction("radar-confirm", radarTokenInputSchema, form, ({ token }) =>
    confirmOwnerWatch(token),
  );
}
