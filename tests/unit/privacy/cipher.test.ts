import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  buildKeyring,
  contactHash,
  documentHash,
  keyIdOf,
  mailboxHash,
  open,
  seal,
  SealedValueError,
} from "@/lib/privacy/cipher";

const key = (id: string) => ({ id, key: randomBytes(32) });
const index = randomBytes(32);
const k1 = key("k1");
const k2 = key("k2");
const ringK1 = buildKeyring(k1, [], index);
const ringK2 = buildKeyring(k2, [k1], index);

function failure(run: () => unknown): SealedValueError {
  try {
    run();
  } catch (error) {
    if (error instanceof SealedValueError) return error;
    throw error;
  }
  throw new Error("expected a SealedValueError");
}

describe("lib/privacy cipher (AES-256-GCM, one text column)", () => {
  it("round-trips text, names its key, never repeats a ciphertext and never shows the plain value", () => {
    const cpf = "52998224725";
    const a = seal(ringK1, cpf);
    const b = seal(ringK1, cpf);
    expect(a).toMatch(/^v1:k1:[\w-]{16}:[\w-]+:[\w-]{22}$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain(cpf);
    expect(open(ringK1, a)).toBe(cpf);
    expect(keyIdOf(a)).toBe("k1");
    expect(open(ringK1, seal(ringK1, "Maria José da Silva ção 🚗"))).toBe(
      "Maria José da Silva ção 🚗",
    );
  });

  it("keeps '' as '' (an erased field) and returns a value that was never sealed as it is", () => {
    expect(seal(ringK1, "")).toBe("");
    expect(open(ringK1, "")).toBe("");
    expect(open(ringK1, "52998224725")).toBe("52998224725");
  });

  it("refuses a tampered ciphertext, tag or key id with an authentication error", () => {
    const sealed = seal(ringK1, "maria@example.com");
    const [v, id, iv, ct, tag] = sealed.split(":") as [string, string, string, string, string];
    const flip = (text: string) =>
      Buffer.from(
        Buffer.from(text, "base64url").map((byte, i) => (i === 0 ? byte ^ 1 : byte)),
      ).toString("base64url");
    expect(failure(() => open(ringK1, [v, id, iv, flip(ct), tag].join(":"))).reason).toBe(
      "tampered",
    );
    expect(failure(() => open(ringK1, [v, id, iv, ct, flip(tag)].join(":"))).reason).toBe(
      "tampered",
    );
    expect(failure(() => open(ringK1, [v, id, flip(iv), ct, tag].join(":"))).reason).toBe(
      "tampered",
    );
    // The key id is authenticated: relabelling a value as another key's fails, even when that key opens others.
    const both = buildKeyring(k1, [{ id: "k9", key: k1.key }], index);
    expect(failure(() => open(both, [v, "k9", iv, ct, tag].join(":"))).reason).toBe("tampered");
    expect(failure(() => open(ringK1, "v1:k1:abc")).reason).toBe("malformed");
  });

  it("names the missing key id and the variables to set when the keyring lacks it", () => {
    const error = failure(() => open(ringK1, seal(ringK2, "11987654321")));
    expect(error.reason).toBe("unknown_key");
    expect(error.message).toMatch(
      /key id "k2".*DATA_ENCRYPTION_KEY, DATA_ENCRYPTION_PREVIOUS_KEYS/,
    );
  });

  it("opens values of every key in the ring and seals under the current one (rotation)", () => {
    const old = seal(ringK1, "12345678900");
    expect(open(ringK2, old)).toBe("12345678900");
    expect(keyIdOf(seal(ringK2, "x"))).toBe("k2");
  });

  it("keyed hashes: stable across data keys, punctuation-blind, one key per purpose, and keyed", () => {
    expect(documentHash(ringK1, "529.982.247-25")).toBe(documentHash(ringK2, "52998224725"));
    expect(documentHash(ringK1, "52998224725")).not.toBe(contactHash(ringK1, "52998224725"));
    expect(contactHash(ringK1, " Maria@Example.com ")).toBe(
      contactHash(ringK1, "maria@example.com"),
    );
    expect(contactHash(ringK1, "(11) 98765-4321")).toBe(contactHash(ringK1, "11987654321"));
    expect(documentHash(buildKeyring(k1, [], randomBytes(32)), "52998224725")).not.toBe(
      documentHash(ringK1, "52998224725"),
    );
  });

  it("a mailbox's hash: one for every way of writing the address, and never the contact's hash", () => {
    const mailbox = mailboxHash(ringK1, "vitima@example.com");
    for (const written of ["vitima+1@example.com", " Vitima+2@Example.com"])
      expect(mailboxHash(ringK2, written)).toBe(mailbox);
    expect(contactHash(ringK1, "vitima+1@example.com")).not.toBe(
      contactHash(ringK1, "vitima@example.com"),
    );
    expect(mailbox).not.toBe(contactHash(ringK1, "vitima@example.com"));
    expect(mailboxHash(ringK1, "v.i.t.i.m.a@googlemail.com")).toBe(
      mailboxHash(ringK1, "vitima@gmail.com"),
    );
  });
});
