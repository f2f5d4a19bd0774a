import type { LoaderFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { logoutAction, logoutLoader } from "../../app/identity/logout.server.ts";
import { sessionStorage } from "../../app/session/session.server.ts";
import { createTokenIssuer } from "../../platform/auth/tokens.ts";
import { DEMO_PASSWORD } from "../../platform/seed/demo-accounts.ts";
import { TEST_TOKEN_SECRET, useSeededPlatform } from "../fixtures/platform.ts";
import { changeRealmSettings } from "../fixtures/realm-settings.ts";
import { sessionCookieFor, WEB_SESSION, webContext } from "../fixtures/web-context.ts";

const platform = useSeededPlatform();

/** The arguments of a request to a realm's `/logout`, with this session cookie. */
function logoutArgs(
  cookie: string,
  {
    method = "GET",
    query = "",
    realm = "liga",
  }: { method?: string; query?: string; realm?: string } = {},
): LoaderFunctionArgs & { context: ReturnType<typeof webContext> } {
  return {
    request: new Request(`http://localhost/realm/${realm}/logout${query}`, {
      method,
      headers: { Cookie: cookie },
    }),
    params: { realm },
    context: webContext(platform.api) as never,
  };
}

/** What a loader or action answered, returned or thrown. */
async function answerOf(pending: Promise<unknown>): Promise<Response | { data: unknown }> {
  try {
    const value = await pending;
    return value instanceof Response ? value : { data: (value as { data: unknown }).data };
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** A signed-in liga session with a real refresh token. */
async function customerSession() {
  const res = await platform.api.call("liga", "/api/v2/login", {
    method: "POST",
    body: JSON.stringify({ id: "viewer@liga.test", secret: DEMO_PASSWORD }),
  });
  const tokens = await res.json();
  const cookie = await sessionCookieFor("liga", {
    accessToken: tokens.authorisationToken,
    refreshToken: tokens.refreshToken,
  });
  return { cookie, refreshToken: tokens.refreshToken as string };
}

async function guestSession(realm = "liga") {
  const accessToken = await createTokenIssuer(TEST_TOKEN_SECRET).issueAccess({
    sub: "guest-logout-test",
    rlm: realm,
    rol: [],
    gue: true,
  });
  return sessionCookieFor(realm, { accessToken });
}

/** The session the answer leaves in the cookie (from the context the host reads it from). */
async function sessionAfter(args: { context: { sessionCookie?: string } }) {
  const header = args.context.sessionCookie;
  if (!header) return undefined;
  return sessionStorage(WEB_SESSION).getSession(header.split(";")[0]);
}

const refreshes = (refreshToken: string) =>
  platform.api.call("liga", "/api/v2/token/refresh", {
    method: "POST",
    body: JSON.stringify({ refreshToken }),
  });

describe("sign-out", () => {
  it("a visit asks and changes nothing; the form post signs out", async () => {
    const { cookie, refreshToken } = await customerSession();

    const visit = logoutArgs(cookie);
    const page = await answerOf(logoutLoader(visit));
    expect(page).toEqual({ data: { action: "/realm/liga/logout", home: "/realm/liga" } });
    expect(visit.context.sessionCookie).toBeUndefined();

    const post = logoutArgs(cookie, { method: "POST" });
    const done = (await answerOf(logoutAction(post))) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/realm/liga");
    const after = await sessionAfter(post);
    expect(after?.get("accessToken")).toBeUndefined();
    expect(after?.get("logoutMessage")).toBe("loggedOut");
    // The platform has ended the session too.
    expect((await refreshes(refreshToken)).status).toBe(401);
  });

  it("a guest is signed out only when asked with force, and that also takes the form", async () => {
    const cookie = await guestSession();
    const visit = logoutArgs(cookie);
    const home = (await answerOf(logoutLoader(visit))) as Response;
    expect(home.headers.get("Location")).toBe("/realm/liga");
    expect(visit.context.sessionCookie).toBeUndefined();

    const forced = logoutArgs(cookie, { query: "?force" });
    expect(await answerOf(logoutLoader(forced))).toEqual({
      data: { action: "/realm/liga/logout?force=", home: "/realm/liga" },
    });
    expect(forced.context.sessionCookie).toBeUndefined();

    const post = logoutArgs(cookie, { method: "POST", query: "?force=" });
    expect(((await answerOf(logoutAction(post))) as Response).status).toBe(302);
    const after = await sessionAfter(post);
    expect(after?.get("logoutMessage")).toBe("loggedOut");
    expect(after?.get("accessToken")).toBeUndefined();
  });

  it("where guests are no longer allowed, a guest's visit (where every page sends them) ends that session", async () => {
    // Arena: no earlier test here has loaded its settings for a guest (the web keeps them briefly).
    const cookie = await guestSession("arena");
    const restore = await changeRealmSettings(platform.store, "arena", { guestsAllowed: false });
    try {
      const visit = logoutArgs(cookie, { realm: "arena" });
      const answer = (await answerOf(logoutLoader(visit))) as Response;
      expect(answer.status).toBe(302);
      expect(answer.headers.get("Location")).toBe("/realm/arena");
      const after = await sessionAfter(visit);
      expect(after?.get("logoutMessage")).toBe("loggedOut");
      expect(after?.get("accessToken")).toBeUndefined();
    } finally {
      await restore();
    }
  });
});
