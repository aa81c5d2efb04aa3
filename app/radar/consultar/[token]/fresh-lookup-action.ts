"use server";
// Server action – the owner's mail link: a fresh lookup from the watch's own data, then its result page.
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { clientKeyFromHeaders } from "@/lib/http/client-ip";
import { formAction } from "@/lib/http/form-action";
import { startFreshLookup } from "@/lib/radar/owner-lookup";
import { consume } from "@/lib/rate-limit/limits";
import { radarTokenInputSchema } from "@/lib/validation/radar-token-input";

export async function freshLookupAction(_previous: unknown, form: FormData) {
  const result = await formAction(
    "radar-fresh-lookup",
    radarTokenInputSchema,
    form,
    async ({ token }) => {
      await consume("lookup", clientKeyFromHeaders(await headers()));
      return startFreshLookup(token);
    },
  );
  // Outside the wrapper: redirect() works by throwing.
  if (result.ok) redirect(`/consulta/${result.data.lookupId}`);
  return result;
}
