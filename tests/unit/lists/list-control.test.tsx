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
import {
  LIST_FORM_IDS,
  ListControl,
  ListForms,
  ListsContext,
} from "../../../app/ui/ListControl.tsx";
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

function setup(
  features: ListFeatures,
  {
    live = true,
    signedIn,
    held = {},
    fail = false,
  }: { live?: boolean; signedIn?: boolean; held?: Record<string, string[]>; fail?: boolean } = {},
) {
  const server = backend(held, fail);
  const store = createMembershipStore(server.transport);
  if (live) store.enable();
  const toasts: string[] = [];
  const view = listsView({
    features,
    basePath: "/realm/arena",
    returnTo: "/realm/arena/home",
    live,
    signedIn: signedIn ?? live,
    store,
    onChanged: (heldChange, add, list) => toasts.push(`${heldChange} ${add} ${list}`),
  });
  const wrap = (node: ReactNode) => (
    <ToastProvider flash={null}>
      <ListsContext.Provider value={view}>
        {node}
        <ListForms />
      </ListsContext.Provider>
    </ToastProvider>
  );
  return { server, store, toasts, wrap };
}

const field = (root: ParentNode, name: string) =>
  root.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.value;

/**
 * Presses the first control's button: whether the press was left to the browser (to post the
 * form). The document hears the click after React did, and stops the post itself.
 */
async function pressLeftToBrowser(mounted: Mounted): Promise<boolean> {
  let left = false;
  const hear = (event: Event) => {
    left = !event.defaultPrevented;
    event.preventDefault();
  };
  document.addEventListener("click", hear);
  try {
    await act(async () => mounted.container.querySelector<HTMLElement>(".list-toggle")!.click());
  } finally {
    document.removeEventListener("click", hear);
  }
  return left;
}

/** What a press of a control's button posts: its form's fields and its own name and value. */
function posted(dom: ParentNode, button: Element) {
  const form = dom.querySelector(`form[id="${button.getAttribute("form")}"]`)!;
  return {
    method: form.getAttribute("method"),
    action: form.getAttribute("action"),
    intent: field(form, "intent"),
    list: field(form, "list"),
    returnTo: field(form, "returnTo"),
    [button.getAttribute("name")!]: button.getAttribute("value"),
  };
}

describe("the list control as the server renders it", () => {
  it("on arena: a form adding to My List, named for it, described by the card's title", () => {
    const { wrap } = setup(ARENA, { live: false });
    const dom = serverDom(wrap(<Card card={VIDEO} href="/vod/200" locale="en" />));
    const button = dom.querySelector(".list-toggle")!;
    expect(button.getAttribute("type")).toBe("submit");
    expect(posted(dom, button)).toEqual({
      method: "post",
      action: "/realm/arena/list-item",
      intent: "add",
      list: "my-list",
      returnTo: "/realm/arena/home",
      ref: `VOD_VIDEO:${VIDEO.id}`,
    });
    expect(button.getAttribute("aria-label")).toBe("Add to My List");
    const describedBy = button.getAttribute("aria-describedby")!;
    expect(dom.querySelector(`[id="${describedBy}"]`)?.textContent).toBe(VIDEO.title);
    // The button is beside the link, never inside it.
    expect(dom.querySelector("a button, a form")).toBeNull();
    expect(dom.querySelector("a.card + .list-control button")).not.toBeNull();
    // The watchlist menu needs script and a signed-in viewer.
    expect(dom.querySelector(".list-more")).toBeNull();
  });

  it("on liga: adds to favourites", () => {
    const { wrap } = setup(LIGA, { live: false });
    const dom = serverDom(wrap(<Card card={VIDEO} href="/vod/200" locale="en" />));
    const button = dom.querySelector(".list-toggle")!;
    expect(posted(dom, button).list).toBe("favourites");
    expect(button.getAttribute("aria-label")).toBe("Add to favourites");
  });

  it("is not there in a realm without lists, for items no list holds, or without the app", () => {
    const { wrap } = setup(NONE, { live: false });
    const none = serverDom(wrap(<Card card={VIDEO} href="/v" locale="en" />));
    expect(none.querySelector(".list-control, form")).toBeNull();
    const arena = setup(ARENA, { live: false });
    expect(
      serverDom(arena.wrap(<Card card={SEASON} href="/s" locale="en" />)).querySelector(
        ".list-control",
      ),
    ).toBeNull();
    expect(
      serverDom(<Card card={VIDEO} href="/v" locale="en" />).querySelector(".list-control, form"),
    ).toBeNull();
  });

  it("near a title: a labelled button", () => {
    const { wrap } = setup(LIGA, { live: false });
    const dom = serverDom(wrap(<ListControl itemRef="LIVE_EVENT:3" variant="labelled" />));
    const button = dom.querySelector("button")!;
    expect(button.getAttribute("aria-label")).toBeNull();
    expect(button.textContent).toBe("Add to favourites");
    expect(posted(dom, button).ref).toBe("LIVE_EVENT:3");
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
    const buttons = mounted.container.querySelectorAll(".list-toggle");
    expect(buttons[1]!.getAttribute("form")).toBe(LIST_FORM_IDS.remove);
    expect(posted(mounted.container, buttons[1]!).intent).toBe("remove");
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
    expect(await pressLeftToBrowser(mounted)).toBe(true);
  });

  it("changes in place for a signed-in viewer who presses before the membership is asked for", async () => {
    // Between hydration and the provider going live (a transition) a press must not post the
    // page away: that reload would lose the focus and the toast.
    const { wrap, toasts } = setup(ARENA, { live: false, signedIn: true });
    mounted = await mount(wrap(<Card card={VIDEO} href="/a" locale="en" />));
    expect(await pressLeftToBrowser(mounted)).toBe(false);
    await flush();
    expect(toasts).toEqual(["true true my-list"]);
  });
});
