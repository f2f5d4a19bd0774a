import { data, type LoaderFunctionArgs } from "@remix-run/node";
import type { RealmSettings } from "../../schemas/generated/realm-settings.ts";
import { requireRealmRequest } from "../realm/request.server.ts";
import { routeExists, routeHref, routeNamed, type RouteSettings } from "../realm/routes.ts";
import { hasAccount } from "../realm/viewer-platform.server.ts";

/** One way of signing in that this realm offers, with where it starts. */
export type SignInWay =
  | { kind: "password"; signIn: string; signUp: string | null }
  | { kind: "magicLink"; href: string }
  | { kind: "tv"; href: string };

export interface ProvidersView {
  ways: SignInWay[];
  /** Where a signed-in viewer manages their password and devices. */
  security: string | null;
}

/** Providers that sign in with an email and password on the realm's own sign-in page. */
const PASSWORD_PROVIDERS = new Set(["CREDENTIALS", "PBR"]);

/**
 * `/providers`: the ways this realm lets viewers sign in (spec section 2), from its
 * authentication providers and sign-in settings, each linking to where it starts. Only ways
 * whose pages exist are listed.
 */
export async function providersLoader(args: LoaderFunctionArgs) {
  const { basePath, shell, viewer } = await requireRealmRequest(args);
  const settings = shell.settings as RealmSettings;
  const ways: SignInWay[] = [];
  const providers = settings.authenticationProviders ?? [{ name: "CREDENTIALS" as const }];
  if (providers.some((p) => PASSWORD_PROVIDERS.has(p.name))) {
    const signup = routeExists(routeNamed("signup"), settings as RouteSettings);
    ways.push({
      kind: "password",
      signIn: routeHref(basePath, { name: "login" }),
      signUp: signup ? routeHref(basePath, { name: "signup" }) : null,
    });
    if (settings.magicLinkLoginEnabled === true) {
      ways.push({ kind: "magicLink", href: routeHref(basePath, { name: "login" }) });
    }
  }
  if (routeExists(routeNamed("tvLogin"), settings as RouteSettings)) {
    ways.push({ kind: "tv", href: routeHref(basePath, { name: "tvLogin" }) });
  }
  const view: ProvidersView = {
    ways,
    security:
      hasAccount(viewer) && !viewer.child
        ? routeHref(basePath, { name: "account", query: { section: "accountsecurity" } })
        : null,
  };
  return data(view, { headers: { "Cache-Control": "private, no-store" } });
}
