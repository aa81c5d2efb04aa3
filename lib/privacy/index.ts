import "server-only";
import { contactHash, documentHash, keyIdOf, linkHash, mailboxHash, open, seal } from "./cipher";
import { keyring } from "./keyring";

// Personal data at rest (docs/privacy.md): CPF/CNPJ, RENAVAM, names, e-mails, phones, raw webhook
// payloads and stored mails are encrypted (AES-256-GCM) before their first write. Most code never
// calls these: lib/db's client seals and opens the personal columns itself (lib/db/sealed-fields.ts).

export { SealedValueError, isSealed } from "./cipher";

/** Encrypts a value under DATA_ENCRYPTION_KEY. "" stays "" (an erased field). */
export function sealField(plain: string): string {
  return seal(keyring(), plain);
}

/** The plain text of a stored value; one that was never sealed (a row from before) comes back as is. */
export function openField(stored: string): string {
  return open(keyring(), stored);
}

/** Keyed hash of a CPF/CNPJ's digits: `where: { cpfCnpjIndex: documentIndex(digits) }`. */
export function documentIndex(cpfCnpjDigits: string): string {
  return documentHash(keyring(), cpfCnpjDigits);
}

/** Keyed hash of an e-mail (case-insensitive) or a phone (digits only). */
export function contactIndex(emailOrPhone: string): string {
  return contactHash(keyring(), emailOrPhone);
}

/**
 * Keyed hash of the mailbox an address delivers to (`nome+x@`, and on Gmail `n.o.m.e@`, are
 * `nome@`): the key of every limit that protects a mailbox, so writing the address another way
 * does not escape it and the limiter's table holds no address. Not for look-ups: use contactIndex.
 */
export function mailboxIndex(email: string): string {
  return mailboxHash(keyring(), email);
}

/**
 * A link's secret made from what it opens (`purpose`, an id), the same on every call and every
 * instance: a link that must appear in every mail of a subscription (unsubscribe) needs no stored
 * plain token. 32 bytes, base64url.
 */
export function linkToken(purpose: string, id: string): string {
  return linkHash(keyring(), purpose, id);
}

/** True when a stored value is sealed under the current key: what rotation leaves alone. */
export function isSealedUnderCurrentKey(stored: string): boolean {
  return keyIdOf(stored) === keyring().current.id;
}

/** The current key's id (what new values name). */
export function currentKeyId(): string {
  return keyring().current.id;
}
