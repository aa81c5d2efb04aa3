import "server-only";
import { createHash, randomInt } from "node:crypto";
import type { WorkspaceUser } from "@/lib/auth/session";
import { notInWorkspace } from "@/lib/auth/user-route";
import { clock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import {
  API_KEY_SECRET_LENGTH,
  apiKeyModeOf,
  apiKeyPrefix,
  type ApiKeyMode,
  type ApiKeyScope,
} from "@/lib/rules/api-key";
import type { ApiKeyInput } from "@/lib/validation/api-key-input";
import { apiLog } from "./logger";

// An account's API keys (docs/api.md). The key is shown once, when made; the row keeps its SHA-256
// (a 190-bit random secret needs no slow hash: nothing can be guessed from the digest) and its
// prefix. Every request reads the row by that digest, so a revoked key is refused by every
// instance from the next request on: there is no cache to outlive the revocation.

export const MAX_ACTIVE_KEYS = 20;
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
/** lastUsedAt is written at most this often per key. */
const LAST_USED_EVERY_MS = 60_000;

export type ApiKeyView = {
  id: string;
  name: string;
  prefix: string;
  mode: ApiKeyMode;
  scope: ApiKeyScope;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

/** Who is calling: the key's account and what the key may do. */
export type ApiCaller = { keyId: string; scope: ApiKeyScope; user: WorkspaceUser };

type KeyRow = {
  id: string;
  name: string;
  prefix: string;
  mode: string;
  scope: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

const view = (k: KeyRow): ApiKeyView => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  mode: k.mode as ApiKeyMode,
  scope: k.scope as ApiKeyScope,
  createdAt: k.createdAt.toISOString(),
  lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
  revokedAt: k.revokedAt?.toISOString() ?? null,
});

const digest = (key: string) => createHash("sha256").update(key).digest("hex");

function newKey(mode: ApiKeyMode): string {
  let secret = "";
  for (let i = 0; i < API_KEY_SECRET_LENGTH; i++) secret += ALPHABET[randomInt(ALPHABET.length)];
  return `pp_${mode}_${secret}`;
}

export async function listApiKeys(userId: string): Promise<ApiKeyView[]> {
  const rows = await db.apiKey.findMany({
    where: { userId },
    orderBy: [{ revokedAt: { sort: "desc", nulls: "first" } }, { createdAt: "desc" }],
  });
  return rows.map(view);
}

/** A new key for the account: the key itself is in this answer and nowhere else, ever. */
export async function createApiKey(
  userId: string,
  input: ApiKeyInput,
): Promise<{ key: string; apiKey: ApiKeyView }> {
  const active = await db.apiKey.count({ where: { userId, revokedAt: null } });
  if (active >= MAX_ACTIVE_KEYS) throw new AppError({ code: "API_KEY_LIMIT" });
  const key = newKey(env.upstreamEnvironment);
  const row = await db.apiKey.create({
    data: {
      userId,
      name: input.name,
      scope: input.scope,
      mode: env.upstreamEnvironment,
      hash: digest(key),
      prefix: apiKeyPrefix(key),
    },
  });
  // Counted again after the insert: two creates racing at the limit both passed the first count,
  // and the one that finds more than the limit takes its own key back (both may; neither is shown).
  if ((await db.apiKey.count({ where: { userId, revokedAt: null } })) > MAX_ACTIVE_KEYS) {
    await db.apiKey.delete({ where: { id: row.id } });
    throw new AppError({ code: "API_KEY_LIMIT" });
  }
  apiLog.info({ keyId: row.id, scope: row.scope }, "api key created");
  return { key, apiKey: view(row) };
}

/** Revoked at once for every instance; revoking twice answers the same revoked key. */
export async function revokeApiKey(userId: string, keyId: string): Promise<ApiKeyView> {
  await db.apiKey.updateMany({
    where: { id: keyId, userId, revokedAt: null },
    data: { revokedAt: clock.now() },
  });
  const row = await db.apiKey.findFirst({ where: { id: keyId, userId } });
  if (!row) throw notInWorkspace("Chave");
  apiLog.info({ keyId }, "api key revoked");
  return view(row);
}

/**
 * The caller of a request bearing `key`, or API_KEY_INVALID: a malformed key, one of the other
 * mode, an unknown one and a revoked one all get the same answer.
 */
export async function authenticateKey(key: string | null): Promise<ApiCaller> {
  if (!key || apiKeyModeOf(key) !== env.upstreamEnvironment) throw invalidKey();
  const row = await db.apiKey.findUnique({
    where: { hash: digest(key) },
    select: {
      id: true,
      scope: true,
      revokedAt: true,
      lastUsedAt: true,
      user: {
        select: { id: true, email: true, name: true, officeName: true, officeCnpj: true },
      },
    },
  });
  if (!row || row.revokedAt) throw invalidKey();
  const now = clock.now();
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_EVERY_MS) {
    // Conditional, so many instances seeing one busy key write it once a minute between them.
    const before = new Date(now.getTime() - LAST_USED_EVERY_MS);
    await db.apiKey.updateMany({
      where: { id: row.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lte: before } }] },
      data: { lastUsedAt: now },
    });
  }
  return { keyId: row.id, scope: row.scope as ApiKeyScope, user: row.user };
}

const invalidKey = () => new AppError({ code: "API_KEY_INVALID" });
