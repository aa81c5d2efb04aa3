"use server";
// Server action – an owner asks Radar to watch the vehicle of the lookup on this page (rate limited per client IP).
import { headers } from "next/headers";
import { clientKeyFromHeaders } from "@/lib/http/client-ip";
import { formAction } from "@/lib/http/form-action";
import { subscribeOwner } from "@/lib/radar/owner-subscribe";
import { consume } from "@/lib/rate-limit/limits";
import { radarSubscribeInputSchema } from "@/lib/validation/radar-subscribe-input";

export async function radarSubscribeAction(_previous: unknown, form: FormData) {
  return formAction("radar-subscribe", radarSubscribeInputSchema, form, async (input) => {
    await consume("radarSubscribe", clientKeyFromHeaders(await headers()));
    return subscribeOwner(input);
  });
}
