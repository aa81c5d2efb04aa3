import "server-only";
import { notFound } from "@/lib/errors/app-error";
import { route } from "@/lib/http/handler";
import { areRowIds } from "./row-id";
import { requireUser, type WorkspaceUser } from "./session";

// Every workspace route handler: the shared route() glue (request id, Origin check on writes,
// JSON body check, error mapping, access log) plus the signed-in user, or 401 before any work.
// Handlers scope every query by user.id; a row of another account is simply not found (404),
// the same answer as an id that does not exist, so ids cannot be probed.

export function userRoute<P extends Record<string, string> = Record<string, never>>(
  name: string,
  options: { stateChanging: boolean; jsonBody?: boolean },
  fn: (req: Request, user: WorkspaceUser, params: P) => Promise<Response>,
) {
  return route<P>(name, options, async (req, params) => {
    const user = await requireUser(req);
    if (!areRowIds(params)) throw notInWorkspace("Registro");
    return fn(req, user, params);
  });
}

/** The one "not yours or not there" answer of the workspace. */
export const notInWorkspace = (what: string) => notFound("NOT_FOUND", `${what} não encontrado.`);
