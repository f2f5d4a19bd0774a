import type { RealmSettings } from "../schemas/generated/realm-settings.ts";

type Provider = NonNullable<RealmSettings["authenticationProviders"]>[number];

/** An OIDC authentication provider that names an external OpenID provider to sign in with. */
export type ExternalOidcProvider = Provider & { name: "OIDC"; issuer: string; clientId: string };

/**
 * The realm's external OpenID provider, if it is bound to one: its first OIDC authentication
 * provider with an `issuer` (the schema requires `clientId` beside it), unless the realm has a
 * GIGYA provider, whose login page `/login/gigya` serves first. The web app offers the sign-in
 * and the platform completes it, both by this one rule.
 */
export function externalOidcProvider(
  settings: Pick<RealmSettings, "authenticationProviders">,
): ExternalOidcProvider | undefined {
  if (settings.authenticationProviders?.some((provider) => provider.name === "GIGYA")) {
    return undefined;
  }
  return settings.authenticationProviders?.find(
    (provider): provider is ExternalOidcProvider =>
      provider.name === "OIDC" && Boolean(provider.issuer) && Boolean(provider.clientId),
  );
}
