import { describe, expect, it } from "vitest";
import {
  arrivingClientAddress,
  clientAddressKey,
  vouchedClientAddress,
  vouchForClientAddress,
} from "../../server/client-address.ts";

describe("the address a request arrives from", () => {
  it("is the socket's peer unless proxies are trusted", () => {
    expect(arrivingClientAddress("198.51.100.1", "203.0.113.5", 0)).toBe("198.51.100.1");
    expect(arrivingClientAddress("198.51.100.1", undefined, 1)).toBe("198.51.100.1");
  });

  it("is the entry the outermost trusted proxy wrote, counted from the right", () => {
    const chain = "10.0.0.9, 203.0.113.5, 192.0.2.7";
    expect(arrivingClientAddress("127.0.0.1", chain, 1)).toBe("192.0.2.7");
    expect(arrivingClientAddress("127.0.0.1", chain, 2)).toBe("203.0.113.5");
    // Fewer entries than proxies: the request skipped the outer ones.
    expect(arrivingClientAddress("127.0.0.1", "203.0.113.5", 3)).toBe("203.0.113.5");
  });

  it("falls back to the peer when the trusted entry is not an address", () => {
    expect(arrivingClientAddress("127.0.0.1", "203.0.113.5, unknown", 1)).toBe("127.0.0.1");
    expect(arrivingClientAddress("127.0.0.1", " , ", 1)).toBe("127.0.0.1");
  });

  it("writes IPv4 peers on a dual-stack socket as IPv4", () => {
    expect(arrivingClientAddress("::ffff:198.51.100.1", undefined, 0)).toBe("198.51.100.1");
    expect(arrivingClientAddress("2001:db8::1", undefined, 0)).toBe("2001:db8::1");
  });
});

describe("a vouched client address", () => {
  const key = clientAddressKey("a-session-secret-of-at-least-32-chars");
  const now = Date.parse("2025-01-01T00:00:00Z");

  it("is believed with the key, for a minute either way", () => {
    for (const address of ["203.0.113.5", "2001:db8::1"]) {
      const value = vouchForClientAddress(address, key, now);
      expect(vouchedClientAddress(value, key, now)).toBe(address);
      expect(vouchedClientAddress(value, key, now + 60_000)).toBe(address);
      expect(vouchedClientAddress(value, key, now - 60_000)).toBe(address);
    }
  });

  it("is not believed altered, stale, from the future, with another key, or malformed", () => {
    const value = vouchForClientAddress("203.0.113.5", key, now);
    const [, seconds, signature] = value.split(" ");
    const other = clientAddressKey("another-session-secret-of-32-chars!!");
    for (const [given, at, withKey] of [
      [`203.0.113.6 ${seconds} ${signature}`, now, key],
      [`203.0.113.5 ${Number(seconds) + 1} ${signature}`, now, key],
      [value, now + 61_000, key],
      [value, now - 61_000, key],
      [value, now, other],
      [`${value} extra`, now, key],
      ["203.0.113.5", now, key],
      [`not-an-address ${seconds} ${signature}`, now, key],
      ["", now, key],
    ] as const) {
      expect(vouchedClientAddress(given, withKey, at), given).toBeUndefined();
    }
    expect(vouchedClientAddress(undefined, key, now)).toBeUndefined();
  });
});
