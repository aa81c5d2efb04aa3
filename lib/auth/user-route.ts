import "server-only";
import { notFound } from "@/lib/errors/app-error";
import { route } from "@/lib/http/handler";
import { requireUser, type WorkspaceUser } from "./session";

// Every workspace route handler: the shared route() glue (request id, Origin check on writes,
// JSON body check, error mapping, access log) plus the signed-in user, or 401 before any work.
// Handlers scope every query by user.id; a row of another account is simply not found (404),
// the same answer as an id that does not exist, so ids cannot be probed.

// Every id in a workspace URL is a cuid, a UUID or a base64url link token. Anything else is not
// found before any query: a NUL byte (%00) made PostgreSQL fail the query (a 500), and a 10 kB
// "id" is no reason to touch the database.
const ROW_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function userRoute<P extends Record<string, string> = Record<string, never>>(
  name: string,
  options: { stateChanging: boolean; jsonBody?: boolean },
  fn: (req: Request, user: WorkspaceUser, params: P) => Promise<Response>,
) {
  return route<P>(name, options, async (req, params) => {
    const user = await requireUser(req);
    if (Object.values(params).some((id) => typeof id !== "string" || !ROW_ID.test(id))) throw notInWorkspace("Registro");
    return fn(req, user, params);
  });
}

/** The one "not yours or not there" answer of the workspace. */
export const notInWorkspace = (what: string) => notFound("NOT_FOUND", `${what} não encontrado.`);
