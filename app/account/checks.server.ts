import { createCache } from "../../contract/lru-cache.ts";
import { createCookie, type Cookie } from "@remix-run/node";
import type { PlatformLoadContext } from "../api-client/context.ts";

/**
 * When this browser last found the signed-in account with nothing to ask (every required
 * consent answered, every required detail given), so pages do not ask the platform each time.
 * Kept per account id: signing in as someone else starts over.
 */
export interface AccountChecks {
  sub: string;
  consentAt?: number;
  detailsAt?: number;
}

/** The consent re-request interval (spec section 4): realms may add questions at any time. */
export const RECHECK_MS = 24 * 3600 * 1000;

// One per realm base path and secret, bounded like every cache.
const cookies = createCache<string, Cookie>({ max: 1_000 });

function checksCookie({ session }: Pick<PlatformLoadContext, "session">, path: string): Cookie {
  const id = `${session.secure}|${path}|${session.secret}`;
  return cookies.getOrLoad(id, () =>
    createCookie("__account_checks", {
      httpOnly: true,
      sameSite: "lax",
      secure: session.secure,
      path,
      maxAge: 30 * 24 * 3600,
      secrets: [session.secret],
    }),
  );
}

export async function readChecks(
  request: Request,
  context: Pick<PlatformLoadContext, "session">,
  path: string,
  sub: string,
): Promise<AccountChecks> {
  const value = (await checksCookie(context, path).parse(
    request.headers.get("Cookie"),
  )) as AccountChecks | null;
  return value?.sub === sub ? value : { sub };
}

export const isFresh = (at: number | undefined) => at !== undefined && Date.now() - at < RECHECK_MS;

export function writeChecks(
  context: Pick<PlatformLoadContext, "session">,
  path: string,
  checks: AccountChecks,
): Promise<string> {
  return checksCookie(context, path).serialize(checks);
}
