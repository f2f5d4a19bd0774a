import type { PlatformLoadContext } from "../api-client/context.ts";
import { requestSession } from "../session/request-session.server.ts";

/** The realm's session cookie: read its tokens, write new ones (profile switch, new `par`). */
export async function realmSession(
  request: Request,
  context: PlatformLoadContext,
  basePath: string,
) {
  const { session, save } = await requestSession(request, context, basePath);
  return {
    refreshToken: session.get("refreshToken"),
    /**
     * Puts these tokens in the session; the server sends the cookie with this answer. Returns
     * nothing to add to the answer's headers.
     */
    async replace(tokens: { accessToken: string; refreshToken?: string }): Promise<void> {
      session.set("accessToken", tokens.accessToken);
      if (tokens.refreshToken) session.set("refreshToken", tokens.refreshToken);
      await save();
    },
  };
}
