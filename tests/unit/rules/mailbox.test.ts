import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mailboxKey } from "@/lib/rules/mailbox";

// The mailbox an address delivers to: the key of the limits that protect a mailbox, so "+1" or a
// dot on Gmail does not make a second mailbox, while two different people are never merged.

describe("mailboxKey", () => {
  it("reads plus-addressing, case and spaces as the same mailbox", () => {
    expect(mailboxKey("vitima@example.com")).toBe("vitima@example.com");
    for (const written of [
      "vitima+1@example.com",
      "vitima+2@example.com",
      " Vitima+Radar@EXAMPLE.com ",
      "vitima+@example.com",
      "vitima+a+b@example.com",
    ])
      expect(mailboxKey(written), written).toBe("vitima@example.com");
  });

  it("drops the dots of the local part on Gmail only, and reads googlemail.com as gmail.com", () => {
    expect(mailboxKey("j.o.s.e@gmail.com")).toBe("jose@gmail.com");
    expect(mailboxKey("Jo.Se+multas@GoogleMail.com")).toBe("jose@gmail.com");
    // Elsewhere a dot may name another person: kept.
    expect(mailboxKey("jo.se@empresa.com.br")).toBe("jo.se@empresa.com.br");
    expect(mailboxKey("jo.se@outlook.com")).not.toBe(mailboxKey("jose@outlook.com"));
    // The domain's dots are the domain's.
    expect(mailboxKey("jose@g.mail.com")).toBe("jose@g.mail.com");
  });

  it("keeps different mailboxes apart", () => {
    expect(mailboxKey("ana@example.com")).not.toBe(mailboxKey("ana@example.org"));
    expect(mailboxKey("ana@example.com")).not.toBe(mailboxKey("anab@example.com"));
    expect(mailboxKey("ana+1@example.com")).not.toBe(mailboxKey("ana1@example.com"));
  });

  const local = fc.stringMatching(/^[a-z0-9][a-z0-9._-]{0,15}$/);
  const domain = fc.constantFrom("example.com", "empresa.com.br", "gmail.com", "googlemail.com");
  const tag = fc.stringMatching(/^[a-z0-9.+-]{0,8}$/);

  it("is the same for any +tag and any case, and idempotent", () => {
    fc.assert(
      fc.property(local, domain, tag, (l, d, t) => {
        const key = mailboxKey(`${l}@${d}`);
        expect(mailboxKey(`${l}+${t}@${d}`)).toBe(key);
        expect(mailboxKey(`  ${l.toUpperCase()}+${t}@${d.toUpperCase()} `)).toBe(key);
        expect(mailboxKey(key)).toBe(key);
      }),
    );
  });

  it("on Gmail, any dots in the name are the same mailbox", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9]{1,12}$/), fc.array(fc.nat(12)), (name, cuts) => {
        let dotted = name;
        for (const at of cuts.map((c) => c % (name.length + 1)).sort((a, b) => b - a))
          dotted = `${dotted.slice(0, at)}.${dotted.slice(at)}`;
        expect(mailboxKey(`${dotted}@gmail.com`)).toBe(`${name}@gmail.com`);
      }),
    );
  });
});
