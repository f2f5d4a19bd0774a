import { createCache } from "../../contract/lru-cache.ts";
import { createCookie, type Cookie } from "@remix-run/node";
import type { PlatformLoadContext } from "../api-client/context.ts";
import type { NoticeChoices } from "./notices.ts";

type CookieContext = Pick<PlatformLoadContext, "session">;

const DAY_SECONDS = 24 * 60 * 60;
/** Consent is asked again after a year, as consent guidance generally expects. */
const CHOICES_MAX_AGE = 365 * DAY_SECONDS;
const DEVICE_MAX_AGE = 2 * 365 * DAY_SECONDS;
// One per cookie name and secret; the bound only guards against surprises.
const cookies = createCache<string, Cookie>({ max: 100 });

/** Signed, httpOnly, SameSite=Lax, Secure in production: like the session cookie. */
function cookie(name: string, maxAge: number, { session }: CookieContext): Cookie {
  const id = `${name}|${session.secure}|${session.secret}`;
  return cookies.getOrLoad(id, () =>
    createCookie(name, {
      httpOnly: true,
      sameSite: "lax",
      secure: session.secure,
      path: "/",
      maxAge,
      secrets: [session.secret],
    }),
  );
}

// One cookie per realm: each has its own policy and app, and realms may share a host.
const choicesCookie = (realm: string, context: CookieContext) =>
  cookie(`notices_${realm}`, CHOICES_MAX_AGE, context);

/** What the visitor chose about the realm's banners; nothing chosen without a valid cookie. */
export async function readChoices(
  request: Request,
  context: CookieContext,
  realm: string,
): Promise<NoticeChoices> {
  const value: unknown = await choicesCookie(realm, context).parse(request.headers.get("Cookie"));
  const saved =
    typeof value === "object" && value !== null ? (value as Partial<NoticeChoices>) : {};
  return {
    cookiePolicyAgreed: saved.cookiePolicyAgreed === true,
    smartBannerDismissed: saved.smartBannerDismissed === true,
  };
}

/** The Set-Cookie header that remembers `change` on top of what was chosen before. */
export async function rememberChoice(
  request: Request,
  context: CookieContext,
  realm: string,
  change: Partial<NoticeChoices>,
): Promise<string> {
  const choices = { ...(await readChoices(request, context, realm)), ...change };
  return choicesCookie(realm, context).serialize(choices);
}

/** The browser's device id cookie (read by promo notifications and playback only). */
export const DEVICE_COOKIE = "device_id";
const deviceCookie = (context: CookieContext) => cookie(DEVICE_COOKIE, DEVICE_MAX_AGE, context);
const DEVICE_ID = /^[0-9a-f-]{36}$/;

/**
 * The browser's stable device id (spec section 7 sends it as X-Device-Id): read from its
 * cookie, or made now, with the Set-Cookie header that keeps it.
 */
export async function deviceIdOf(
  request: Request,
  context: CookieContext,
): Promise<{ deviceId: string; setCookie?: string }> {
  const value: unknown = await deviceCookie(context).parse(request.headers.get("Cookie"));
  if (typeof value === "string" && DEVICE_ID.test(value)) return { deviceId: value };
  const deviceId = crypto.randomUUID();
  return { deviceId, setCookie: await deviceCookie(context).serialize(deviceId) };
}
