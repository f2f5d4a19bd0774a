import { useLocation } from "@remix-run/react";
import { startTransition, useEffect, useMemo, useState, type ReactNode } from "react";
import type { ViewerList } from "../../contract/generated/viewer-lists.ts";
import { VIA_SCRIPT } from "../account/form-protocol.ts";
import { useToast } from "../feedback/Toasts.tsx";
import { useT } from "../i18n/i18n.ts";
import { routeHref } from "../realm/routes.ts";
import { useRootData } from "../realm/use-root-data.ts";
import { changeLabel } from "../ui/list-labels.ts";
import { ListForms, ListsContext, type ListsView, type NamedList } from "../ui/ListControl.tsx";
import {
  createMembershipStore,
  type MembershipStore,
  type MembershipTransport,
} from "./membership-store.ts";
import { primaryList, type ListFeatures } from "./refs.ts";

/** Our resource routes, called with the viewer's cookie (the token never reaches the page). */
export function httpTransport(basePath: string): MembershipTransport {
  return {
    async fetchMembership(refs) {
      const query = new URLSearchParams(refs.map((ref) => ["ref", ref]));
      const response = await fetch(
        `${routeHref(basePath, { name: "listMembership" })}?${query.toString()}`,
        { credentials: "same-origin", headers: { Accept: "application/json" } },
      );
      if (!response.ok) throw new Error(`membership: ${response.status}`);
      return (await response.json()) as Awaited<ReturnType<MembershipTransport["fetchMembership"]>>;
    },
    async change({ intent, list, ref }) {
      const response = await fetch(routeHref(basePath, { name: "listItem" }), {
        method: "POST",
        credentials: "same-origin",
        headers: { Accept: "application/json" },
        body: new URLSearchParams({ intent, list, ref, [VIA_SCRIPT]: "1" }),
      });
      if (!response.ok) throw new Error(`list change: ${response.status}`);
    },
  };
}

const SIGNED_IN = new Set(["CUSTOMER", "ADMIN"]);

/**
 * The page's list membership for the add/remove-to-list controls: the realm's lists from the
 * route table's features, one membership request for the page's cards once it is interactive
 * (signed-in viewers only: pages stay the same for everyone, so the cache keeps serving them),
 * and a toast when a change fails and is undone.
 */
export function ListsProvider({ children }: { children: ReactNode }) {
  const root = useRootData();
  const location = useLocation();
  const toast = useToast();
  const t = useT();
  const basePath = root?.basePath ?? "";
  const features = root?.shell?.features;
  const signedIn = SIGNED_IN.has(root?.viewer?.role ?? "");
  const [store] = useState(() => createMembershipStore(httpTransport(basePath)));
  // Set in a transition: an urgent change of this context while the page's blocks are still
  // hydrating would make React throw their server HTML away and render them again (#421).
  const [live, setLive] = useState(false);
  useEffect(() => {
    startTransition(() => setLive(signedIn));
  }, [signedIn]);

  useEffect(() => {
    if (live) store.enable();
  }, [live, store]);

  const returnTo = `${location.pathname}${location.search}`;
  const view = useMemo(
    () =>
      features
        ? listsView({
            features,
            basePath,
            returnTo,
            live,
            signedIn,
            store,
            onChanged: (held, add, list) =>
              toast(
                held
                  ? { level: "success", message: t(changeLabel(add ? "add" : "remove", list)) }
                  : { level: "error", message: t("listChangeFailed") },
              ),
          })
        : null,
    [features, basePath, returnTo, live, signedIn, store, toast, t],
  );

  return (
    <ListsContext.Provider value={view}>
      {children}
      <ListForms />
    </ListsContext.Provider>
  );
}

/**
 * The control's view of the realm's lists and the page's membership store; `onChanged` hears
 * how each change ended (held, or undone).
 */
export function listsView({
  features,
  basePath,
  returnTo,
  live,
  signedIn,
  store,
  onChanged,
}: {
  features: ListFeatures;
  basePath: string;
  returnTo: string;
  live: boolean;
  signedIn: boolean;
  store: MembershipStore;
  onChanged(held: boolean, add: boolean, list: string): void;
}): ListsView {
  let seen: readonly ViewerList[] | null = null;
  let named: readonly NamedList[] = [];
  return {
    primary: primaryList(features),
    watchlists: features.watchlists,
    action: routeHref(basePath, { name: "listItem" }),
    returnTo,
    watchlistsHref: features.watchlists ? routeHref(basePath, { name: "watchlists" }) : null,
    live,
    signedIn,
    subscribe: store.subscribe,
    listsOf: store.listsOf,
    namedLists() {
      const lists = store.lists();
      if (lists !== seen) {
        seen = lists;
        named = lists
          .filter((list) => list.kind === "WATCHLIST")
          .map((list) => ({ id: list.id, name: list.name ?? "" }));
      }
      return named;
    },
    request: store.request,
    change(ref, list, add) {
      void store.change(ref, list, add).then((held) => onChanged(held, add, list));
    },
  };
}
