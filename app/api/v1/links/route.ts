// GET /api/v1/links – the account's payment links; POST – a link from a lookup's debts (docs/api.md).
import { apiRoute } from "@/lib/api/api-route";
import { API_OPERATIONS as op } from "@/lib/api/operations";
import { linksPage, makeLink } from "@/lib/api/resources/links";

export const dynamic = "force-dynamic";

export const GET = apiRoute(op.listLinks, ({ caller, query }) => linksPage(caller.user.id, query));
export const POST = apiRoute(op.createLink, ({ caller, body }) => makeLink(caller.user, body));
