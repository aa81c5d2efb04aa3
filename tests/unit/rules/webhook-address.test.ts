import { describe, expect, it } from "vitest";
import {
  addressAllowed,
  addressKind,
  checkWebhookUrl,
  type AddressKind,
} from "@/lib/rules/webhook-address";

// Where a webhook out may go (docs/api-webhooks.md): a receiver's URL must not turn our server
// into a probe of its own network, in IPv4, IPv6 and IPv6 spellings of IPv4.

const CASES: [string, AddressKind][] = [
  ["8.8.8.8", "public"],
  ["200.147.67.142", "public"],
  ["127.0.0.1", "loopback"],
  ["127.255.0.9", "loopback"],
  ["10.0.0.1", "private"],
  ["172.16.0.1", "private"],
  ["172.31.255.255", "private"],
  ["172.32.0.1", "public"],
  ["192.168.1.10", "private"],
  ["169.254.169.254", "link-local"],
  ["100.64.0.1", "cgnat"],
  ["100.127.255.1", "cgnat"],
  ["100.128.0.1", "public"],
  ["224.0.0.1", "multicast"],
  ["0.0.0.0", "unspecified"],
  ["255.255.255.255", "reserved"],
  ["192.0.2.1", "reserved"],
  ["::", "unspecified"],
  ["::1", "loopback"],
  ["[::1]", "loopback"],
  ["0:0:0:0:0:0:0:1", "loopback"],
  ["fe80::1", "link-local"],
  ["fc00::1", "unique-local"],
  ["fd12:3456::1", "unique-local"],
  ["ff02::1", "multicast"],
  ["::ffff:127.0.0.1", "loopback"],
  ["::ffff:10.1.2.3", "private"],
  ["::ffff:7f00:1", "loopback"],
  ["::ffff:169.254.169.254", "link-local"],
  ["::ffff:8.8.8.8", "public"],
  ["64:ff9b::10.0.0.1", "private"],
  ["2001:db8::1", "reserved"],
  ["2804:14c:1::1", "public"],
  ["010.0.0.1", "invalid"],
  ["1.2.3", "invalid"],
  ["fe80::1%eth0", "invalid"],
  ["example.com", "invalid"],
];

describe("the class of an address", () => {
  it.each(CASES)("%s is %s", (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });

  it("live allows public addresses only; test adds loopback and nothing else", () => {
    const kinds = [...new Set(CASES.map(([, k]) => k))];
    expect(kinds.filter((k) => addressAllowed(k, "live"))).toEqual(["public"]);
    expect(kinds.filter((k) => addressAllowed(k, "test")).sort()).toEqual(["loopback", "public"]);
  });
});

describe("a webhook URL's form", () => {
  it("live: https only, and no literal internal address", () => {
    expect(checkWebhookUrl("https://erp.example.com/hooks", "live")).toMatchObject({ ok: true });
    expect(checkWebhookUrl("http://erp.example.com/hooks", "live")).toEqual({
      ok: false,
      reason: "HTTPS_REQUIRED",
    });
    expect(checkWebhookUrl("https://127.0.0.1/hooks", "live")).toEqual({
      ok: false,
      reason: "ADDRESS_REFUSED",
    });
    expect(checkWebhookUrl("https://[::ffff:10.0.0.1]/hooks", "live")).toEqual({
      ok: false,
      reason: "ADDRESS_REFUSED",
    });
  });

  it("test: http and loopback allowed, private still refused", () => {
    expect(checkWebhookUrl("http://127.0.0.1:4000/hooks", "test")).toMatchObject({
      ok: true,
      host: "127.0.0.1",
      port: 4000,
    });
    expect(checkWebhookUrl("http://[::1]/hooks", "test")).toMatchObject({ ok: true, host: "::1" });
    expect(checkWebhookUrl("http://192.168.0.5/hooks", "test")).toEqual({
      ok: false,
      reason: "ADDRESS_REFUSED",
    });
  });

  it("refuses other schemes, credentials and junk", () => {
    for (const url of [
      "ftp://example.com/x",
      "https://user:pw@example.com/x",
      "not a url",
      "file:///etc/passwd",
    ])
      expect(checkWebhookUrl(url, "test")).toEqual({ ok: false, reason: "INVALID_URL" });
  });
});
