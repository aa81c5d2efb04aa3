import "server-only";
import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { AppError } from "@/lib/errors/app-error";
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
