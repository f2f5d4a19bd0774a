import { createCache } from "../../contract/lru-cache.ts";
import { createCookieSessionStorage, type SessionStorage } from "@remix-run/node";
import en from "../../contract/locales/en.json";
import type { PlatformLoadContext } from "../api-client/context.ts";
import { defaultDuration, parseFlashToast, type FlashToast } from "./toast.ts";

type FlashContext = Pick<PlatformLoadContext, "session">;
type FlashData = { toast: FlashToast };

// One per secret; the bound only guards against surprises.
const storages = createCache<string, SessionStorage<Record<string, never>, FlashData>>({
  max: 100,
});

/** A browser-session cookie holding one toast until the next page reads it. */
function flashStorage({ session }: FlashContext) {
  const id = `${session.secure}|${session.secret}`;
  return storages.getOrLoad(id, () =>
    createCookieSessionStorage<Record<string, never>, FlashData>({
      cookie: {
        name: "__flash",
        httpOnly: true,
        sameSite: "lax",
        secure: session.secure,
        path: "/",
        secrets: [session.secret],
      },
    }),
  );
}

/**
 * The Set-Cookie header that leaves a toast for the next page the browser loads (after an
 * action's redirect, or the revalidation that follows a fetcher's action).
 */
export async function flashToast(
  request: Request,
  context: FlashContext,
  toast: Omit<FlashToast, "id" | "duration"> & Partial<Pick<FlashToast, "duration">>,
): Promise<string> {
  const storage = flashStorage(context);
  const session = await storage.getSession(request.headers.get("Cookie"));
  session.flash("toast", {
    id: crypto.randomUUID(),
    duration: toast.duration ?? defaultDuration(toast.level),
    level: toast.level,
    label: toast.label,
  });
  return storage.commitSession(session);
}

/** The toast left for this page, if any, and the Set-Cookie header that clears it. */
export async function takeFlashToast(
  request: Request,
  context: FlashContext,
): Promise<{ toast: FlashToast | null; setCookie?: string }> {
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes("__flash=")) return { toast: null };
  const storage = flashStorage(context);
  const session = await storage.getSession(cookie);
  if (!session.has("toast")) return { toast: null };
  const toast = parseFlashToast(session.get("toast"), en);
  return { toast, setCookie: await storage.destroySession(session) };
}
