import { decodeJwt } from "jose";
import type { PlatformLoadContext } from "../api-client/context.ts";
import { DEVICE_COOKIE } from "../notices/cookies.server.ts";
import { SESSION_COOKIE, sessionStorage } from "./session.server.ts";
import { REFRESH_AHEAD_MS } from "./viewer.server.ts";

/**
 * Session data a shared answer may ignore: a guest's tokens. Anything else (a flash message, an
 * item waiting to be added after sign-in, an impersonation) makes the answer this viewer's own.
 */
const SHAREABLE_DATA = new Set(["accessToken", "refreshToken"]);

/**
 * Cookies of ours that no shareable page reads, left out of the key: the device id is read by
 * the promo notification and playback answers only, which are never shared, and every guest
 * who has watched or been offered a promo holds a different one.
 */
const NOT_READ_BY_PAGES = [DEVICE_COOKIE];

/**
 * A token this close to expiry is left out: the render would refresh it, and the new cookie
 * belongs to one browser. The margin covers a shared answer's lifetime (server/page-cache.ts).
 */
const EXPIRY_MARGIN_MS = REFRESH_AHEAD_MS + 30_000;

/**
 * What a request's cookies tell a shared cache about the page it gets, when that is the same
 * for every viewer like it: a checked-in guest of a realm, with the request's other cookies
 * (consent, language, notices) as they are. Undefined when the answer may be this viewer's own:
 * no session, a signed-in account, a session holding anything but a guest's tokens, a token due
 * for a refresh, a cookie that does not verify, or more than one session cookie. Cookies no
 * shareable page reads (`NOT_READ_BY_PAGES`) are left out; any other cookie, ours or not, is
 * part of the key, so a cookie that changes a page can never be missed.
 *
 * The cookie's signature is checked on every request; nothing about a session is kept.
 * See docs/decisions/019-pages-shared-by-guests.md.
 */
export async function sharedViewerKey(
  cookieHeader: string | null,
  settings: PlatformLoadContext["session"],
  now = Date.now(),
): Promise<string | undefined> {
  if (!cookieHeader) return undefined;
  const cookies = cookieHeader
    .split(";")
    .map((part) => part.trim())
    .filter(Boolean);
  const sessions = cookies.filter((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (sessions.length !== 1) return undefined;
  const session = await sessionStorage(settings).getSession(sessions[0]);
  if (Object.keys(session.data).some((key) => !SHAREABLE_DATA.has(key))) return undefined;
  const token = session.get("accessToken");
  if (!token) return undefined;
  let claims: ReturnType<typeof decodeJwt>;
  try {
    claims = decodeJwt(token);
  } catch {
    return undefined;
  }
  if (claims.gue !== true || typeof claims.rlm !== "string") return undefined;
  if (typeof claims.exp !== "number" || claims.exp * 1000 - EXPIRY_MARGIN_MS <= now) {
    return undefined;
  }
  const others = cookies
    .filter((c) => ![SESSION_COOKIE, ...NOT_READ_BY_PAGES].includes(c.split("=", 1)[0]!))
    .sort();
  return [`guest:${claims.rlm}`, ...others].join("; ");
}
