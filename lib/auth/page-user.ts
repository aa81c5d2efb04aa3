import "server-only";
import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { AppError } from "@/lib/errors/app-error";
import { hasProfile } from "@/lib/rules/sender-name";
import { areRowIds } from "./row-id";
import { sessionUser, type WorkspaceUser } from "./session";

export const PROFILE_PATH = "/painel/perfil";

/**
 * For workspace pages: the signed-in user, or off to the sign-in page (coming back here after).
 * A despachante who has not said their name and office yet is asked first (the profile page, then
 * back here): every link their clients get carries that name. `profile: false` for the pages that
 * must open without it (the profile page itself, the workspace's frame).
 */
export async function requirePageUser(
  back: string,
  opts: { profile?: boolean } = {},
): Promise<WorkspaceUser> {
  const user = await sessionUser(await headers());
  if (!user) redirect(`/entrar?voltar=${encodeURIComponent(back)}`);
  if (opts.profile !== false && !hasProfile(user))
    redirect(`${PROFILE_PATH}?voltar=${encodeURIComponent(back)}`);
  return user;
}

/** A workspace page's ids, or the 404 page before any query (see row-id.ts). */
export async function pageIds<P extends Record<string, string>>(params: Promise<P>): Promise<P> {
  const ids = await params;
  if (!areRowIds(ids)) notFound();
  return ids;
}

/**
 * A page's data, or the 404 page when lib/ says 404: another account's row and a missing one are
 * the same AppError there (notInWorkspace), so pages must draw them the same way too.
 * Anything else is rethrown to the error boundary.
 */
export async function pageOr404<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof AppError && error.httpStatus === 404) notFound();
    throw error;
  }
}
