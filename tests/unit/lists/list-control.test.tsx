// @vitest-environment happy-dom
import { act, type ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { ToastProvider } from "../../../app/feedback/Toasts.tsx";
import { listsView } from "../../../app/lists/ListsProvider.tsx";
import {
  createMembershipStore,
  type MembershipTransport,
} from "../../../app/lists/membership-store.ts";
import type { ListFeatures } from "../../../app/lists/refs.ts";
import { Card } from "../../../app/ui/Card.tsx";
import { ListControl, ListsContext } from "../../../app/ui/ListControl.tsx";
import type { Card as CardData } from "../../../contract/generated/card.ts";
import { flush, mount, serverDom, VIDEOS, type Mounted } from "../blocks/fixtures.tsx";

const ARENA: ListFeatures = { myList: true, noWatchlists: false, watchlists: true };
const LIGA: ListFeatures = { myList: false, noWatchlists: true, watchlists: false };
const NONE: ListFeatures = { myList: false, noWatchlists: false, watchlists: false };
const VIDEO = VIDEOS[0]!;
const SEASON: CardData = { ...VIDEO, id: 501, type: "VOD_SEASON" };

/** A server in memory behind the store; `fail` refuses every change. */
function backend(held: Record<string, string[]> = {}, fail = false) {
  const asked: string[][] = [];
  const transport: MembershipTransport = {
    async fetchMembership(refs) {
      asked.push(refs);
      return {
        memberships: Object.fromEntries(refs.map((ref) => [ref, held[ref] ?? []])),
        lists: [
          { id: "my-list", kind: "MY_LIST", name: null, itemCount: 0 },
          { id: "12", kind: "WATCHLIST", name: "Fight night", itemCount: 0 },
        ],
      };
    },
    async change() {
      if (fail) throw new Error("refused");
    },
  };
  return { transport, asked };
}

function setup(features: ListFeatures, { live = true, held = {}, fail = false } = {}) {
  const server = backend(held, fail);
  const store = createMembershipStore(server.transport);
  if (live) store.enable();
  const toasts: string[] = [];
  const view = listsView({
    features,
    basePath: "/realm/arena",
    returnTo: "/realm/arena/home",
    live,
    store,
    onChanged: (heldChange, add, list) => toasts.push(`${heldChange} ${add} ${list}`),
  });
  const wrap = (node: ReactNode) => (
    <ToastProvider flash={null}>
      <ListsContext.Provider value={view}>{node}</ListsContext.Provider>
    </ToastProvider>
  );
  return { server, store, toasts, wrap };
}

const field = (root: ParentNode, name: string) =>
  root.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.value;

describe("the list control as the server renders it", () => {
  it("on arena: a form adding to My List, named for it, described by the card's title", () => {
    const { wrap } = setup(ARENA, { live: false });
    const dom = serverDom(wrap(<Card card={VIDEO} href="/vod/200" locale="en" />));
    const form = dom.querySelector("form")!;
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe("/realm/arena/list-item");
    expect(field(form, "intent")).toBe("add");
    expect(field(form, "list")).toBe("my-list");
    expect(field(form, "ref")).toBe(`VOD_VIDEO:${VIDEO.id}`);
    expect(field(form, "returnTo")).toBe("/realm/arena/home");
    const button = form.querySelector("button")!;
    expect(button.getAttribute("type")).toBe("submit");
    expect(button.getAttribute("aria-label")).toBe("Add to My List");
    const describedBy = button.getAttribute("aria-describedby")!;
    expect(dom.querySelector(`[id="${describedBy}"]`)?.textContent).toBe(VIDEO.title);
    // The button is beside the link, never inside it.
    expect(dom.querySelector("a button, a form")).toBeNull();
    expect(dom.querySelector("a.card + .list-control form")).not.toBeNull();
    // The watchlist menu needs script and a signed-in viewer.
    expect(dom.querySelector(".list-more")).toBeNull();
  });

  it("on liga: adds to favourites", () => {
    const { wrap } = setup(LIGA, { live: false });
    const dom = serverDom(wrap(<Card card={VIDEO} href="/vod/200" locale="en" />));
    expect(field(dom, "list")).toBe("favourites");
    expect(dom.querySelector("button")?.getAttribute("aria-label")).toBe("Add to favourites");
  });

  it("is not there in a realm without lists, for items no list holds, or without the app", () => {
    const { wrap } = setup(NONE, { live: false });
    expect(
      serverDom(wrap(<Card card={VIDEO} href="/v" locale="en" />)).querySelector("form"),
    ).toBeNull();
    const arena = setup(ARENA, { live: false });
    expect(
      serverDom(arena.wrap(<Card card={SEASON} href="/s" locale="en" />)).querySelector("form"),
    ).toBeNull();
    expect(serverDom(<Card card={VIDEO} href="/v" locale="en" />).querySelector("form")).toBeNull();
  });

  it("near a title: a labelled button", () => {
    const { wrap } = setup(LIGA, { live: false });
    const dom = serverDom(wrap(<ListControl itemRef="LIVE_EVENT:3" variant="labelled" />));
    const button = dom.querySelector("button")!;
    expect(button.getAttribute("aria-label")).toBeNull();
    expect(button.textContent).toBe("Add to favourites");
    expect(field(dom, "ref")).toBe("LIVE_EVENT:3");
  });
});

describe("the list control in the browser", () => {
  let mounted: Mounted | undefined;
  afterEach(() => mounted?.unmount());

  it("shows what the batched membership says, for every card at once", async () => {
    const second = VIDEOS[1]!;
    const { wrap, server } = setup(ARENA, { held: { [`VOD_VIDEO:${second.id}`]: ["my-list"] } });
    mounted = await mount(
      wrap(
        <>
          <Card card={VIDEO} href="/a" locale="en" />
          <Card card={second} href="/b" locale="en" />
        </>,
      ),
    );
    await flush();
    await flush();
    expect(server.asked).toEqual([[`VOD_VIDEO:${VIDEO.id}`, `VOD_VIDEO:${second.id}`]]);
    const labels = [...mounted.container.querySelectorAll(".list-toggle")].map((b) =>
      b.getAttribute("aria-label"),
    );
    expect(labels).toEqual(["Add to My List", "Remove from My List"]);
    expect(
      mounted.container
        .querySelectorAll("form")[1]!
        .querySelector<HTMLInputElement>('input[name="intent"]')!.value,
    ).toBe("remove");
    // Arena has watchlists: a menu button beside the toggle.
    expect(mounted.container.querySelector(".list-more")?.getAttribute("aria-label")).toBe(
      "Add to watchlist…",
    );
  });

  it("flips at once, keeps focus, and says so when it held", async () => {
    const { wrap, toasts } = setup(ARENA);
    mounted = await mount(wrap(<Card card={VIDEO} href="/a" locale="en" />));
    await flush();
    const button = mounted.container.querySelector<HTMLButtonElement>(".list-toggle")!;
    button.focus();
    await act(async () => button.click());
    expect(button.getAttribute("aria-label")).toBe("Remove from My List");
    expect(document.activeElement).toBe(button);
    await flush();
    expect(toasts).toEqual(["true true my-list"]);
    expect(button.getAttribute("aria-label")).toBe("Remove from My List");
  });

  it("flips back when the change fails", async () => {
    const { wrap, toasts } = setup(LIGA, { fail: true });
    mounted = await mount(wrap(<Card card={VIDEO} href="/a" locale="en" />));
    await flush();
    const button = mounted.container.querySelector<HTMLButtonElement>(".list-toggle")!;
    await act(async () => button.click());
    await flush();
    expect(toasts).toEqual(["false true favourites"]);
    expect(button.getAttribute("aria-label")).toBe("Add to favourites");
  });

  it("leaves the form to post for a viewer who is not signed in", async () => {
    const { wrap, server } = setup(ARENA, { live: false });
    mounted = await mount(wrap(<Card card={VIDEO} href="/a" locale="en" />));
    await flush();
    expect(server.asked).toEqual([]);
    const form = mounted.container.querySelector("form")!;
    const event = new Event("submit", { bubbles: true, cancelable: true });
    await act(async () => form.dispatchEvent(event));
    expect(event.defaultPrevented).toBe(false);
  });
});
