// PATCH /api/workspace/profile – the despachante's name, office name and optional CNPJ (how clients see who sent a link).
import { userRoute } from "@/lib/auth/user-route";
import { jsonResponse } from "@/lib/http/errors";
import { readJson } from "@/lib/http/json-body";
import { parseOrThrow } from "@/lib/http/validation";
import { profileInputSchema } from "@/lib/validation/profile-input";
import { updateProfile } from "@/lib/workspace/profile/profile";

export const dynamic = "force-dynamic";

export const PATCH = userRoute(
  "PATCH /api/workspace/profile",
  { stateChanging: true, jsonBody: true },
  async (req, user) =>
    jsonResponse({
      profile: await updateProfile(user.id, parseOrThrow(profileInputSchema, await readJson(req))),
    }),
);
