import type { PlatformLoadContext } from "../api-client/context.ts";
import { realmSessionStorage, type ViewerSession } from "./session.server.ts";

interface RequestSession {
  session: ViewerSession;
  save(): Promise<void>;
}

const sessions = new WeakMap<object, Promise<RequestSession>>();

/**
 * The viewer's session for this request, one object however many loaders and actions touch it:
 * a refresh, a sign-in and a profile switch in one request all land in the same cookie, and the
 * last Set-Cookie (which the server adds from `context.sessionCookie`) holds all of them.
 */
export function requestSession(
  request: Request,
  context: PlatformLoadContext,
  basePath: string,
): Promise<RequestSession> {
  let pending = sessions.get(context);
  if (!pending) {
    pending = (async () => {
      const storage = realmSessionStorage(context, basePath);
      const session = await storage.getSession(request.headers.get("Cookie"));
      return {
        session,
        async save() {
          context.sessionCookie = await storage.commitSession(session);
        },
      };
    })();
    sessions.set(context, pending);
  }
  return pending;
}
