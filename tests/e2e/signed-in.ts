import type { BrowserContext } from "@playwright/test";
import { createCookie } from "@remix-run/node";
import { createHash } from "node:crypto";
import { sessionStorage, SESSION_COOKIE } from "../../app/session/session.server.ts";
import { createTokenIssuer, type Role } from "../../platform/auth/tokens.ts";
import { encodeChallengeInput, solveChallenge, type Challenge } from "../../contract/challenge.ts";
import { DEMO_KEYS, TEST_SESSION_SECRET, TEST_TOKEN_SECRET } from "../fixtures/secrets.ts";

/** An access token of the test server's platform for a viewer of `realm` with `role`. */
export function tokenFor(realm: string, role: Role, sub = "1"): Promise<string> {
  return createTokenIssuer(TEST_TOKEN_SECRET).issueAccess({
    sub,
    rlm: realm,
    rol: [role],
    gue: false,
  });
}

/** The value of a signed session cookie holding `token`, as sign-in would set it. */
export async function sessionCookieValue(token: string, refreshToken?: string): Promise<string> {
  const storage = sessionStorage({ secret: TEST_SESSION_SECRET, secure: true });
  const session = await storage.getSession();
  session.set("accessToken", token);
  if (refreshToken) session.set("refreshToken", refreshToken);
  const header = await storage.commitSession(session);
  return header.slice(`${SESSION_COOKIE}=`.length, header.indexOf(";"));
}

/** Puts a signed session cookie holding `token` into the browser, as sign-in would. */
export async function signIn(
  context: BrowserContext,
  baseUrl: string,
  token: string,
  refreshToken?: string,
) {
  const value = await sessionCookieValue(token, refreshToken);
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

/** The demo accounts' password (platform/seed/demo-accounts.ts). */
export const DEMO_PASSWORD = "demo-pass-1";

/**
 * Signs in to the test server's platform with a demo account's email and password (solving the
 * realm's sign-in challenge when it sets one): a real session, refresh token included.
 */
export async function passwordSession(
  baseUrl: string,
  realm: keyof typeof DEMO_KEYS,
  email: string,
): Promise<{ authorisationToken: string; refreshToken: string }> {
  const login = (headers: Record<string, string> = {}) =>
    fetch(`${baseUrl}/api/v2/login`, {
      method: "POST",
      headers: {
        Accept: "application/json",
        "Content-Type": "application/json",
        App: "e2e-tests",
        Realm: realm,
        "X-Api-Key": DEMO_KEYS[realm],
        ...headers,
      },
      body: JSON.stringify({ id: email, secret: DEMO_PASSWORD }),
    });
  let res = await login();
  if (res.status === 428) {
    const { challenge } = (await res.json()).details as { challenge: Challenge };
    const value = await solveChallenge(challenge);
    res = await login({
      "X-Challenge-Input": encodeChallengeInput({
        id: challenge.id,
        secrets: [{ type: "CAPTCHA", value }],
      }),
    });
  }
  if (!res.ok) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  return res.json();
}

/**
 * The signed device cookie of the one browser a demo account watches on in these tests: the
 * tests of a worker share the demo accounts, and each new browser would otherwise be another
 * device, until the account's limit of streams refuses the next (OTHER_DEVICE). One device
 * starting playback again replaces its own session, as a viewer reloading a page does.
 */
export async function demoDeviceCookie(email: string): Promise<string> {
  const hex = createHash("sha256").update(`e2e-device:${email}`).digest("hex");
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
  const header = await createCookie("device_id", { secrets: [TEST_SESSION_SECRET] }).serialize(id);
  return header.slice("device_id=".length, header.indexOf(";"));
}

/** Makes the browser the one device `email` (a demo account) watches on (`demoDeviceCookie`). */
export async function useDemoDevice(context: BrowserContext, baseUrl: string, email: string) {
  await context.addCookies([
    {
      name: "device_id",
      value: await demoDeviceCookie(email),
      url: baseUrl,
      httpOnly: true,
      sameSite: "Lax",
      secure: true,
    },
  ]);
}

/** Signs the browser in as a demo account, with a real session (as the sign-in page would). */
export async function signInWithPassword(
  context: BrowserContext,
  baseUrl: string,
  realm: keyof typeof DEMO_KEYS,
  email: string,
) {
  const tokens = await passwordSession(baseUrl, realm, email);
  await signIn(context, baseUrl, tokens.authorisationToken, tokens.refreshToken);
  await useDemoDevice(context, baseUrl, email);
  return tokens;
}

/** Signs the browser in as a guest of `realm` (a guest session, as guest check-in gives). */
export async function signInAsGuest(
  context: BrowserContext,
  baseUrl: string,
  realm: string,
): Promise<void> {
  const token = await createTokenIssuer(TEST_TOKEN_SECRET).issueAccess({
    sub: "guest-e2e",
    rlm: realm,
    rol: [],
    gue: true,
  });
  await signIn(context, baseUrl, token);
}
