import type { PlatformLoadContext } from "../platform/context.ts";
import { sessionStorage } from "../session/session.server.ts";

/** The realm's session cookie: read its tokens, write new ones (profile switch, new `par`). */
export async function realmSession(
  request: Request,
  context: Pick<PlatformLoadContext, "session">,
  basePath: string,
) {
  const storage = sessionStorage(context.session, basePath || "/");
  const session = await storage.getSession(request.headers.get("Cookie"));
  return {
    refreshToken: session.get("refreshToken"),
    /** The Set-Cookie header holding these tokens instead. */
    async replace(tokens: { accessToken: string; refreshToken?: string }): Promise<string> {
      session.set("accessToken", tokens.accessToken);
      if (tokens.refreshToken) session.set("refreshToken", tokens.refreshToken);
      return storage.commitSession(session);
    },
  };
}
