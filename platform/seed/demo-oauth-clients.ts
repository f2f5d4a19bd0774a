import { sql } from "drizzle-orm";
import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";

/** The demo realms' registered OAuth app (README, "OAuth"). */
export const DEMO_CLIENT_ID = "demo-tv-app";

/** Where the demo app receives its code: a page of this server (server/oauth-test-client.ts). */
export const DEMO_CALLBACK_PATH = "/oauth-test-client/callback";

/** Where the demo app is sent back after an OpenID Connect sign-out. */
export const DEMO_SIGNED_OUT_PATH = "/oauth-test-client/signed-out";

const DEFAULT_ORIGIN = "http://localhost:3000";

/**
 * The demo app's redirect URIs: the callback on the default origin, and on `publicUrl`
 * (PUBLIC_URL) when the server is reached elsewhere. Registered URIs are matched exactly, so
 * each origin the demo is opened on must be listed.
 */
export function demoRedirectUris(publicUrl?: string, path = DEMO_CALLBACK_PATH): string[] {
  const origins = new Set([DEFAULT_ORIGIN]);
  if (publicUrl) origins.add(new URL(publicUrl).origin);
  return [...origins].map((origin) => `${origin}${path}`);
}

/** The demo app's registered `post_logout_redirect_uri`s, on the same origins. */
export const demoPostLogoutUris = (publicUrl?: string) =>
  demoRedirectUris(publicUrl, DEMO_SIGNED_OUT_PATH);

/**
 * The demo realms as relying parties of each other's OpenID provider: a realm whose `OIDC`
 * provider names another demo realm's issuer and this client id signs in through that realm's
 * accounts (README, "Signing in at an external OpenID provider").
 */
export const DEMO_REALM_CLIENT_ID = "demo-realm-sign-in";

/** Each demo realm's `/login/redirect`, where an external provider returns, on the same origins. */
export const demoRealmRedirectUris = (realms: string[], publicUrl?: string) =>
  realms.flatMap((realm) => demoRedirectUris(publicUrl, `/realm/${realm}/login/redirect`));

/**
 * Registers the demo app, and the other demo realms as a client, in a demo realm; a later seed
 * only adds redirect URIs.
 */
export async function seedDemoOAuthClient(
  db: Db,
  realm: string,
  publicUrl?: string,
  realms: string[] = [],
) {
  await registerClient(db, realm, {
    clientId: DEMO_CLIENT_ID,
    name: "Demo TV app",
    redirectUris: demoRedirectUris(publicUrl),
    postLogoutRedirectUris: demoPostLogoutUris(publicUrl),
  });
  const others = realms.filter((name) => name !== realm);
  if (others.length === 0) return;
  await registerClient(db, realm, {
    clientId: DEMO_REALM_CLIENT_ID,
    name: "Demo realms",
    redirectUris: demoRealmRedirectUris(others, publicUrl),
    postLogoutRedirectUris: [],
  });
}

async function registerClient(
  db: Db,
  realm: string,
  client: {
    clientId: string;
    name: string;
    redirectUris: string[];
    postLogoutRedirectUris: string[];
  },
) {
  const uris = client.redirectUris;
  const signedOut = client.postLogoutRedirectUris;
  // jsonb_agg of no rows is null: an empty list stays an empty list.
  await db
    .insert(t.oauthClients)
    .values({
      realm,
      clientId: client.clientId,
      name: client.name,
      redirectUris: uris,
      postLogoutRedirectUris: signedOut,
    })
    .onConflictDoUpdate({
      target: [t.oauthClients.realm, t.oauthClients.clientId],
      set: {
        redirectUris: sql`coalesce((select jsonb_agg(distinct u) from jsonb_array_elements_text(${t.oauthClients.redirectUris} || ${JSON.stringify(uris)}::jsonb) as u), '[]'::jsonb)`,
        postLogoutRedirectUris: sql`coalesce((select jsonb_agg(distinct u) from jsonb_array_elements_text(${t.oauthClients.postLogoutRedirectUris} || ${JSON.stringify(signedOut)}::jsonb) as u), '[]'::jsonb)`,
      },
    });
}
