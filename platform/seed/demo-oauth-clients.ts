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

/** Registers the demo app in a demo realm; a later seed only adds redirect URIs. */
export async function seedDemoOAuthClient(db: Db, realm: string, publicUrl?: string) {
  const uris = demoRedirectUris(publicUrl);
  const signedOut = demoPostLogoutUris(publicUrl);
  await db
    .insert(t.oauthClients)
    .values({
      realm,
      clientId: DEMO_CLIENT_ID,
      name: "Demo TV app",
      redirectUris: uris,
      postLogoutRedirectUris: signedOut,
    })
    .onConflictDoUpdate({
      target: [t.oauthClients.realm, t.oauthClients.clientId],
      set: {
        redirectUris: sql`(select jsonb_agg(distinct u) from jsonb_array_elements_text(${t.oauthClients.redirectUris} || ${JSON.stringify(uris)}::jsonb) as u)`,
        postLogoutRedirectUris: sql`(select jsonb_agg(distinct u) from jsonb_array_elements_text(${t.oauthClients.postLogoutRedirectUris} || ${JSON.stringify(signedOut)}::jsonb) as u)`,
      },
    });
}
