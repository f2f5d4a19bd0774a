import type { LoaderFunctionArgs } from "@remix-run/node";
import type { ItemRef, ViewerList } from "../../contract/generated/viewer-lists.ts";
import { PlatformError } from "../api-client/client.ts";
import { platformClient } from "../api-client/platform.server.ts";
import { jsonAnswer } from "../realm/json-answer.server.ts";
import { hasAccount } from "../realm/viewer-platform.server.ts";
import { requireRealmRequest } from "../realm/request.server.ts";
import { listFeaturesOf } from "./list-item.server.ts";
import { hasLists, parseRef, refKey } from "./refs.ts";

/** The most items one membership question may name (the platform's limit). */
export const MAX_REFS = 200;

/** What the page's cards learn in one request: which lists hold each, and the viewer's lists. */
export interface MembershipAnswer {
  memberships: Record<string, string[]>;
  lists: ViewerList[];
}

/** The distinct valid `ref`s of a query, at most MAX_REFS; null when any is not one. */
export function readRefs(url: URL): ItemRef[] | null {
  const seen = new Map<string, ItemRef>();
  for (const value of url.searchParams.getAll("ref")) {
    const ref = parseRef(value);
    if (!ref) return null;
    seen.set(refKey(ref), ref);
  }
  return seen.size <= MAX_REFS ? [...seen.values()] : null;
}

/**
 * `GET {realm}/list-membership?ref=TYPE:id&ref=…`: which of the signed-in viewer's lists hold
 * each item, asked of the platform with the session cookie's token in one call, with the
 * viewer's lists where the realm has watchlists (the menu names them). Visitors who are not
 * signed in, and guests, have no lists: an empty answer.
 */
export async function listMembershipLoader(args: LoaderFunctionArgs): Promise<Response> {
  const found = await requireRealmRequest(args);
  const refs = readRefs(new URL(args.request.url));
  if (!refs) return jsonAnswer({ error: "listItemNotValid" }, 400);
  const features = listFeaturesOf(found);
  const signedIn = hasAccount(found.viewer);
  const empty: MembershipAnswer = { memberships: {}, lists: [] };
  if (!signedIn || !hasLists(features)) return jsonAnswer(empty, 200);
  const client = platformClient(args.context, {
    realm: found.realm,
    locale: found.shell.locale,
    token: found.viewer.token,
  });
  try {
    const [membership, lists] = await Promise.all([
      refs.length > 0
        ? client.call("listMembership", { query: { ref: refs.map(refKey) } })
        : { memberships: {} },
      features.watchlists ? client.call("viewerLists") : { lists: [] },
    ]);
    const memberships: Record<string, string[]> = {};
    for (const [ref, ids] of Object.entries(membership.memberships)) memberships[ref] = ids ?? [];
    const answer: MembershipAnswer = { memberships, lists: lists.lists };
    return jsonAnswer(answer, 200);
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    if (error.status >= 500) console.error(`lists: ${error.message}`);
    return jsonAnswer({ error: "listChangeFailed" }, error.status >= 500 ? 502 : error.status);
  }
}
