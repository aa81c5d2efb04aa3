import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { sessionUser, type WorkspaceUser } from "./session";

/** For workspace pages: the signed-in user, or off to the sign-in page (coming back here after). */
export async function requirePageUser(back: string): Promise<WorkspaceUser> {
  const user = await sessionUser(await headers());
  if (!user) redirect(`/entrar?voltar=${encodeURIComponent(back)}`);
  return user;
}
