import "server-only";
import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { areRowIds } from "./row-id";
import { sessionUser, type WorkspaceUser } from "./session";

/** For workspace pages: the signed-in user, or off to the sign-in page (coming back here after). */
export async function requirePageUser(back: string): Promise<WorkspaceUser> {
  const user = await sessionUser(await headers());
  if (!user) redirect(`/entrar?voltar=${encodeURIComponent(back)}`);
  return user;
}

/** A workspace page's ids, or the 404 page before any query (see row-id.ts). */
export async function pageIds<P extends Record<string, string>>(params: Promise<P>): Promise<P> {
  const ids = await params;
  if (!areRowIds(ids)) notFound();
  return ids;
}
