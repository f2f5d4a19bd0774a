import { describe, expect, it } from "vitest";
import { sharedViewerKey } from "../../app/session/shared-viewer.server.ts";
import { sessionStorage, type SessionData } from "../../app/session/session.server.ts";

const settings = { secret: "a-session-secret-of-at-least-32-chars!", secure: true };
const NOW = Date.UTC(2026, 10, 26, 12);

/** A token as the platform shapes it; the key reads claims only (the cookie is what is signed). */
function token(claims: Record<string, unknown>) {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "HS256", typ: "JWT" })}.${part(claims)}.signature`;
}

const guestClaims = { rlm: "liga", rol: [], gue: true, sub: "guest-1", exp: NOW / 1000 + 900 };

async function cookieOf(
  data: Partial<SessionData> & Record<string, unknown>,
  secret = settings.secret,
) {
  const storage = sessionStorage({ ...settings, secret });
  const session = await storage.getSession();
  for (const [key, value] of Object.entries(data))
    session.set(key as keyof SessionData, value as never);
  const header = await storage.commitSession(session);
  return header.split(";")[0]!;
}

const key = (cookie: string | null) => sharedViewerKey(cookie, settings, NOW);

describe("sharedViewerKey (decision 019)", () => {
  it("names a checked-in guest by realm, whichever guest it is", async () => {
    const one = await cookieOf({ accessToken: token(guestClaims), refreshToken: "r1" });
    const two = await cookieOf({
      accessToken: token({ ...guestClaims, sub: "guest-2" }),
      refreshToken: "r2",
    });
    expect(await key(one)).toBe("guest:liga");
    expect(await key(two)).toBe("guest:liga");
  });

  it("keeps the request's other cookies, in one order", async () => {
    const session = await cookieOf({ accessToken: token(guestClaims) });
    expect(await key(`language=en; ${session}; consent=all`)).toBe(
      "guest:liga; consent=all; language=en",
    );
    expect(await key(`consent=all; ${session};language=en`)).toBe(
      "guest:liga; consent=all; language=en",
    );
    // The device id is read by no shareable page: each guest's own does not split the entry.
    expect(await key(`${session}; device_id=one; language=en`)).toBe("guest:liga; language=en");
  });

  it("names no class for anyone whose page may be their own", async () => {
    const cases: Record<string, string | null> = {
      "no cookie": null,
      "cookies without a session": "consent=all",
      "a signed-in customer": await cookieOf({
        accessToken: token({ rlm: "liga", rol: ["CUSTOMER"], sub: "7", exp: NOW / 1000 + 900 }),
      }),
      "an admin": await cookieOf({
        accessToken: token({ rlm: "liga", rol: ["ADMIN"], sub: "1", exp: NOW / 1000 + 900 }),
      }),
      "a guest whose token is due for a refresh": await cookieOf({
        accessToken: token({ ...guestClaims, exp: NOW / 1000 + 45 }),
      }),
      "a guest with an item waiting for sign-in": await cookieOf({
        accessToken: token(guestClaims),
        pendingListAdd: { list: "my-list", ref: "VOD_VIDEO:1", returnTo: "/", at: NOW },
      }),
      "a session holding a flash message": await cookieOf({
        accessToken: token(guestClaims),
        __flash_logoutMessage__: "sessionExpired",
      }),
      "a cookie signed with another secret": await cookieOf(
        { accessToken: token(guestClaims) },
        "another-secret-of-at-least-32-characters",
      ),
      "a token that is not a JWT": await cookieOf({ accessToken: "not-a-token" }),
      "a session with no token": await cookieOf({ refreshToken: "r1" }),
    };
    const session = await cookieOf({ accessToken: token(guestClaims) });
    cases["two session cookies"] = `${session}; ${session}`;
    for (const [name, cookie] of Object.entries(cases)) {
      expect(await key(cookie), name).toBeUndefined();
    }
  });
});
