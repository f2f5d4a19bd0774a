import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import type { RealmSettings } from "../../schemas/generated/realm-settings.ts";
import { flashToast } from "../feedback/flash.server.ts";
import { platformClient } from "../platform/platform.server.ts";
import { requireRealmRequest } from "../realm/request.server.ts";
import { clearSession } from "./session-actions.server.ts";

/**
 * Sign-out (spec section 4): the platform ends the session, the cookie loses its tokens and
 * keeps why (shown once on the sign-in page); the cookie agreement and app-banner choice are
 * other cookies and stay. A guest is only signed out where guests are not allowed (the guard
 * sends them here) or when asked with `force`: otherwise a guest would just check in again.
 */
export async function logout(args: LoaderFunctionArgs) {
  const { request, context } = args;
  const { realm, basePath, shell, viewer } = await requireRealmRequest(args);
  const home = basePath || "/";
  const forced =
    new URL(request.url).searchParams.has("force") ||
    (shell.settings as RealmSettings).guestsAllowed !== true;
  if (viewer.role === "UNAUTHENTICATED" || (viewer.role === "GUEST" && !forced)) {
    throw redirect(home);
  }
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
  throw redirect(home, {
    headers: {
      "Set-Cookie": await flashToast(request, context, {
        level: "info",
        label: "signedOut",
        duration: "LONG",
      }),
      "Cache-Control": "private, no-store",
    },
  });
}
