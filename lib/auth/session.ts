import "server-only";
import { AppError } from "@/lib/errors/app-error";
import { auth } from "./auth";

// Who is signed in. Every workspace route and page asks here, and every query it makes is scoped
// by the id returned: ownership is a WHERE clause, not a check after the read.

export type WorkspaceUser = {
  id: string;
  email: string;
  name: string;
  officeName: string | null;
  officeCnpj: string | null;
};

export async function sessionUser(headers: Headers): Promise<WorkspaceUser | null> {
  const session = await auth.api.getSession({ headers });
  if (!session) return null;
  const { id, email, name, officeName, officeCnpj } = session.user;
  return { id, email, name, officeName: officeName ?? null, officeCnpj: officeCnpj ?? null };
}

export const UNAUTHENTICATED = () => new AppError({ code: "UNAUTHENTICATED" });

/** For route handlers: the signed-in user, or a 401. */
export async function requireUser(req: Request): Promise<WorkspaceUser> {
  const user = await sessionUser(req.headers);
  if (!user) throw UNAUTHENTICATED();
  return user;
}
