import { describe, expect, it } from "vitest";
import type { PlatformLoadContext } from "../../app/api-client/context.ts";
import { sessionStorage } from "../../app/session/session.server.ts";
import { viewerOf } from "../../app/session/viewer.server.ts";
import { createTokenIssuer } from "../../platform/auth/tokens.ts";
import { IN_PROCESS_PLATFORM } from "../../server/http.ts";
import { DEMO_PASSWORD } from "../../platform/seed/demo-accounts.ts";
import {
  DEMO_KEYS,
  TEST_SESSION_SECRET,
  TEST_TOKEN_SECRET,
  useSeededPlatform,
} from "../fixtures/platform.ts";

const platform = useSeededPlatform();
const session = { secret: TEST_SESSION_SECRET, secure: false };
const liga = { realm: "liga", apiKey: DEMO_KEYS.liga } as never;

/** A web request context whose platform calls go to the real platform, counted by path. */
function webContext(calls: string[]): PlatformLoadContext {
  return {
    requestId: crypto.randomUUID(),
    timing: { platformMs: 0, platformCalls: 0 },
    platformBaseUrl: IN_PROCESS_PLATFORM,
    platformFetch: async (request) => {
      calls.push(`${request.method} ${new URL(request.url).pathname}`);
      return platform.api.app.fetch(request);
    },
    setRealm: () => {},
    session,
  };
}

/** A signed-in liga session whose access token has already expired. */
async function expiredSession(): Promise<{ cookie: string; refreshToken: string }> {
  const res = await platform.api.call("liga", "/api/v2/login", {
    method: "POST",
    body: JSON.stringify({ id: "viewer@liga.test", secret: DEMO_PASSWORD }),
  });
  const { refreshToken } = await res.json();
  const expired = await createTokenIssuer(TEST_TOKEN_SECRET).issueAccess(
    { sub: "1", rlm: "liga", rol: ["CUSTOMER"], gue: false },
    -60,
  );
  const storage = sessionStorage(session, "/realm/liga");
  const cookie = await storage.getSession();
  cookie.set("accessToken", expired);
  cookie.set("refreshToken", refreshToken);
  return { cookie: (await storage.commitSession(cookie)).split(";")[0]!, refreshToken };
}

const page = (cookie: string) =>
  new Request("http://localhost/realm/liga/home", { headers: { Cookie: cookie } });

describe("web session refresh", () => {
  it("ten concurrent requests with an expired token share exactly one refresh", async () => {
    const { cookie } = await expiredSession();
    const calls: string[] = [];
    const contexts = Array.from({ length: 10 }, () => webContext(calls));
    const viewers = await Promise.all(
      contexts.map((context) => viewerOf(page(cookie), context, liga, "/realm/liga")),
    );
    expect(calls.filter((call) => call === "POST /api/v2/token/refresh")).toHaveLength(1);
    expect(new Set(viewers.map((viewer) => viewer.role))).toEqual(new Set(["CUSTOMER"]));
    expect(new Set(viewers.map((viewer) => viewer.token)).size).toBe(1);
    // Every answer carries the new session cookie: httpOnly, SameSite=Lax, the realm's path.
    for (const context of contexts) {
      expect(context.sessionCookie).toMatch(
        /^__session=.+; Max-Age=\d+; Path=\/realm\/liga; HttpOnly; SameSite=Lax$/,
      );
    }
  });

  it("a refused refresh signs the viewer out as sessionExpired, with the request id", async () => {
    const { cookie, refreshToken } = await expiredSession();
    await platform.api.call("liga", "/api/v2/logout", {
      method: "POST",
      body: JSON.stringify({ refreshToken }),
    });
    const context = webContext([]);
    const viewer = await viewerOf(page(cookie), context, liga, "/realm/liga");
    expect(viewer.role).toBe("UNAUTHENTICATED");
    const after = await sessionStorage(session, "/realm/liga").getSession(
      context.sessionCookie!.split(";")[0],
    );
    expect(after.get("accessToken")).toBeUndefined();
    expect(after.get("logoutMessage")).toBe("sessionExpired");
    expect(after.get("logoutRequestId")).toBe(context.requestId);
  });

  it("a platform that cannot be reached leaves the session as it was", async () => {
    const { cookie } = await expiredSession();
    const context = {
      ...webContext([]),
      platformFetch: () => Promise.reject(new Error("connection refused")),
    };
    const viewer = await viewerOf(page(cookie), context, liga, "/realm/liga");
    expect(viewer.role).toBe("UNAUTHENTICATED");
    expect(context.sessionCookie).toBeUndefined();
  });
});
