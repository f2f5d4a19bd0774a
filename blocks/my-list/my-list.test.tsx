// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import type { BlockOf } from "../types.ts";
import {
  context,
  event,
  markup,
  MemoryContent,
  MemoryViewer,
  serverDom,
  video,
} from "../../tests/unit/blocks/fixtures.tsx";
import type { ViewerListCards } from "../types.ts";
import { definition, type MyListData } from "./index.tsx";

type MyListBlock = BlockOf<"myList">;

const config = (extra: Partial<MyListBlock> = {}): MyListBlock => ({
  id: "my-list",
  type: "myList",
  ...extra,
});

const LIST: ViewerListCards = {
  kind: "MY_LIST",
  items: [
    video(501, "Saved main card", 1200),
    event(601, "Next fight night", 48),
    video(502, "Saved prelims", 900),
  ],
};

const resolve = (viewer?: MemoryViewer, extra: Partial<MyListBlock> = {}) =>
  definition.resolve(config(extra), context(new MemoryContent(), viewer));

const View = (props: { cfg?: MyListBlock; data: MyListData }) => (
  <definition.Component config={props.cfg ?? config()} data={props.data} />
);

describe("my list block resolve", () => {
  it("is declared per viewer, so one viewer's list never reaches another's page", () => {
    expect(definition.perViewer).toBe(true);
  });

  it("has nobody's list for a guest or a signed-out viewer", async () => {
    expect(await resolve()).toEqual({ signedIn: false });
  });

  it("reads the viewer's list, at most itemsPerPage items, in its order", async () => {
    const viewer = new MemoryViewer([], LIST);
    const data = await resolve(viewer, { itemsPerPage: 2 });
    expect(viewer.limits).toEqual([2]);
    expect(data).toEqual({
      signedIn: true,
      list: { kind: "MY_LIST", items: LIST.items.slice(0, 2) },
    });
    expect(JSON.parse(JSON.stringify(data))).toEqual(data);
  });
});

describe("my list block rendering", () => {
  it("is a row of the cards, headed 'My list', with a link to the whole list", async () => {
    const dom = serverDom(<View data={await resolve(new MemoryViewer([], LIST))} />);
    expect(dom.querySelector("h2")!.textContent).toBe("My list");
    expect([...dom.querySelectorAll("a.card")].map((a) => a.getAttribute("href"))).toEqual([
      "/realm/arena/vod/501",
      "/realm/arena/live/601",
      "/realm/arena/vod/502",
    ]);
    expect(dom.querySelector("a.see-all")!.getAttribute("href")).toBe("/realm/arena/my-list");
  });

  it("is headed 'Favourites' and links there in realms with favourites", async () => {
    const favourites = new MemoryViewer([], { kind: "FAVOURITES", items: LIST.items });
    const dom = serverDom(<View data={await resolve(favourites)} />);
    expect(dom.querySelector("h2")!.textContent).toBe("Favourites");
    expect(dom.querySelector("a.see-all")!.getAttribute("href")).toBe("/realm/arena/favourites");
    expect(markup(<View data={await resolve(favourites)} />, undefined, "pt")).toContain(
      "Favoritos",
    );
  });

  it("tells a viewer with an empty list how to fill it", async () => {
    const dom = serverDom(<View data={await resolve(new MemoryViewer())} />);
    expect(dom.querySelector("h2")!.textContent).toBe("My list");
    expect(dom.textContent).toContain("Your list is empty.");
    expect(dom.querySelector("a.card")).toBeNull();
  });

  it("invites guests to sign in and come back", async () => {
    const dom = serverDom(
      <View cfg={config({ title: "Saved for later" })} data={await resolve()} />,
    );
    expect(dom.querySelector("h2")!.textContent).toBe("Saved for later");
    const link = dom.querySelector("a.button")!;
    expect(link.textContent).toBe("Sign in");
    expect(link.getAttribute("href")).toBe("/realm/arena/login?from=%2Fhome");
  });

  it("shows nothing in a realm with neither my list nor favourites", () => {
    expect(markup(<View data={{ signedIn: true, list: null }} />)).toBe("");
  });
});
