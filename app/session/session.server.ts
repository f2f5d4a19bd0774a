import { createCache } from "../../contract/lru-cache.ts";
import { createCookieSessionStorage, type Session, type SessionStorage } from "@remix-run/node";
import type { PlatformLoadContext } from "../api-client/context.ts";

/** What the session cookie holds: the viewer's platform tokens, never shown to scripts. */
export interface SessionData {
  accessToken?: string;
  refreshToken?: string;
  /** While an admin acts as an account: whose, and the admin's own session to return to. */
  impersonation?: Impersonation;
  /** A partner's licence the viewer arrived with, claimed once they are signed in. */
  externalLicence?: { code: string; extraParams?: string };
  /**
   * A sign-in begun at the realm's external OpenID provider: what `/login/redirect` checks the
   * provider's answer against, and where the viewer was going. Single use.
   */
  externalSignIn?: ExternalSignInPending;
  /** An item a viewer asked to add to a list before signing in, added once they have. */
  pendingListAdd?: { list: string; ref: string; returnTo: string; at: number };
}

export interface ExternalSignInPending {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** The path inside the realm to go on to, already checked. */
  from: string;
  /** When it began (ms since the epoch): an answer after `EXTERNAL_SIGN_IN_TTL_MS` is refused. */
  at: number;
}

export interface Impersonation {
  /** The impersonated account's email, shown in the overlay. */
  email: string;
  /** The admin's session in this realm when impersonation began, restored when it ends. */
  admin?: { accessToken: string; refreshToken?: string };
}

/** Read once, then gone: why the last session ended (spec section 4, logout). */
export interface SessionFlash {
  /** Label key: `sessionExpired`, `loggedOut`... */
  logoutMessage: string;
  logoutRequestId: string;
}

export type ViewerSession = Session<SessionData, SessionFlash>;

export const SESSION_COOKIE = "__session";
const MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
// One per realm base path and secret, bounded like every cache.
const storages = createCache<string, SessionStorage<SessionData, SessionFlash>>({ max: 1_000 });

/**
 * The session storage for a server's secret: httpOnly, SameSite=Lax, signed, Secure in
 * production. `path` is the realm's base ("/realm/{name}" on a shared host), so sessions in
 * two realms of one host do not replace each other.
 */
export function sessionStorage(
  { secret, secure }: PlatformLoadContext["session"],
  path = "/",
): SessionStorage<SessionData, SessionFlash> {
  const id = `${secure}|${path}|${secret}`;
  return storages.getOrLoad(id, () =>
    createCookieSessionStorage<SessionData, SessionFlash>({
      cookie: {
        name: SESSION_COOKIE,
        httpOnly: true,
        sameSite: "lax",
        secure,
        path,
        maxAge: MAX_AGE_SECONDS,
        secrets: [secret],
      },
    }),
  );
}

/** The storage of a realm's session: its cookie path is the realm's base path. */
export const realmSessionStorage = (
  context: Pick<PlatformLoadContext, "session">,
  basePath: string,
) => sessionStorage(context.session, basePath || "/");
