import { externalOidcProvider } from "../../contract/external-sign-in.ts";
import type { RealmSettings } from "../../schemas/generated/realm-settings.ts";
import { routeHref } from "../realm/routes.ts";

/** The sign-in at the realm's external OpenID provider, as pages offer it. */
export interface ExternalSignInWay {
  /** `/login/gigya`, which starts it (a full page load: it leaves for the provider). */
  href: string;
  /** The provider's name for "Continue with …": its configured name, else its host. */
  provider: string;
}

export function externalSignInWay(
  basePath: string,
  settings: RealmSettings,
  from?: string,
): ExternalSignInWay | null {
  const provider = externalOidcProvider(settings);
  if (!provider) return null;
  return {
    href: routeHref(basePath, { name: "gigyaLogin", query: from ? { from } : undefined }),
    provider: provider.displayName ?? new URL(provider.issuer).hostname,
  };
}
