import {
  data,
  redirect,
  redirectDocument,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from "@remix-run/node";
import type { RealmSettings } from "../../schemas/generated/realm-settings.ts";
import { flashToast } from "../feedback/flash.server.ts";
import { platformClient } from "../api-client/platform.server.ts";
import { requireRealmRequest, type RealmRequest } from "../realm/request.server.ts";
import { routeHref } from "../realm/routes.ts";
import { clearSession } from "./session-actions.server.ts";

const PRIVATE = { "Cache-Control": "private, no-store" };

function guestsAllowed({ shell }: Pick<RealmRequest, "shell">): boolean {
  return (shell.settings as RealmSettings).guestsAllowed === true;
}

/**
 * Whether there is a session to end: a signed-in viewer's, or a guest's when asked with
 * `force` or where guests are not allowed (otherwise a guest would just check in again).
 */
export function hasSessionToEnd(
  request: Request,
  found: Pick<RealmRequest, "shell" | "viewer">,
): boolean {
  switch (found.viewer.role) {
    case "UNAUTHENTICATED":
      return false;
    case "GUEST":
      return new URL(request.url).searchParams.has("force") || !guestsAllowed(found);
    default:
      return true;
  }
}

/**
 * `GET /logout` asks before signing out: a link or an image on another site must not end the
 * viewer's session. The page posts to itself. The one session ended by a visit is a guest's in
 * a realm that no longer has guests: the route guard sends such a guest here from every page,
 * the session opens nothing, and ending it is what the viewer needs to go on.
 */
export async function logoutLoader(args: LoaderFunctionArgs) {
  const found = await requireRealmRequest(args);
  const { basePath, viewer } = found;
  const home = basePath || "/";
  if (viewer.role === "GUEST" && !guestsAllowed(found)) return signOut(args, found);
  if (!hasSessionToEnd(args.request, found)) throw redirect(home);
  const force = new URL(args.request.url).searchParams.has("force");
  return data(
    {
      action: routeHref(basePath, { name: "logout", query: force ? { force: "" } : undefined }),
      home,
    },
    { headers: PRIVATE },
  );
}

/**
 * `POST /logout` (spec section 4): the platform ends the session, the cookie loses its tokens
 * and keeps why (shown once on the sign-in page); the cookie agreement and app-banner choice are
 * other cookies and stay. Another site cannot post here: the host refuses cross-site form posts
 * (server/http.ts), and the cookie is SameSite=Lax.
 */
export async function logoutAction(args: ActionFunctionArgs) {
  const found = await requireRealmRequest(args);
  if (!hasSessionToEnd(args.request, found)) throw redirect(found.basePath || "/");
  return signOut(args, found);
}

/**
 * Ends the viewer's session and sends the browser to `to` (default: the realm's root), in a
 * full page load. `to` is either a path of this site or a URL the platform checked.
 */
export async function signOut(
  { request, context }: LoaderFunctionArgs,
  { realm, basePath, viewer }: RealmRequest,
  to?: string,
): Promise<never> {
  const refreshToken = await clearSession(request, context, basePath, "loggedOut");
  if (refreshToken) {
    try {
      await platformClient(context, { realm, token: viewer.token }).post("/v2/logout", {
        refreshToken,
      });
    } catch (error) {
      // The cookie has lost its tokens either way; an unrevoked family expires on its own.
      console.warn(
        JSON.stringify({ level: "warn", msg: "logout not recorded", error: String(error) }),
      );
    }
  }
  throw redirectDocument(to ?? (basePath || "/"), {
    headers: {
      "Set-Cookie": await flashToast(request, context, {
        level: "info",
        label: "signedOut",
        duration: "LONG",
      }),
      ...PRIVATE,
    },
  });
}
