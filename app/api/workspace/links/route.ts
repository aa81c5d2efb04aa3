// GET /api/workspace/links – the account's links with live status and delisting state (?client=&status=&paidToday=1); POST – checkout + share link from one of its lookups for one of its clients.
import { userRoute } from "@/lib/auth/user-route";
import { withDelisting } from "@/lib/delisting/link-marks";
import { jsonResponse } from "@/lib/http/errors";
import { readJson } from "@/lib/http/json-body";
import { parseOrThrow } from "@/lib/http/validation";
import { createAccountLink, listAccountLinks } from "@/lib/links/account-links";
import { shareUrl } from "@/lib/links/owned-link";
import {
  workspaceLinkFilterSchema,
  workspaceLinkInputSchema,
} from "@/lib/validation/workspace-link-input";

export const dynamic = "force-dynamic";

export const GET = userRoute(
  "GET /api/workspace/links",
  { stateChanging: false },
  async (req, user) => {
    const filter = parseOrThrow(
      workspaceLinkFilterSchema,
      Object.fromEntries(new URL(req.url).searchParams),
    );
    const { links, clients } = await listAccountLinks(user.id, filter);
    return jsonResponse({ links: await withDelisting(links), clients });
  },
);

export const POST = userRoute(
  "POST /api/workspace/links",
  { stateChanging: true, jsonBody: true },
  async (req, user) => {
    const input = parseOrThrow(workspaceLinkInputSchema, await readJson(req));
    const created = await createAccountLink(user, input);
    return jsonResponse({ ...created, url: shareUrl(created.token) }, 201);
  },
);
