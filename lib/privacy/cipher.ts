import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";
import { mailboxKey } from "@/lib/rules/mailbox";

// Pure (no env, no I/O): AES-256-GCM over one text value, and the keyed hashes that stand beside
// the values looked up by equality. The stored form is one text column:
//
//   v1:<key id>:<iv>:<ciphertext>:<tag>        (base64url parts; "v1:<key id>" is authenticated too)
//
// so a value names the key that opens it and keys can rotate value by value.

export const SEALED_PREFIX = "v1:";
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

export type DataKey = { id: string; key: Buffer };

/** The keys a process holds: `current` seals, every one of them opens (rotation keeps the old ones here). */
export type Keyring = {
  current: DataKey;
  byId: ReadonlyMap<string, DataKey>;
  documentKey: Buffer;
  contactKey: Buffer;
  linkKey: Buffer;
  mailboxLimitKey: Buffer;
};

export class SealedValueError extends Error {
  constructor(
    message: string,
    public readonly reason: "malformed" | "unknown_key" | "tampered",
  ) {
    super(message);
    this.name = "SealedValueError";
  }
}

/** The keyring from the current key, the previous ones still readable, and the index secret. */
export function buildKeyring(
  current: DataKey,
  previous: readonly DataKey[],
  indexSecret: Buffer,
): Keyring {
  const byId = new Map<string, DataKey>();
  for (const k of [current, ...previous]) if (!byId.has(k.id)) byId.set(k.id, k);
  // Each keyed hash has its own key, derived for its purpose: a document's hash never equals a
  // contact's, and neither reveals the index secret.
  const derive = (purpose: string) =>
    Buffer.from(hkdfSync("sha256", indexSecret, Buffer.alloc(0), `placa-paga:${purpose}`, 32));
  return {
    current,
    byId,
    documentKey: derive("document-index"),
    contactKey: derive("contact-index"),
    linkKey: derive("link-token"),
    mailboxLimitKey: derive("mailbox-limit"),
  };
}

export const isSealed = (stored: string) => stored.startsWith(SEALED_PREFIX);

/** The key id a sealed value names, or null for a value that is not sealed. */
export function keyIdOf(stored: string): string | null {
  if (!isSealed(stored)) return null;
  const end = stored.indexOf(":", SEALED_PREFIX.length);
  return end > 0 ? stored.slice(SEALED_PREFIX.length, end) : null;
}

/** Encrypts under the ring's current key. "" stays "" (an erased field says so without a key). */
export function seal(ring: Keyring, plain: string): string {
  if (plain === "") return "";
  const { id, key } = ring.current;
  const header = `${SEALED_PREFIX}${id}`;
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(header));
  const ct = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `${header}:${iv.toString("base64url")}:${ct.toString("base64url")}:${cipher.getAuthTag().toString("base64url")}`;
}

/**
 * The plain text of a stored value. A value that is not sealed is returned as it is: rows written
 * before encryption until the migration's data step seals them, and "" (erased).
 */
export function open(ring: Keyring, stored: string): string {
  if (!isSealed(stored)) return stored;
  const parts = stored.split(":");
  if (parts.length !== 5) throw new SealedValueError("sealed value is malformed", "malformed");
  const [, id, ivText, ctText, tagText] = parts as [string, string, string, string, string];
  const entry = ring.byId.get(id);
  if (!entry) {
    throw new SealedValueError(
      `sealed value uses key id "${id}", which is not in the keyring (DATA_ENCRYPTION_KEY, DATA_ENCRYPTION_PREVIOUS_KEYS)`,
      "unknown_key",
    );
  }
  const iv = Buffer.from(ivText, "base64url");
  const tag = Buffer.from(tagText, "base64url");
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES)
    throw new SealedValueError("sealed value is malformed", "malformed");
  try {
    const decipher = createDecipheriv("aes-256-gcm", entry.key, iv);
    decipher.setAAD(Buffer.from(`${SEALED_PREFIX}${id}`));
    decipher.setAuthTag(tag);
    return Buffer.concat([
      decipher.update(Buffer.from(ctText, "base64url")),
      decipher.final(),
    ]).toString("utf8");
  } catch {
    throw new SealedValueError(
      `sealed value under key id "${id}" failed authentication (altered, or a different key under that id)`,
      "tampered",
    );
  }
}

const hmac = (key: Buffer, text: string) =>
  createHmac("sha256", key).update(text, "utf8").digest("base64url");

/** Keyed hash of a CPF/CNPJ (digits only; punctuation is dropped so "123.456.789-09" matches). */
export function documentHash(ring: Keyring, cpfCnpj: string): string {
  return hmac(ring.documentKey, cpfCnpj.replace(/\D/g, ""));
}

/** Keyed hash of an e-mail (case-insensitive) or a phone (digits). */
export function contactHash(ring: Keyring, emailOrPhone: string): string {
  const text = emailOrPhone.includes("@")
    ? emailOrPhone.trim().toLowerCase()
    : emailOrPhone.replace(/\D/g, "");
  return hmac(ring.contactKey, text);
}

/**
 * Keyed hash of the mailbox an address delivers to (lib/rules/mailbox.ts: `nome+x@` and, on Gmail,
 * `n.o.m.e@` are `nome@`), for the limits that protect a mailbox. Its own key: it never equals
 * a contact's hash, which names the address itself and is what stored look-ups use.
 */
export function mailboxHash(ring: Keyring, email: string): string {
  return hmac(ring.mailboxLimitKey, mailboxKey(email));
}

/** Keyed hash of a purpose and an id: a link token we can make again for every mail without storing it. */
export function linkHash(ring: Keyring, purpose: string, id: string): string {
  return hmac(ring.linkKey, `${purpose}:${id}`);
}
