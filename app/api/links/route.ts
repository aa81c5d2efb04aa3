// GET /api/links – "Meus links": the share links this browser created, with live status, settlement and delisting state.
import { withDelisting } from "@/lib/delisting/link-marks";
import { jsonResponse } from "@/lib/http/errors";
import { route } from "@/lib/http/handler";
import { creatorIdFromRequest } from "@/lib/links/creator-cookie";
import { listLinks } from "@/lib/links/list-links";

export const dynamic = "force-dynamic";

export const GET = route("GET /api/links", { stateChanging: false }, async (req) =>
  jsonResponse({ links: await withDelisting(await listLinks(creatorIdFromRequest(req))) }),
);
