"use server";
// Server action – the unsubscribe button: stops the owner's watch and erases what it stored.
import { formAction } from "@/lib/http/form-action";
import { unsubscribeOwner } from "@/lib/personal-data/radar-unsubscribe";
import { radarTokenInputSchema } from "@/lib/validation/radar-token-input";

export async function cancelRadarAction(_previous: unknown, form: FormData) {
  return formAction("radar-cancel", radarTokenInputSchema, form, ({ token }) =>
    unsubscribeOwner(token),
  );
}
