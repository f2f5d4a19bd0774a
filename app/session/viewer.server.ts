import { decodeJwt } from "jose";
import type { PlatformLoadContext } from "../platform/context.ts";
import { accessTokenOf } from "./session.server.ts";

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
}

const ANONYMOUS: Viewer = { role: "UNAUTHENTICATED", child: false };

/**
 * Who is asking in `realm`, from the session cookie. The cookie is signed by this server, so
 * the token in it is one the platform issued; its claims are read here to choose what to show
 * and where to route, while the platform verifies the token on every call that needs
 * authority. A token of another realm, an expired or unreadable one counts as no session.
 */
export async function viewerOf(
  request: Request,
  context: Pick<PlatformLoadContext, "session">,
  realm: string,
): Promise<Viewer> {
  const token = await accessTokenOf(request, context);
  if (!token) return ANONYMOUS;
  let claims: ReturnType<typeof decodeJwt>;
  try {
    claims = decodeJwt(token);
  } catch {
    return ANONYMOUS;
  }
  if (claims.rlm !== realm) return ANONYMOUS;
  // Until tokens can be refreshed, an expired one is no session (a guest checks in again).
  if (typeof claims.exp !== "number" || claims.exp * 1000 <= Date.now()) return ANONYMOUS;
  const roles = Array.isArray(claims.rol) ? claims.rol : [];
  const pro = claims.pro as { type?: unknown } | undefined;
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
  };
}
