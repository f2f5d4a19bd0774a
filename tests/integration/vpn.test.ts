import { describe, expect, it } from "vitest";
import { platformApp, useSeededPlatform } from "../fixtures/platform.ts";

const VPN_HEADER = "X-Edge-Vpn";
const platform = useSeededPlatform({ vpnHeader: VPN_HEADER });

const status = async (
  realm: "arena" | "liga",
  verdict: string | undefined,
  path = "/api/v1/init",
) => {
  const res = await platform.api.call(realm, path, { headers: { [VPN_HEADER]: verdict } });
  return { code: res.status, vpn: res.headers.get("X-Vpn-Status"), body: await res.json() };
};

describe("the edge's VPN verdict", () => {
  it("flags a VPN viewer in a realm that does not allow VPNs", async () => {
    expect(await status("arena", "vpn")).toMatchObject({ code: 200, vpn: "detected" });
    expect(await status("arena", "VPN")).toMatchObject({ code: 200, vpn: "detected" });
  });

  it("says blocked when the edge refuses the address", async () => {
    expect(await status("arena", "blocked")).toMatchObject({ code: 200, vpn: "blocked" });
  });

  it("says nothing without a verdict, for 'none', or where the realm allows VPNs", async () => {
    expect((await status("arena", undefined)).vpn).toBeNull();
    expect((await status("arena", "none")).vpn).toBeNull();
    expect((await status("arena", "")).vpn).toBeNull();
    expect((await status("liga", "vpn")).vpn).toBeNull();
    expect((await status("liga", "blocked")).vpn).toBeNull();
  });

  it("answers on every realm-scoped call, error answers included", async () => {
    expect(await status("arena", "vpn", "/api/v1/realm")).toMatchObject({ vpn: "detected" });
    expect(await status("arena", "vpn", "/api/v2/vods?rpp=1")).toMatchObject({ vpn: "detected" });
    const missing = await status("arena", "vpn", "/api/v2/event/999999");
    expect(missing).toMatchObject({ code: 404, vpn: "detected" });
  });

  it("refuses a verdict outside the vocabulary, naming the header", async () => {
    const res = await status("arena", "maybe");
    expect(res.code).toBe(400);
    expect(res.body).toMatchObject({
      code: "INVALID_VPN_HEADER",
      messages: [expect.stringContaining(VPN_HEADER)],
    });
  });

  it("ignores the header when the platform is not told to read it", async () => {
    const plain = platformApp(platform.store);
    const res = await plain.call("arena", "/api/v1/init", { headers: { [VPN_HEADER]: "vpn" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Vpn-Status")).toBeNull();
  });
});
