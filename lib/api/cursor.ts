import "server-only";
import { AppError } from "@/lib/errors/app-error";

// The lists' opaque cursor: the last row's (createdAt, id), base64url. Lists run newest first, so
// the next page is everything strictly older in that order: rows added meanwhile never shift it.

export type Position = { createdAt: Date; id: string };

export function encodeCursor(p: Position): string {
  return Buffer.from(JSON.stringify([p.createdAt.toISOString(), p.id])).toString("base64url");
}

export function decodeCursor(cursor: string | undefined): Position | null {
  if (cursor === undefined) return null;
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown[];
    const createdAt = new Date(String(at));
    if (typeof id === "string" && /^[A-Za-z0-9_-]{1,64}$/.test(id) && !isNaN(createdAt.getTime()))
      return { createdAt, id };
  } catch {
    // falls through to the refusal
  }
  throw new AppError({ code: "VALIDATION_ERROR", fields: { cursor: "Cursor inválido." } });
}

/** The Prisma condition for rows after `p` in (createdAt desc, id desc) order. */
export const olderThan = (p: Position | null) =>
  p
    ? { OR: [{ createdAt: { lt: p.createdAt } }, { createdAt: p.createdAt, id: { lt: p.id } }] }
    : {};

export const NEWEST_FIRST = [{ createdAt: "desc" as const }, { id: "desc" as const }];

/** A page from rows read with `take: limit + 1`. */
export function pageOf<R extends Position, T>(
  rows: R[],
  limit: number,
  view: (r: R) => T,
): { data: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    data: page.map(view),
    nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
  };
}

export const DEFAULT_LIMIT = 25;
