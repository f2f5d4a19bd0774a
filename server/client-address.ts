import { createHmac, timingSafeEqual } from "node:crypto";
import { isIP } from "node:net";

/**
 * The viewer's network address as the request arrived: the socket's peer or, behind
 * `trustProxy` proxies of our own, the address the outermost of them saw. Each proxy appends
 * its peer to X-Forwarded-For, so that is the `trustProxy`-th entry from the right; anything
 * further left was written by the caller and proves nothing.
 */
export function arrivingClientAddress(
  peer: string | undefined,
  forwardedFor: string | undefined,
  trustProxy: number,
): string | undefined {
  const entries = (trustProxy > 0 && forwardedFor ? forwardedFor.split(",") : [])
    .map((entry) => entry.trim())
    .filter(Boolean);
  // Fewer entries than proxies: the request entered behind the outermost one, whose entry is
  // still the left-most.
  const forwarded = entries[Math.max(0, entries.length - trustProxy)];
  const address = forwarded && isIP(forwarded) ? forwarded : peer;
  return address?.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
}

/** How long a vouched address stays good: the clocks of web tier and platform may differ. */
const VOUCH_SECONDS = 60;

/** The key a host signs the addresses it vouches for with, derived from its session secret. */
export function clientAddressKey(secret: string): Buffer {
  return createHmac("sha256", secret).update("client-address").digest();
}

/**
 * The X-Client-Address value with which a web tier vouches for its viewer's address:
 * `{address} {unix seconds} {signature}`. Only a holder of the key can make one.
 */
export function vouchForClientAddress(address: string, key: Buffer, now = Date.now()): string {
  const seconds = Math.floor(now / 1000);
  return `${address} ${seconds} ${signature(`${address} ${seconds}`, key)}`;
}

/** The address in a vouched X-Client-Address value, or undefined if it is forged or stale. */
export function vouchedClientAddress(
  value: string | undefined | null,
  key: Buffer,
  now = Date.now(),
): string | undefined {
  const [address, seconds, given, ...rest] = (value ?? "").split(" ");
  if (!address || !seconds || !given || rest.length > 0 || !isIP(address)) return undefined;
  if (!/^\d{1,12}$/.test(seconds)) return undefined;
  if (Math.abs(now / 1000 - Number(seconds)) > VOUCH_SECONDS) return undefined;
  const expected = Buffer.from(signature(`${address} ${seconds}`, key));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected)
    ? address
    : undefined;
}

function signature(text: string, key: Buffer): string {
  return createHmac("sha256", key).update(text).digest("base64url");
}
