import "server-only";
import { createHash } from "node:crypto";
import { clock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { isUniqueViolation } from "@/lib/workspace/clients/errors";
import { isIdempotencyKey } from "@/lib/rules/api-key";
import { IDEMPOTENCY_HOURS } from "@/lib/rules/retention";
import { apiLog } from "./logger";

// Idempotency-Key on the API's writes (docs/api.md), decided by the database so every instance
// agrees: the first request inserts (key, digest of method + path + body) with no answer yet; the
// unique index makes every other request with that key find the row. Same request and an answer:
// the answer again (Idempotent-Replayed: true). Same request, no answer yet: 409, retry. Another
// request: 422. The answer is kept 24 hours (sealed: it may name a client; the retention task
// deletes it after), except a 5xx, which is dropped so a retry runs again. A request whose instance
// died holds the key only until `lockedUntil`; then the next request with it runs it.

const LOCK_MS = 60_000;
const HOLD_MS = IDEMPOTENCY_HOURS * 3_600_000;

export type Replayable = { status: number; body: string };

function requestHash(method: string, url: string, body: string): string {
  const { pathname, search } = new URL(url);
  return createHash("sha256").update(`${method} ${pathname}${search}\n${body}`).digest("hex");
}

const inProgress = () => new AppError({ code: "IDEMPOTENCY_IN_PROGRESS", retryAfterSeconds: 1 });

/**
 * Runs `run` once per (API key, Idempotency-Key): `run`'s answer, or the stored one. Without the
 * header the request simply runs.
 */
export async function idempotent(
  apiKeyId: string,
  header: string | null,
  req: { method: string; url: string; body: string },
  run: () => Promise<Replayable>,
): Promise<Replayable & { replayed: boolean }> {
  if (header === null) return { ...(await run()), replayed: false };
  if (!isIdempotencyKey(header)) throw new AppError({ code: "IDEMPOTENCY_KEY_INVALID" });
  const hash = requestHash(req.method, req.url, req.body);
  const rowId = await take(apiKeyId, header, hash);
  if (typeof rowId !== "string") return { ...rowId, replayed: true };
  let answer: Replayable;
  try {
    answer = await run();
  } catch (error) {
    // Nothing answered (an unexpected error): the key is free for the retry.
    await db.apiIdempotency.delete({ where: { id: rowId } }).catch(() => undefined);
    throw error;
  }
  if (answer.status >= 500) await db.apiIdempotency.delete({ where: { id: rowId } });
  else
    await db.apiIdempotency.update({
      where: { id: rowId },
      data: { status: answer.status, body: answer.body },
    });
  return { ...answer, replayed: false };
}

/** The row this request now holds (its id), or the stored answer to replay; throws 409/422. */
async function take(apiKeyId: string, key: string, hash: string): Promise<string | Replayable> {
  for (let round = 0; round < 3; round++) {
    const now = clock.now();
    try {
      const row = await db.apiIdempotency.create({
        data: { apiKeyId, key, requestHash: hash, lockedUntil: new Date(now.getTime() + LOCK_MS) },
        select: { id: true },
      });
      return row.id;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    const held = await db.apiIdempotency.findUnique({
      where: { apiKeyId_key: { apiKeyId, key } },
      select: {
        id: true,
        requestHash: true,
        status: true,
        body: true,
        lockedUntil: true,
        createdAt: true,
      },
    });
    if (!held) continue; // deleted in between (a 5xx, or expired): insert again
    if (now.getTime() - held.createdAt.getTime() >= HOLD_MS) {
      // Past its 24 hours though the retention task has not deleted it yet: the key is new again.
      await db.apiIdempotency.deleteMany({ where: { id: held.id, createdAt: held.createdAt } });
      continue;
    }
    if (held.requestHash !== hash) throw new AppError({ code: "IDEMPOTENCY_KEY_REUSED" });
    if (held.status !== null && held.body !== null) return { status: held.status, body: held.body };
    if (held.lockedUntil > now) throw inProgress();
    // Its instance died while running it: whoever moves the lock first runs it again.
    const { count } = await db.apiIdempotency.updateMany({
      where: { id: held.id, status: null, lockedUntil: held.lockedUntil },
      data: { lockedUntil: new Date(now.getTime() + LOCK_MS) },
    });
    if (count === 1) {
      apiLog.warn({ apiKeyId }, "idempotent request taken over after its lock lapsed");
      return held.id;
    }
    throw inProgress();
  }
  throw inProgress();
}
