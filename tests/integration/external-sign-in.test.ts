import type { AppLoadContext } from "@remix-run/node";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { PlatformLoadContext } from "../../app/api-client/context.ts";
import { gigyaLoginLoader, loginRedirectLoader } from "../../app/oauth/oidc.server.ts";
import { forgetRealms } from "../../platform/api/realms.ts";
import { DEMO_PASSWORD } from "../../platform/seed/demo-accounts.ts";
import * as t from "../../platform/store/schema.ts";
import { IN_PROCESS_PLATFORM } from "../../server/http.ts";
import { withChallenge } from "../fixtures/challenge.ts";
import { TEST_SESSION_SECRET } from "../fixtures/platform.ts";
import { useServedPlatform } from "../fixtures/served-platform.ts";

/**
 * A realm bound to an external OpenID provider signs its viewers in there. The provider here is
 * our own: liga is bound to arena's OpenID provider, reached over real HTTP, and the web app's
 * `/login/gigya` and `/login/redirect` loaders drive the sign-in as a browser would.
 */
const platform = useServedPlatform();

const WEB = "http://localhost";
const CLIENT_ID = "liga-web";
const CALLBACK = `${WEB}/realm/liga/login/redirect`;

let addresses = 0;
function webContext(): AppLoadContext & PlatformLoadContext {
  addresses += 1;
  const context: PlatformLoadContext = {
    requestId: crypto.randomUUID(),
    timing: { platformMs: 0, platformCalls: 0 },
    platformBaseUrl: IN_PROCESS_PLATFORM,
    // The web tier's calls go over HTTP too, to the same platform.
    platformFetch: async (request) => {
      const url = new URL(request.url);
      return fetch(`${platform.url}${url.pathname}${url.search}`, {
        method: request.method,
        headers: request.headers,
        body: request.method === "GET" ? undefined : await request.text(),
      });
    },
    setRealm: () => {},
    session: { secret: TEST_SESSION_SECRET, secure: false },
    clientAddress: `198.51.100.${addresses}`,
  };
  return context as AppLoadContext & PlatformLoadContext;
}

/** Binds liga to arena's OpenID provider (as a realm's config would) and registers liga there. */
async function bindLiga(provider: Record<string, unknown>) {
  const { db } = platform.store;
  const [liga] = await db.select().from(t.realms).where(eq(t.realms.name, "liga"));
  const providers = (liga!.settings.authenticationProviders as unknown[]).filter(
    (p) => (p as { name: string }).name !== "OIDC",
  );
  await db
    .update(t.realms)
    .set({ settings: { ...liga!.settings, authenticationProviders: [...providers, provider] } })
    .where(eq(t.realms.name, "liga"));
  forgetRealms(db);
}

beforeAll(async () => {
  await platform.store.db
    .insert(t.oauthClients)
    .values({ realm: "arena", clientId: CLIENT_ID, name: "Liga Play", redirectUris: [CALLBACK] });
  await bindLiga({
    name: "OIDC",
    issuer: `${platform.url}/api/v4/oidc/arena`,
    clientId: CLIENT_ID,
    displayName: "Arena ID",
  });
});

/** Cookies as a browser keeps them: the last Set-Cookie of each name wins. */
class CookieJar {
  private cookies = new Map<string, string>();
  take(response: Response, context?: PlatformLoadContext) {
    const lines = [...response.headers.getSetCookie(), context?.sessionCookie ?? ""];
    for (const line of lines.filter(Boolean)) {
      const [pair] = line.split(";");
      const [name, ...value] = pair!.split("=");
      this.cookies.set(name!.trim(), value.join("="));
    }
  }
  /** The jar as it is now, for a browser that goes back to this moment. */
  copy(): CookieJar {
    const copy = new CookieJar();
    copy.cookies = new Map(this.cookies);
    return copy;
  }
  get header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

async function load(
  loader: typeof gigyaLoginLoader,
  path: string,
  jar: CookieJar,
): Promise<Response> {
  const context = webContext();
  const request = new Request(`${WEB}${path}`, { headers: { Cookie: jar.header } });
  let answer: unknown;
  try {
    answer = await loader({ request, params: { realm: "liga" }, context });
  } catch (thrown) {
    answer = thrown;
  }
  expect(answer).toBeInstanceOf(Response);
  jar.take(answer as Response, context);
  return answer as Response;
}

/** The person signs in on arena's authorization page; answers where arena sends the browser. */
async function signInAtArena(authorizationUrl: string, email: string) {
  const asked = new URL(authorizationUrl);
  const fields = Object.fromEntries(asked.searchParams);
  const body = JSON.stringify({ ...fields, credentials: { id: email, secret: DEMO_PASSWORD } });
  const post = (headers: Record<string, string> = {}) =>
    platform.call("arena", "/api/v4/oauth2-auth/code", { method: "POST", body, headers });
  const res = await withChallenge(post);
  expect(res.status).toBe(200);
  return new URL(((await res.json()) as { redirectUrl: string }).redirectUrl);
}

/** The label of the error toast a response leaves for the next page (the signed flash cookie). */
function flashLabel(response: Response): string | undefined {
  const line = response.headers.getSetCookie().find((c) => c.startsWith("__flash="));
  if (!line) return undefined;
  const value = decodeURIComponent(line.slice("__flash=".length).split(";")[0]!);
  const json = Buffer.from(value.slice(0, value.lastIndexOf(".")), "base64").toString();
  const data = JSON.parse(decodeURIComponent(escape(json))) as Record<string, { label?: string }>;
  return Object.values(data).find((entry) => entry?.label)?.label;
}

async function startAt(jar: CookieJar, from = "/fighters") {
  const start = await load(gigyaLoginLoader, `/realm/liga/login/gigya?from=${from}`, jar);
  expect(start.status).toBe(302);
  return start.headers.get("Location")!;
}

const linksOf = (subject: string) =>
  platform.store.db
    .select()
    .from(t.linkedProviders)
    .where(and(eq(t.linkedProviders.realm, "liga"), eq(t.linkedProviders.subject, subject)));

describe("sign-in at the realm's external OpenID provider", () => {
  it("goes to the provider with PKCE, state and nonce, and comes back signed in where it began", async () => {
    const jar = new CookieJar();
    const authorizationUrl = await startAt(jar);
    const asked = new URL(authorizationUrl);
    expect(`${asked.origin}${asked.pathname}`).toBe(`${platform.url}/realm/arena/oidc/login`);
    expect(asked.searchParams.get("client_id")).toBe(CLIENT_ID);
    expect(asked.searchParams.get("redirect_uri")).toBe(CALLBACK);
    expect(asked.searchParams.get("code_challenge_method")).toBe("S256");
    expect(asked.searchParams.get("scope")).toBe("openid email profile");
    for (const name of ["state", "nonce", "code_challenge"]) {
      expect(asked.searchParams.get(name)).toMatch(/^[\w-]{32,}$/);
    }
    // What is kept for the way back is in the signed, httpOnly session cookie, not in the URL.
    expect(jar.header).toContain("__session=");

    const back = await signInAtArena(authorizationUrl, "viewer@arena.test");
    expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
    const done = await load(loginRedirectLoader, `${back.pathname}${back.search}`, jar);
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/realm/liga/fighters");

    // A liga account for arena's viewer, opened now and linked to arena's subject.
    const [arenaViewer] = await platform.store.db
      .select()
      .from(t.users)
      .where(and(eq(t.users.realm, "arena"), eq(t.users.email, "viewer@arena.test")));
    const [link] = await linksOf(String(arenaViewer!.id));
    expect(link).toMatchObject({ provider: "OIDC", issuer: `${platform.url}/api/v4/oidc/arena` });
    const [account] = await platform.store.db
      .select()
      .from(t.users)
      .where(eq(t.users.id, link!.userId));
    expect(account).toMatchObject({ realm: "liga", email: "viewer@arena.test" });
    expect(account!.passwordHash).toBeNull();

    // Signed in: the sign-in page sends the viewer on.
    const again = await load(loginRedirectLoader, "/realm/liga/login/redirect?from=/news", jar);
    expect(again.headers.get("Location")).toBe("/realm/liga/news");

    // A second sign-in of the same person lands on the same account.
    const second = new CookieJar();
    const url = await startAt(second, "/home");
    const returned = await signInAtArena(url, "viewer@arena.test");
    await load(loginRedirectLoader, `${returned.pathname}${returned.search}`, second);
    expect(await linksOf(String(arenaViewer!.id))).toHaveLength(1);
    const accounts = await platform.store.db
      .select()
      .from(t.users)
      .where(and(eq(t.users.realm, "liga"), eq(t.users.email, "viewer@arena.test")));
    expect(accounts).toHaveLength(1);
  });

  it("refuses an answer for another browser's sign-in, a replay, and a forged state", async () => {
    const victim = new CookieJar();
    const attacker = new CookieJar();
    // The attacker starts a sign-in and gets a code for their own account...
    const url = await startAt(attacker);
    const back = await signInAtArena(url, "fan@arena.test");
    // ...and gets the victim's browser to open it: the victim's session began no sign-in.
    const refused = await load(loginRedirectLoader, `${back.pathname}${back.search}`, victim);
    expect(refused.headers.get("Location")).toBe("/realm/liga/login");
    expect(victim.header).not.toMatch(/accessToken/);

    // A forged state in the attacker's own browser is refused, and uses up the pending sign-in.
    const forged = new URL(back);
    forged.searchParams.set("state", "A".repeat(43));
    const wrongState = await load(
      loginRedirectLoader,
      `${forged.pathname}${forged.search}`,
      attacker,
    );
    expect(wrongState.headers.get("Location")).toBe("/realm/liga/login");
    const replay = await load(loginRedirectLoader, `${back.pathname}${back.search}`, attacker);
    expect(replay.headers.get("Location")).toBe("/realm/liga/login");
    expect(await linksOf("no-such-subject")).toHaveLength(0);
  });

  it("a code used once is not good twice, and a refused sign-in at the provider says so", async () => {
    const jar = new CookieJar();
    const url = await startAt(jar);
    const back = await signInAtArena(url, "fan@arena.test");
    const before = jar.copy();
    const first = await load(loginRedirectLoader, `${back.pathname}${back.search}`, jar);
    expect(first.headers.get("Location")).toBe("/realm/liga/fighters");
    // The same answer with the cookies as they were before (the back button, a copied URL).
    const replayed = await load(loginRedirectLoader, `${back.pathname}${back.search}`, before);
    expect(replayed.headers.get("Location")).toBe("/realm/liga/login");
    expect(replayed.headers.getSetCookie().join()).toContain("__flash=");

    // The viewer cancels at the provider: an error answer, back to sign-in with the message.
    const cancelled = new CookieJar();
    const started = new URL(await startAt(cancelled));
    const state = started.searchParams.get("state")!;
    const answer = await load(
      loginRedirectLoader,
      `/realm/liga/login/redirect?error=access_denied&state=${state}`,
      cancelled,
    );
    expect(answer.headers.get("Location")).toBe("/realm/liga/login");
    expect(flashLabel(answer)).toBe("oidcSigninError");
  });

  it("does not hand an existing account to an unconfirmed e-mail of the provider", async () => {
    // arena's unconfirmed viewer has the e-mail of a liga account: no link, no session.
    const { db } = platform.store;
    await db
      .insert(t.users)
      .values({
        realm: "liga",
        email: "unconfirmed@arena.test",
        role: "CUSTOMER",
        status: "ACTIVE",
      })
      .onConflictDoNothing();
    const [arenaUser] = await db
      .insert(t.users)
      .values({
        realm: "arena",
        email: "unconfirmed@arena.test",
        role: "CUSTOMER",
        status: "ACTIVE",
        passwordHash: (
          await db
            .select({ hash: t.users.passwordHash })
            .from(t.users)
            .where(and(eq(t.users.realm, "arena"), eq(t.users.email, "viewer@arena.test")))
        )[0]!.hash,
      })
      .returning();
    await db.insert(t.profiles).values({ userId: arenaUser!.id, name: "U", type: "ADULT" });
    const jar = new CookieJar();
    const url = await startAt(jar);
    const back = await signInAtArena(url, "unconfirmed@arena.test");
    const refused = await load(loginRedirectLoader, `${back.pathname}${back.search}`, jar);
    expect(refused.headers.get("Location")).toBe("/realm/liga/login");
    expect(flashLabel(refused)).toBe("externalEmailUnverified");
    expect(await linksOf(String(arenaUser!.id))).toHaveLength(0);
  });

  it("answers 400 to a body outside the contract, and 404 in a realm with no provider", async () => {
    const bad = await platform.call("liga", "/api/v4/oidc/external/session", {
      method: "POST",
      body: JSON.stringify({ callbackUrl: "x", state: "short" }),
    });
    expect(bad.status).toBe(400);
    const none = await platform.call("arena", "/api/v4/oidc/external/authorization", {
      method: "POST",
      body: JSON.stringify({ redirectUri: "http://localhost/realm/arena/login/redirect" }),
    });
    expect(none.status).toBe(404);
    expect(((await none.json()) as { code: string }).code).toBe("EXTERNAL_SIGN_IN_NOT_CONFIGURED");
  });

  it("a provider that cannot be reached, or a secret not in the environment, says so on sign-in", async () => {
    await bindLiga({
      name: "OIDC",
      issuer: `${platform.url}/api/v4/oidc/arena`,
      clientId: CLIENT_ID,
      clientSecretEnv: "LIGA_OIDC_SECRET_NOT_SET",
    });
    const jar = new CookieJar();
    const back = await signInAtArena(await startAt(jar), "fan@arena.test");
    const noSecret = await load(loginRedirectLoader, `${back.pathname}${back.search}`, jar);
    expect(noSecret.headers.get("Location")).toBe("/realm/liga/login");
    expect(flashLabel(noSecret)).toBe("oidcSigninError");

    await bindLiga({ name: "OIDC", issuer: "http://127.0.0.1:9/nowhere", clientId: CLIENT_ID });
    const away = await load(
      gigyaLoginLoader,
      "/realm/liga/login/gigya?from=/home",
      new CookieJar(),
    );
    expect(away.headers.get("Location")).toBe("/realm/liga/login");
    expect(flashLabel(away)).toBe("oidcSigninError");
  });
});
