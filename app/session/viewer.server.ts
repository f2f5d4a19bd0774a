import { decodeJwt } from "jose";
import type { RealmLookup } from "../../contract/generated/realm-lookup.ts";
import type { PlatformLoadContext } from "../api-client/context.ts";
import { refreshOnce, sessionIsOver } from "./refresh.server.ts";
import { requestSession } from "./request-session.server.ts";
import type { ViewerSession } from "./session.server.ts";

/** Roles of spec section 4, as the web app tells them apart. */
export type ViewerRole = "UNAUTHENTICATED" | "GUEST" | "CUSTOMER" | "ADMIN";

export interface Viewer {
  role: ViewerRole;
  /** The access token to call the platform with, when signed in (guests included). */
  token?: string;
  userId?: string;
  /** A child profile is active (`pro.type` code `c`). */
  child: boolean;
  /** The signed-in account's language (`loc`), when it has one; guests have no account. */
  locale?: string;
  /** The active profile's id, when the account has profiles. */
  profileId?: number;
  /** Set while an admin impersonates the account: the admin's account id (claim `imp`). */
  impersonatorId?: number;
  /** The account's realm partition (claim `prt`): init, and its licences, are that partition's. */
  partition?: string;
}

const ANONYMOUS: Viewer = { role: "UNAUTHENTICATED", child: false };

/** Tokens this close to expiry are refreshed first, so a page's calls do not race the clock. */
export const REFRESH_AHEAD_MS = 30_000;

type Claims = ReturnType<typeof decodeJwt>;

function claimsOf(token: string | undefined, realm: string): Claims | null {
  if (!token) return null;
  try {
    const claims = decodeJwt(token);
    return claims.rlm === realm ? claims : null;
  } catch {
    return null;
  }
}

const expiresSoon = (claims: Claims) =>
  typeof claims.exp !== "number" || claims.exp * 1000 - REFRESH_AHEAD_MS <= Date.now();

/** The viewer a token speaks for (spec section 4: roles derived from the claims). */
export function viewerFromToken(token: string, claims: Claims): Viewer {
  const roles = Array.isArray(claims.rol) ? claims.rol : [];
  const pro = claims.pro as { id?: unknown; type?: unknown } | undefined;
  return {
    role:
      claims.gue === true
        ? "GUEST"
        : roles.includes("ADMIN")
          ? "ADMIN"
          : typeof claims.sub === "string"
            ? "CUSTOMER"
            : "UNAUTHENTICATED",
    token,
    userId: typeof claims.sub === "string" ? claims.sub : undefined,
    child: typeof pro?.type === "string" && pro.type.toLowerCase().startsWith("c"),
    // A guest's token carries the language the platform picked at check-in, not a choice.
    ...(typeof claims.loc === "string" && claims.gue !== true ? { locale: claims.loc } : {}),
    ...(typeof pro?.id === "number" ? { profileId: pro.id } : {}),
    ...(typeof claims.imp === "number" ? { impersonatorId: claims.imp } : {}),
    ...(typeof claims.prt === "string" ? { partition: claims.prt } : {}),
  };
}

/**
 * Who is asking in `realm`, from the session cookie. The cookie is signed by this server, so
 * the token in it is one the platform issued; its claims are read here to choose what to show
 * and where to route, while the platform verifies the token on every call that needs
 * authority. A token about to expire is refreshed first (once, however many ask); a refused
 * refresh ends the session as `sessionExpired`, with the request id, and the viewer is
 * signed out.
 */
export async function viewerOf(
  request: Request,
  context: PlatformLoadContext,
  realm: RealmLookup,
  basePath: string,
): Promise<Viewer> {
  const { session, save } = await requestSession(request, context, basePath);
  const token = session.get("accessToken");
  const claims = claimsOf(token, realm.realm);
  if (!token || !claims) return ANONYMOUS;

  let refreshed: Promise<string | undefined> | undefined;
  /** One refresh for this request, sharing the process-wide one for the token. */
  const refresh = () => {
    refreshed ??= (async () => {
      const refreshToken = session.get("refreshToken");
      if (!refreshToken) return undefined;
      try {
        const next = await refreshOnce(context, realm, refreshToken);
        session.set("accessToken", next.authorisationToken);
        session.set("refreshToken", next.refreshToken);
        await save();
        context.viewerToken = next.authorisationToken;
        return next.authorisationToken;
      } catch (error) {
        // An unreachable platform is not the end of the session: only this request fails.
        if (!sessionIsOver(error)) return undefined;
        endSession(session, "sessionExpired", context.requestId);
        await save();
        return undefined;
      }
    })();
    return refreshed;
  };
  context.refreshViewer = refresh;

  if (!expiresSoon(claims)) {
    context.viewerToken = token;
    return viewerFromToken(token, claims);
  }
  const fresh = await refresh();
  const freshClaims = claimsOf(fresh, realm.realm);
  return fresh && freshClaims ? viewerFromToken(fresh, freshClaims) : ANONYMOUS;
}

/** Drops the tokens and leaves why (spec section 4: logout message and request id). */
export function endSession(session: ViewerSession, message: string, requestId: string) {
  session.unset("accessToken");
  session.unset("refreshToken");
  session.unset("impersonation");
  session.flash("logoutMessage", message);
  session.flash("logoutRequestId", requestId);
}
