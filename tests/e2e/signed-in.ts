import type { BrowserContext } from "@playwright/test";
import { sessionStorage, SESSION_COOKIE } from "../../app/session/session.server.ts";
import { createTokenIssuer, type Role } from "../../server/auth/tokens.ts";
import { TEST_SESSION_SECRET, TEST_TOKEN_SECRET } from "../fixtures/secrets.ts";

/** An access token of the test server's platform for a viewer of `realm` with `role`. */
export function tokenFor(realm: string, role: Role, sub = "1"): Promise<string> {
  return createTokenIssuer(TEST_TOKEN_SECRET).issueAccess({
    sub,
    rlm: realm,
    rol: [role],
    gue: false,
  });
}

/** Puts a signed session cookie holding `token` into the browser, as sign-in would. */
export async function signIn(context: BrowserContext, baseUrl: string, token: string) {
  const storage = sessionStorage({ secret: TEST_SESSION_SECRET, secure: true });
  const session = await storage.getSession();
  session.set("accessToken", token);
  const header = await storage.commitSession(session);
  const value = header.slice(`${SESSION_COOKIE}=`.length, header.indexOf(";"));
  await context.addCookies([
    { name: SESSION_COOKIE, value, url: baseUrl, httpOnly: true, sameSite: "Lax", secure: true },
  ]);
}

/** Signs the browser in as a viewer of `realm` with `role`. */
export async function signInAs(
  context: BrowserContext,
  baseUrl: string,
  realm: string,
  role: Role,
): Promise<void> {
  await signIn(context, baseUrl, await tokenFor(realm, role));
}
