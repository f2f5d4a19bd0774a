import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { labelOfCode } from "../../contract/errors.ts";
import type { ItemRef, ListDetail } from "../../contract/generated/viewer-lists.ts";
import type { LabelKey } from "../../contract/labels.ts";
import { PlatformError } from "../api-client/client.ts";
import { VIA_SCRIPT } from "../account/form-protocol.ts";
import { readForm } from "../realm/form-body.server.ts";
import { realmPaths } from "../realm/links.ts";
import { hasAccount, viewerPlatform } from "../realm/viewer-platform.server.ts";
import { requireRealmRequest } from "../realm/request.server.ts";
import { realmRelativePath, routeHref } from "../realm/routes.ts";
import {
  ITEM_TYPES,
  movedOrder,
  type ListAnswer,
  type ListsPage,
  type ListsView,
  type ShownList,
} from "./view.ts";

const PRIVATE = { "Cache-Control": "private, no-store" };
const NAME_MAX = 60;

/**
 * A lists page (`/my-list`, `/favourites`, `/watchlists`): the acting profile's list or
 * watchlists with their items as cards, in the viewer's order. Visitors without an account
 * (signed out, or guests) are invited to sign in and come back here. A platform failure is the
 * page's own error state.
 */
export async function listsLoader(page: ListsPage, args: LoaderFunctionArgs) {
  const found = await requireRealmRequest(args);
  const url = new URL(args.request.url);
  const paths = realmPaths(found.basePath);
  if (!hasAccount(found.viewer)) {
    const from = `${realmRelativePath(found.basePath, url.pathname)}${url.search}`;
    const view: ListsView = {
      state: "signedOut",
      page,
      signIn: routeHref(found.basePath, { name: "login", query: { from } }),
    };
    return data(view, { headers: PRIVATE });
  }
  const client = viewerPlatform(args, found);
  let lists: ShownList[];
  try {
    const details: ListDetail[] =
      page === "watchlists"
        ? await Promise.all(
            (await client.call("viewerLists")).lists
              .filter((list) => list.kind === "WATCHLIST")
              .map((list) => client.call("viewerList", { params: { listId: list.id } })),
          )
        : [
            await client.call("viewerList", {
              params: { listId: page === "myList" ? "my-list" : "favourites" },
            }),
          ];
    lists = details.map((detail) => ({
      id: detail.list.id,
      kind: detail.list.kind,
      name: detail.list.name,
      items: detail.items.map((card) => ({ card, href: paths.card(card) })),
    }));
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    console.error(`lists: ${error.message}`);
    const view: ListsView = { state: "failed", page, retry: `${url.pathname}${url.search}` };
    return data(view, { status: 503, headers: PRIVATE });
  }
  const confirming = url.searchParams.get("delete");
  const view: ListsView = {
    state: "ready",
    page,
    lists,
    home: paths.home,
    here: url.pathname,
    confirmDelete: lists.some((l) => l.id === confirming) ? confirming : null,
  };
  return data(view, { headers: PRIVATE });
}

/** The label an action failure is shown with. */
function labelOf(error: unknown): LabelKey {
  return error instanceof PlatformError
    ? labelOfCode(error.code, "listActionFailed")
    : "listActionFailed";
}

function nameOf(form: FormData): string | null {
  const raw = form.get("name");
  const name = typeof raw === "string" ? raw.trim() : "";
  return name === "" || name.length > NAME_MAX ? null : name;
}

function itemOf(form: FormData): ItemRef | null {
  const type = form.get("type");
  const id = Number(form.get("id"));
  if (typeof type !== "string" || !ITEM_TYPES.has(type) || !Number.isSafeInteger(id) || id < 1) {
    return null;
  }
  return { type: type as ItemRef["type"], id };
}

/**
 * The lists pages' form posts: remove an item, move it up or down, and (on /watchlists)
 * create, rename and delete a watchlist. Each works as a plain form post (back to the page,
 * a refusal shown on it with what was typed kept) and from a fetcher (JSON; the page then
 * revalidates).
 */
export async function listsAction(args: ActionFunctionArgs) {
  const found = await requireRealmRequest(args);
  const form = await readForm(args.request);
  const byScript = form.get(VIA_SCRIPT) === "1";
  const url = new URL(args.request.url);
  const intent = String(form.get("intent") ?? "");
  const listId = String(form.get("listId") ?? "");
  const refuse = (answer: Omit<ListAnswer, "ok" | "intent" | "listId">, status = 400) =>
    data({ ok: false, intent, listId, ...answer } satisfies ListAnswer, {
      status,
      headers: PRIVATE,
    });
  if (!hasAccount(found.viewer)) return refuse({ error: "listsSignIn" }, 403);
  const client = viewerPlatform(args, found);
  try {
    switch (intent) {
      case "remove":
      case "move": {
        const item = itemOf(form);
        if (!item) return refuse({ error: "listActionFailed" });
        if (intent === "remove") {
          await client.call("removeListItem", {
            params: { listId, type: item.type, contentId: String(item.id) },
          });
        } else {
          const { items } = await client.call("viewerList", { params: { listId } });
          const order = movedOrder(items, item, form.get("direction") === "up" ? -1 : 1);
          if (order)
            await client.call("reorderList", { params: { listId }, body: { items: order } });
        }
        break;
      }
      case "create":
      case "rename": {
        const name = nameOf(form);
        const typed = String(form.get("name") ?? "").slice(0, 200);
        if (name === null)
          return refuse({ error: "watchlistNameInvalid", field: "name", value: typed });
        try {
          if (intent === "create") await client.call("createList", { body: { name } });
          else await client.call("renameList", { params: { listId }, body: { name } });
        } catch (error) {
          if (!(error instanceof PlatformError)) throw error;
          return refuse({ error: labelOf(error), field: "name", value: typed }, error.status);
        }
        break;
      }
      case "delete":
        await client.call("deleteList", { params: { listId } });
        break;
      default:
        return refuse({ error: "listActionFailed" });
    }
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    return refuse({ error: labelOf(error) }, error.status >= 500 ? 503 : error.status);
  }
  if (byScript) {
    return data({ ok: true, intent, listId } satisfies ListAnswer, { headers: PRIVATE });
  }
  // Back to the page itself (its own path: never a place the form names).
  throw redirect(url.pathname, { headers: PRIVATE });
}
