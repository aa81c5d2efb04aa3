"use server";
// Server action – an owner asks Radar to watch the vehicle of the lookup on this page (rate limited per client IP).
import { headers } from "next/headers";
import { formAction } from "@/lib/http/form-action";
import { subscribeOwnerFrom } from "@/lib/radar/owner-subscribe";
import { radarSubscribeInputSchema } from "@/lib/validation/radar-subscribe-input";

export async function radarSubscribeAction(_previous: unknown, form: FormData) {
  return formAction("radar-subscribe", radarSubscribeInputSchema, form, async (input) =>
    subscribeOwnerFrom(await headers(), input),
  );
}
