import type { RealmLookup } from "../../contract/generated/realm-lookup.ts";
import { PlatformError } from "../api-client/client.ts";
import type { PlatformLoadContext } from "../api-client/context.ts";
import { platformClient } from "../api-client/platform.server.ts";

export interface SessionTokens {
  authorisationToken: string;
  refreshToken: string;
}

/** Refreshes under way in this process, by refresh token. */
const inFlight = new Map<string, Promise<SessionTokens>>();

/**
 * Exchanges a refresh token once, however many loaders and requests of this process ask at the
 * same time: they all wait for the one answer (spec section 7, "concurrent refreshes share one
 * request"). Web servers apart from this one are covered by the platform's grace period.
 */
export function refreshOnce(
  context: PlatformLoadContext,
  realm: RealmLookup,
  refreshToken: string,
): Promise<SessionTokens> {
  const key = `${context.platformBaseUrl}|${realm.realm}|${refreshToken}`;
  let pending = inFlight.get(key);
  if (!pending) {
    pending = platformClient(context, { realm })
      .call("refreshToken", { body: { refreshToken } })
      .finally(() => {
        // Kept a moment longer: a request that read the old cookie just after the answer
        // still gets the new pair instead of spending the used token again.
        setTimeout(() => inFlight.delete(key), 5_000).unref?.();
      });
    inFlight.set(key, pending);
  }
  return pending;
}

/** A refusal that means the session is over (as opposed to the platform being unreachable). */
export const sessionIsOver = (error: unknown) =>
  error instanceof PlatformError && error.status === 401;
