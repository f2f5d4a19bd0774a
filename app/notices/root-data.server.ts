import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { takeFlashToast } from "../feedback/flash.server.ts";
import type { RealmRequest } from "../realm/request.server.ts";
import { loadNotices } from "./notices.server.ts";

/**
 * The root loader's answer with what every page shows around its content: the notices of the
 * request and the toast an action left for it (cleared as it is read).
 */
export async function withNotices<T extends object>(
  { request, context }: LoaderFunctionArgs,
  found: RealmRequest | null,
  base: T,
) {
  const [notices, flash] = await Promise.all([
    loadNotices(request, context, found),
    takeFlashToast(request, context),
  ]);
  return data(
    { ...base, notices, toast: flash.toast },
    flash.setCookie ? { headers: { "Set-Cookie": flash.setCookie } } : undefined,
  );
}
