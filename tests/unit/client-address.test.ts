import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import {
  addressMatcher,
  compileTrust,
  limitKey,
  normalizeAddress,
  resolveClientAddress,
} from "@/lib/security/client-address";
import { runShutdownHooks, onShutdown } from "@/lib/server/shutdown";

// The resolution our server applies to every request (lib/server/serve.ts), without a socket.
const request = (remoteAddress: string, headers: Record<string, string> = {}) =>
  ({
    socket: { remoteAddress },
    connection: { remoteAddress },
    headers,
  }) as unknown as IncomingMessage;

const forged = {
  "x-forwarded-for": "203.0.113.1, 198.51.100.2",
  "x-real-ip": "198.51.100.3",
  forwarded: "for=198.51.100.4",
};

describe("resolveClientAddress", () => {
  it("trusting nothing (the default), answers the socket address whatever the headers say", () => {
    expect(resolveClientAddress(request("192.0.2.10", forged), compileTrust([]))).toBe(
      "192.0.2.10",
    );
    expect(resolveClientAddress(request("::ffff:192.0.2.10", forged), compileTrust([]))).toBe(
      "192.0.2.10",
    );
    expect(resolveClientAddress(request("2001:DB8::1", forged), compileTrust([]))).toBe(
      "2001:db8::1",
    );
  });

  it("behind a trusted proxy, answers the hop that proxy saw, never one further left", () => {
    const trust = compileTrust(["loopback"]);
    expect(
      resolveClientAddress(request("127.0.0.1", { "x-forwarded-for": "198.51.100.7" }), trust),
    ).toBe("198.51.100.7");
    expect(
      resolveClientAddress(
        request("127.0.0.1", { "x-forwarded-for": "6.6.6.6, 198.51.100.7" }),
        trust,
      ),
    ).toBe("198.51.100.7");
    // A direct client is not the proxy: its header is ignored.
    expect(
      resolveClientAddress(request("192.0.2.10", { "x-forwarded-for": "198.51.100.7" }), trust),
    ).toBe("192.0.2.10");
    // X-Real-IP and Forwarded are never read.
    expect(
      resolveClientAddress(
        request("127.0.0.1", { "x-real-ip": "198.51.100.3", forwarded: "for=198.51.100.4" }),
        trust,
      ),
    ).toBe("127.0.0.1");
  });

  it("with a hop count, walks back exactly that many hops", () => {
    const xff = { "x-forwarded-for": "6.6.6.6, 198.51.100.7, 10.0.0.2" };
    expect(resolveClientAddress(request("10.0.0.1", xff), compileTrust(1))).toBe("10.0.0.2");
    expect(resolveClientAddress(request("10.0.0.1", xff), compileTrust(2))).toBe("198.51.100.7");
  });

  it("with CIDRs, trusts each listed proxy hop (IPv4 and IPv6) and stops at the first other", () => {
    const trust = compileTrust(["10.0.0.0/8", "fd00::/8"]);
    expect(
      resolveClientAddress(
        request("fd00::1", { "x-forwarded-for": "6.6.6.6, 198.51.100.7, 10.1.2.3" }),
        trust,
      ),
    ).toBe("198.51.100.7");
  });
});

describe("normalizeAddress and addressMatcher", () => {
  it("folds IPv4-mapped IPv6 into IPv4 and lowercases IPv6", () => {
    expect(normalizeAddress("::FFFF:203.0.113.9")).toBe("203.0.113.9");
    expect(normalizeAddress("2001:DB8::A")).toBe("2001:db8::a");
  });

  it("matches IPv4 and IPv6 ranges, single addresses and mapped forms; an empty list matches nothing", () => {
    const allowed = addressMatcher(["203.0.113.0/24", "198.51.100.9", "2001:db8:5::/48"]);
    expect(
      ["203.0.113.255", "198.51.100.9", "::ffff:203.0.113.1", "2001:db8:5:1::9"].map(allowed),
    ).toEqual([true, true, true, true]);
    expect(
      ["203.0.114.0", "198.51.100.8", "2001:db8:6::1", "unknown-client", ""].map(allowed),
    ).toEqual([false, false, false, false, false]);
    expect(addressMatcher([])("203.0.113.1")).toBe(false);
  });
});

describe("limitKey", () => {
  it("is the address for IPv4, and one key per /64 for IPv6 whatever the spelling", () => {
    expect(limitKey("203.0.113.9")).toBe("203.0.113.9");
    expect(limitKey("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(limitKey("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(limitKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(limitKey("::1")).toBe("0:0:0:0::/64");
    expect(limitKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(limitKey("64:ff9b::198.51.100.7")).toBe("64:ff9b:0:0::/64");
  });

  it("leaves what is not an address alone", () => {
    expect(limitKey("unknown-client")).toBe("unknown-client");
    expect(limitKey("1:2:3")).toBe("1:2:3");
    expect(limitKey("1::2::3")).toBe("1::2::3");
  });
});

describe("shutdown hooks", () => {
  it("runs every hook once, waits for slow ones, and bounds a hung one", async () => {
    const done: string[] = [];
    onShutdown(async () => {
      await new Promise((r) => setTimeout(r, 30));
      done.push("slow");
    });
    onShutdown(() => {
      throw new Error("broken");
    });
    onShutdown(() => new Promise(() => {}));
    expect(await runShutdownHooks(200)).toEqual({ failed: 1, timedOut: 1 });
    expect(done).toEqual(["slow"]);
    expect(await runShutdownHooks(200)).toEqual({ failed: 0, timedOut: 0 });
  });
});
