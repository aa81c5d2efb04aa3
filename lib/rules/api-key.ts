// The public API's keys and request headers, as plain rules (docs/api.md). A key is
// `pp_<mode>_<32 letters and digits>`: the mode follows the deployment's upstream key (sk_test_
// makes pp_test_ keys, sk_live_ pp_live_), so a test key can never act on a live deployment.

export const API_KEY_MODES = ["test", "live"] as const;
export type ApiKeyMode = (typeof API_KEY_MODES)[number];

/** read: GET only; write: everything read may, and every write. */
export const API_KEY_SCOPES = ["read", "write"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SECRET_LENGTH = 32;
const KEY = /^pp_(test|live)_[A-Za-z0-9]{32}$/;

/** The mode a well-formed key says it is for, or null for anything that is not a key of ours. */
export function apiKeyModeOf(key: string): ApiKeyMode | null {
  const match = KEY.exec(key);
  return match ? (match[1] as ApiKeyMode) : null;
}

/** What the key list shows of a key: its mode and first four secret characters. */
export const apiKeyPrefix = (key: string): string => key.slice(0, "pp_test_".length + 4);

/** The key of an `Authorization: Bearer <key>` header (the scheme in any case), or null. */
export function bearerToken(header: string | null): string | null {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? "");
  return match ? match[1]! : null;
}

export const scopeAllows = (scope: ApiKeyScope, needs: ApiKeyScope): boolean =>
  needs === "read" || scope === "write";

/** An Idempotency-Key: 1 to 255 visible ASCII characters (a UUID is the usual choice). */
export const isIdempotencyKey = (value: string): boolean => /^[\x21-\x7e]{1,255}$/.test(value);
