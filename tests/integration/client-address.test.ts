import { describe, expect, it } from "vitest";
import { clientAddressKey, vouchForClientAddress } from "../../server/client-address.ts";
import { platformApp, TEST_SESSION_SECRET, useSeededPlatform } from "../fixtures/platform.ts";

const platform = useSeededPlatform();
const KEY = clientAddressKey(TEST_SESSION_SECRET);
/** Recovery emails allowed per client address and hour; the next is refused. */
const LIMIT = 10;
const LOCKED_OUT = [...Array<number>(LIMIT).fill(202), 429];

type Api = ReturnType<typeof platformApp>;

/** A recovery email request (limited per client address) from the socket `peer`. */
async function recover(api: Api, peer: string, headers: Record<string, string> = {}) {
  const res = await api.call("arena", "/api/v2/password/request", {
    method: "POST",
    body: JSON.stringify({ email: "nobody@arena.test" }),
    address: peer,
    headers,
  });
  return res.status;
}

/** `count` requests one after the other, with their statuses. */
async function inTurn(count: number, send: (i: number) => Promise<number>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push(await send(i));
  return statuses;
}

describe("the client address the platform counts limits by", () => {
  it("is the socket's peer by default, whatever X-Client-Address or X-Forwarded-For a caller on loopback sends", async () => {
    const statuses = await inTurn(LIMIT + 1, (i) =>
      recover(platform.api, "127.0.0.11", {
        "X-Client-Address": `203.0.113.${i + 1}`,
        "X-Forwarded-For": `198.18.0.${i + 1}`,
      }),
    );
    expect(statuses).toEqual(LOCKED_OUT);
  });

  it("behind one trusted proxy (TRUST_PROXY=1), is the right-most X-Forwarded-For entry: one attacker does not lock out another viewer", async () => {
    const behindProxy = platformApp(platform.store, { trustProxy: 1 });
    // The attacker writes whatever it likes on the left; the proxy appends what it saw.
    const attacker = await inTurn(LIMIT + 1, (i) =>
      recover(behindProxy, "127.0.0.12", { "X-Forwarded-For": `10.9.9.${i}, 203.0.113.66` }),
    );
    expect(attacker).toEqual(LOCKED_OUT);
    expect(await recover(behindProxy, "127.0.0.12", { "X-Forwarded-For": "203.0.113.77" })).toBe(
      202,
    );
  });

  it("is the address a web tier vouches for with the shared secret, whatever its peer", async () => {
    const webTier = "198.51.100.200";
    const vouched = (address: string) => ({
      "X-Client-Address": vouchForClientAddress(address, KEY),
    });
    const first = await inTurn(LIMIT + 1, () =>
      recover(platform.api, webTier, vouched("203.0.113.88")),
    );
    expect(first).toEqual(LOCKED_OUT);
    expect(await recover(platform.api, webTier, vouched("203.0.113.89"))).toBe(202);
  });

  it("ignores a vouched address that was altered, signed with another secret, stale or unsigned", async () => {
    const forged = (i: number) => {
      const address = `203.0.113.${100 + i}`;
      switch (i % 4) {
        case 0:
          return vouchForClientAddress("203.0.113.250", KEY).replace("203.0.113.250", address);
        case 1:
          return vouchForClientAddress(address, clientAddressKey("another-secret-".repeat(3)));
        case 2:
          return vouchForClientAddress(address, KEY, Date.now() - 5 * 60_000);
        default:
          return address;
      }
    };
    const statuses = await inTurn(LIMIT + 1, (i) =>
      recover(platform.api, "127.0.0.13", { "X-Client-Address": forged(i) }),
    );
    expect(statuses).toEqual(LOCKED_OUT);
  });
});
