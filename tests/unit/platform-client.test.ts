import { describe, expect, it } from "vitest";
import {
  createPlatformClient,
  parseBody,
  PlatformError,
  resolveUrl,
} from "../../app/api-client/client.ts";

/** A platform stand-in at the HTTP boundary: records what the client sends, answers as told. */
function recordingFetch(answer: (request: Request) => Response) {
  const requests: Request[] = [];
  return {
    requests,
    fetch: async (request: Request) => {
      requests.push(request);
      return answer(request);
    },
  };
}

const realmScope = { realm: "arena", apiKey: "arena-web-5b1f0c9e2d7a4e61", appId: "tests" };

describe("platform client", () => {
  it("prefixes the base URL and swaps basket and gifts to v4", () => {
    expect(resolveUrl("http://p.test/", "/v1/init", { a: 1, b: undefined }).toString()).toBe(
      "http://p.test/api/v1/init?a=1",
    );
    expect(resolveUrl("http://p.test", "/v2/basket").pathname).toBe("/api/v4/basket");
    expect(resolveUrl("http://p.test", "/v2/gifts?countryCode=PT").pathname).toBe("/api/v4/gifts");
    expect(resolveUrl("http://p.test", "/v2/redeem-gift/ABC").pathname).toBe(
      "/api/v4/redeem-gift/ABC",
    );
    expect(resolveUrl("http://p.test", "/v2/events").pathname).toBe("/api/v2/events");
    expect(resolveUrl("http://p.test", "https://other.test/x").toString()).toBe(
      "https://other.test/x",
    );
  });

  it("sends the contract's headers, with the locale's underscore as a dash", async () => {
    const platform = recordingFetch(() => Response.json({}));
    const client = createPlatformClient({
      ...realmScope,
      baseUrl: "http://p.test",
      fetch: platform.fetch,
      deviceId: "d-1",
      appVersion: "6.58.3",
      locale: "pt_BR",
      requestId: "r-1",
    });
    await client.post("/v1/session", { referralExid: "x" });
    const sent = platform.requests[0]!;
    expect(Object.fromEntries(sent.headers)).toMatchObject({
      accept: "application/json",
      "content-type": "application/json",
      app: "tests",
      "x-app-version": "6.58.3",
      "x-device-id": "d-1",
      realm: "arena",
      "x-api-key": "arena-web-5b1f0c9e2d7a4e61",
      "accept-language": "pt-BR",
      "x-request-id": "r-1",
    });
    expect(await sent.json()).toEqual({ referralExid: "x" });
  });

  it("adds a call's own headers and shows it the answer's, without losing the contract's", async () => {
    const platform = recordingFetch(() =>
      Response.json({}, { headers: { "X-Vpn-Status": "detected" } }),
    );
    const client = createPlatformClient({
      ...realmScope,
      baseUrl: "http://p.test",
      fetch: platform.fetch,
    });
    let seen: string | null = null;
    await client.get("/v1/realm", {
      headers: { "X-Edge-Vpn": "vpn", App: "spoofed" },
      onHeaders: (headers) => (seen = headers.get("X-Vpn-Status")),
    });
    expect(platform.requests[0]!.headers.get("X-Edge-Vpn")).toBe("vpn");
    expect(platform.requests[0]!.headers.get("App")).toBe("tests");
    expect(seen).toBe("detected");
  });

  it("sends PUT without a body when given none", async () => {
    const platform = recordingFetch(() => new Response(null, { status: 204 }));
    const client = createPlatformClient({
      ...realmScope,
      baseUrl: "http://p.test",
      fetch: platform.fetch,
    });
    expect(await client.put("/v2/promo-notification/3")).toEqual({});
    const sent = platform.requests[0]!;
    expect(sent.method).toBe("PUT");
    expect(sent.headers.has("Content-Type")).toBe(false);
    expect(await sent.text()).toBe("");
  });

  it("refuses before sending when realm, key or token are missing", async () => {
    const platform = recordingFetch(() => Response.json({}));
    const noRealm = createPlatformClient({
      appId: "t",
      baseUrl: "http://p.test",
      fetch: platform.fetch,
    });
    await expect(noRealm.get("/v1/init")).rejects.toMatchObject({ code: "MISSING_REALM" });
    const noKey = createPlatformClient({
      appId: "t",
      realm: "arena",
      baseUrl: "http://p.test",
      fetch: platform.fetch,
    });
    await expect(noKey.get("/v1/init")).rejects.toMatchObject({ code: "MISSING_API_KEY" });
    const noToken = createPlatformClient({
      ...realmScope,
      baseUrl: "http://p.test",
      fetch: platform.fetch,
    });
    await expect(noToken.get("/v2/user/profile", { auth: true })).rejects.toMatchObject({
      status: 401,
      code: "AUTHENTICATION_REQUIRED",
    });
    expect(platform.requests).toHaveLength(0);
    await noRealm.get("/v1/realms", { anonymous: true });
    expect(platform.requests).toHaveLength(1);
  });

  it("computes the server-time offset from the Date header", async () => {
    const serverNow = Date.now() + 120_000;
    const platform = recordingFetch(() =>
      Response.json({}, { headers: { Date: new Date(serverNow).toUTCString() } }),
    );
    const client = createPlatformClient({
      ...realmScope,
      baseUrl: "http://p.test",
      fetch: platform.fetch,
    });
    await client.get("/v1/init");
    expect(client.serverTimeOffsetMs).toBeGreaterThan(118_000);
    expect(client.serverTimeOffsetMs).toBeLessThan(122_000);
  });

  it("turns an unparseable body into {} and adopts a Replacementauthorisation token", async () => {
    const replaced: string[] = [];
    const platform = recordingFetch(
      () => new Response("<html>oops", { headers: { Replacementauthorisation: "new-token" } }),
    );
    const client = createPlatformClient({
      ...realmScope,
      baseUrl: "http://p.test",
      fetch: platform.fetch,
      token: "old",
      onReplaceToken: (t) => replaced.push(t),
    });
    expect(await client.get("/v2/user/profile", { auth: true })).toEqual({});
    expect(replaced).toEqual(["new-token"]);
    await client.get("/v2/user/profile", { auth: true });
    expect(platform.requests[1]!.headers.get("Authorization")).toBe("Bearer new-token");
    expect(parseBody("")).toEqual({});
  });

  it("raises the platform's error code and messages, and 503 when it cannot be reached", async () => {
    const failing = recordingFetch(() =>
      Response.json(
        { status: 404, code: "NOT_FOUND", messages: ["Event was not found"], requestId: "r-9" },
        { status: 404 },
      ),
    );
    const client = createPlatformClient({
      ...realmScope,
      baseUrl: "http://p.test",
      fetch: failing.fetch,
    });
    const error = await client.get("/v2/event/1").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({
      status: 404,
      code: "NOT_FOUND",
      messages: ["Event was not found"],
      requestId: "r-9",
    });
    const down = createPlatformClient({
      ...realmScope,
      baseUrl: "http://p.test",
      fetch: async () => {
        throw new TypeError("fetch failed");
      },
    });
    await expect(down.get("/v1/init")).rejects.toMatchObject({
      status: 503,
      code: "PLATFORM_UNREACHABLE",
    });
  });

  it("refreshes once on an expired-token answer, retries with the new token, and keeps it", async () => {
    const platform = recordingFetch((request) =>
      request.headers.get("Authorization") === "Bearer fresh"
        ? Response.json({ ok: true })
        : Response.json(
            { status: 401, code: "TOKEN_EXPIRED", messages: ["expired"] },
            { status: 401 },
          ),
    );
    let refreshes = 0;
    const client = createPlatformClient({
      ...realmScope,
      baseUrl: "http://p.test",
      fetch: platform.fetch,
      token: "stale",
      onUnauthorized: async () => {
        refreshes += 1;
        return "fresh";
      },
    });
    expect(await client.get("/v2/user/profile")).toEqual({ ok: true });
    expect(await client.get("/v2/user/profile")).toEqual({ ok: true });
    expect(refreshes).toBe(1);
    expect(platform.requests.map((r) => r.headers.get("Authorization"))).toEqual([
      "Bearer stale",
      "Bearer fresh",
      "Bearer fresh",
    ]);
  });

  it("does not refresh for refusals a new token cannot cure", async () => {
    const platform = recordingFetch(() =>
      Response.json({ status: 401, code: "REVOKED", messages: ["ended"] }, { status: 401 }),
    );
    let refreshes = 0;
    const client = createPlatformClient({
      ...realmScope,
      baseUrl: "http://p.test",
      fetch: platform.fetch,
      token: "stale",
      onUnauthorized: async () => {
        refreshes += 1;
        return "fresh";
      },
    });
    await expect(client.get("/v2/user/profile")).rejects.toMatchObject({ code: "REVOKED" });
    expect(refreshes).toBe(0);
  });
});

describe("calls by endpoint name", () => {
  it("takes method and path from the endpoint table, each parameter escaped", async () => {
    const platform = recordingFetch(() => Response.json({ labels: {} }));
    const client = createPlatformClient({ baseUrl: "http://p.test", ...realmScope, ...platform });
    await client.call("locale", { params: { realm: "arena", locale: "pt/BR" } });
    const [sent] = platform.requests;
    expect(sent!.method).toBe("GET");
    expect(new URL(sent!.url).pathname).toBe("/api/v2/locale/arena/pt%2FBR");
  });

  it("sends the body as JSON with the endpoint's method", async () => {
    const platform = recordingFetch(() =>
      Response.json({ authorisationToken: "a", refreshToken: "r" }),
    );
    const client = createPlatformClient({ baseUrl: "http://p.test", ...realmScope, ...platform });
    const tokens = await client.call("refreshToken", { body: { refreshToken: "r0" } });
    expect(tokens.refreshToken).toBe("r");
    const [sent] = platform.requests;
    expect(sent!.method).toBe("POST");
    expect(new URL(sent!.url).pathname).toBe("/api/v2/token/refresh");
    expect(await sent!.json()).toEqual({ refreshToken: "r0" });
  });

  it("refuses a viewer's endpoint without a token before sending anything", async () => {
    const platform = recordingFetch(() => Response.json({}));
    const client = createPlatformClient({ baseUrl: "http://p.test", ...realmScope, ...platform });
    await expect(client.call("history")).rejects.toMatchObject({
      code: "AUTHENTICATION_REQUIRED",
    });
    expect(platform.requests).toHaveLength(0);
  });

  it("calls public endpoints without the realm's headers", async () => {
    const platform = recordingFetch(() => Response.json({ realms: [] }));
    const client = createPlatformClient({ baseUrl: "http://p.test", appId: "tests", ...platform });
    await client.call("realms");
    expect(platform.requests[0]!.headers.get("Realm")).toBeNull();
  });
});

describe("query lists", () => {
  it("repeat their parameter once per item", () => {
    expect(resolveUrl("http://p.test", "/v2/cards", { ref: ["EVENT:a", "VIDEO:b"] }).search).toBe(
      "?ref=EVENT%3Aa&ref=VIDEO%3Ab",
    );
  });
});
