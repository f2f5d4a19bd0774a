import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { ItemRef, ListChange, ListId } from "../../contract/generated/viewer-lists.ts";
import { PlatformError } from "../api-client/client.ts";
import { platformClient } from "../api-client/platform.server.ts";
import { VIA_SCRIPT } from "../account/form-protocol.ts";
import { flashToast } from "../feedback/flash.server.ts";
import type { LabelKey } from "../feedback/toast.ts";
import { readForm } from "../realm/form-body.server.ts";
import { jsonAnswer } from "../realm/json-answer.server.ts";
import { requireRealmRequest, type RealmRequest } from "../realm/request.server.ts";
import {
  realmFeatures,
  realmRelativePath,
  routeHref,
  routeNamed,
  type RouteSettings,
} from "../realm/routes.ts";
import { safeRedirectPath } from "../realm/safe-redirect.ts";
import { requestSession } from "../session/request-session.server.ts";
import { changeLabel, type ListIntent } from "../ui/list-labels.ts";
import { parseListId, parseRef, refKey, type ListFeatures } from "./refs.ts";

/** A pending add older than this is forgotten rather than carried out. */
export const PENDING_ADD_TTL_MS = 30 * 60 * 1000;

const SIGNED_IN = new Set(["CUSTOMER", "ADMIN"]);

/** This route's path inside a realm: where sign-in comes back to for a pending add. */
const LIST_ITEM_PATH = `/${routeNamed("listItem").path}`;

/** What a list form asks, checked: every field valid for this realm, or the reason it is not. */
export type ListRequest =
  | { ok: true; intent: ListIntent; list: ListId; ref: ItemRef; returnTo: string }
  | { ok: false; returnTo: string };

/**
 * Where to go back to: a path on this site inside this realm (`basePath`), else the realm's
 * root. The target is resolved first (see `safeRedirectPath`), so no trick leaves the site.
 */
export function returnPath(value: unknown, basePath: string): string {
  const home = routeHref(basePath, { name: "root" });
  const path = safeRedirectPath(value, home).replace(/#.*$/, "");
  if (!basePath) return path;
  return path === basePath || path.startsWith(`${basePath}/`) || path.startsWith(`${basePath}?`)
    ? path
    : home;
}

/** Reads the fields of a list form (`intent`, `list`, `ref`, `returnTo`) for a realm. */
export function readListRequest(
  fields: { get(name: string): unknown },
  features: ListFeatures,
  basePath: string,
): ListRequest {
  const returnTo = returnPath(fields.get("returnTo"), basePath);
  const intent = fields.get("intent");
  const list = parseListId(fields.get("list"), features);
  const ref = parseRef(fields.get("ref"));
  if ((intent !== "add" && intent !== "remove") || !list || !ref) return { ok: false, returnTo };
  return { ok: true, intent, list, ref, returnTo };
}

/** The realm's list features from its settings. */
export function listFeaturesOf(found: Pick<RealmRequest, "shell">): ListFeatures {
  const features = realmFeatures(found.shell.settings as RouteSettings);
  return {
    myList: features.myList,
    noWatchlists: features.noWatchlists,
    watchlists: features.watchlists,
  };
}

/** Adds or removes the item with the viewer's session: the platform's answer, or its error code. */
async function changeList(
  args: ActionFunctionArgs | LoaderFunctionArgs,
  found: RealmRequest,
  { intent, list, ref }: { intent: ListIntent; list: ListId; ref: ItemRef },
): Promise<{ ok: true; change: ListChange } | { ok: false; code: string; status: number }> {
  const client = platformClient(args.context, {
    realm: found.realm,
    locale: found.shell.locale,
    token: found.viewer.token,
  });
  const params = { listId: list, type: ref.type, contentId: ref.id };
  try {
    const change = await client.call(intent === "add" ? "addListItem" : "removeListItem", {
      params,
    });
    return { ok: true, change };
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    if (error.status >= 500) console.error(`lists: ${error.message}`);
    return { ok: false, code: error.code, status: error.status };
  }
}

async function back(
  args: ActionFunctionArgs | LoaderFunctionArgs,
  to: string,
  toast: { level: "success" | "error"; label: LabelKey },
): Promise<Response> {
  const headers = new Headers({ "Cache-Control": "no-store" });
  headers.append("Set-Cookie", await flashToast(args.request, args.context, toast));
  return redirect(to, { headers });
}

/**
 * `POST {realm}/list-item` with `intent` (add, remove), `list` (my-list, favourites or a
 * watchlist's number), `ref` (`TYPE:id`) and `returnTo`: adds or removes the item with the
 * viewer's session. A plain form post goes back to `returnTo` with a toast; a script's
 * (`viaScript=1`) gets JSON. A visitor who is not signed in (or a guest) who adds is sent to
 * sign-in, the add kept in the session cookie and carried out when they are back.
 */
export async function listItemAction(args: ActionFunctionArgs): Promise<Response> {
  if (args.request.method !== "POST") return jsonAnswer({ ok: false }, 405);
  const found = await requireRealmRequest(args);
  const form = await readForm(args.request);
  const byScript = form.get(VIA_SCRIPT) === "1";
  const asked = readListRequest(form, listFeaturesOf(found), found.basePath);
  if (!asked.ok) {
    return byScript
      ? jsonAnswer({ ok: false, error: "listItemNotValid" }, 400)
      : back(args, asked.returnTo, { level: "error", label: "listItemNotValid" });
  }
  if (!SIGNED_IN.has(found.viewer.role)) {
    const from = LIST_ITEM_PATH;
    if (asked.intent === "add") {
      const { session, save } = await requestSession(args.request, args.context, found.basePath);
      session.set("pendingListAdd", {
        list: asked.list,
        ref: refKey(asked.ref),
        returnTo: asked.returnTo,
        at: Date.now(),
      });
      await save();
    }
    const signIn = routeHref(found.basePath, {
      name: "login",
      query: {
        from: asked.intent === "add" ? from : realmRelativePath(found.basePath, asked.returnTo),
      },
    });
    return byScript
      ? jsonAnswer({ ok: false, signIn }, 401)
      : redirect(signIn, { headers: { "Cache-Control": "no-store" } });
  }
  const result = await changeList(args, found, asked);
  if (!result.ok) {
    return byScript
      ? jsonAnswer(
          { ok: false, error: "listChangeFailed", code: result.code },
          result.status >= 500 ? 502 : result.status,
        )
      : back(args, asked.returnTo, { level: "error", label: "listChangeFailed" });
  }
  const inList = asked.intent === "add";
  return byScript
    ? jsonAnswer({ ok: true, inList, list: result.change.list }, 200)
    : back(args, asked.returnTo, {
        level: "success",
        label: changeLabel(asked.intent, asked.list),
      });
}

/**
 * `GET {realm}/list-item`, where sign-in returns to: the add asked before signing in is carried
 * out (checked again: a known list of this realm, a valid item, a path of this realm to go
 * back to), then the viewer goes back where they were with a toast saying so.
 */
export async function listItemLoader(args: LoaderFunctionArgs): Promise<Response> {
  const found = await requireRealmRequest(args);
  const home = routeHref(found.basePath, { name: "root" });
  const { session, save } = await requestSession(args.request, args.context, found.basePath);
  const pending = session.get("pendingListAdd");
  if (!pending) return redirect(home, { headers: { "Cache-Control": "no-store" } });
  if (!SIGNED_IN.has(found.viewer.role)) {
    return redirect(
      routeHref(found.basePath, {
        name: "login",
        query: { from: LIST_ITEM_PATH },
      }),
      { headers: { "Cache-Control": "no-store" } },
    );
  }
  session.unset("pendingListAdd");
  await save();
  const fresh = typeof pending.at === "number" && Date.now() - pending.at < PENDING_ADD_TTL_MS;
  const asked = readListRequest(
    new Map<string, unknown>([
      ["intent", "add"],
      ["list", pending.list],
      ["ref", pending.ref],
      ["returnTo", pending.returnTo],
    ]),
    listFeaturesOf(found),
    found.basePath,
  );
  if (!asked.ok || !fresh) {
    return back(args, asked.returnTo, { level: "error", label: "listItemNotValid" });
  }
  const result = await changeList(args, found, asked);
  return result.ok
    ? back(args, asked.returnTo, { level: "success", label: changeLabel("add", asked.list) })
    : back(args, asked.returnTo, { level: "error", label: "listChangeFailed" });
}
