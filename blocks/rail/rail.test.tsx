// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { definition } from "./index.tsx";
import { nextRovingIndex, scrollEdges } from "../../app/ui/roving.ts";
import type { BlockOf } from "../types.ts";
import type { CardPage } from "../../app/ui/card-view.ts";
import {
  click,
  context,
  markup,
  MemoryContent,
  mount,
  press,
  serverDom,
  type Mounted,
} from "../../tests/unit/blocks/fixtures.tsx";

type RailBlock = BlockOf<"rail">;

const config = (extra: Partial<RailBlock> = {}): RailBlock => ({
  id: "latest",
  type: "rail",
  title: "Latest knockouts",
  source: { kind: "videos" },
  ...extra,
});

const View = ({ cfg, data }: { cfg: RailBlock; data: CardPage }) => (
  <definition.Component config={cfg} data={data} />
);

describe("rail resolve", () => {
  it("loads the first page of its source, 12 by default or itemsPerPage", async () => {
    const content = new MemoryContent();
    const data = await definition.resolve(config(), context(content));
    expect(content.calls[0]!.args).toEqual([{ kind: "videos" }, { page: 1, rpp: 12 }]);
    expect(data.hits).toHaveLength(12);
    expect(data.totalHits).toBe(30);
    const five = await definition.resolve(config({ itemsPerPage: 5 }), context(content));
    expect(five.hits).toHaveLength(5);
  });
});

describe("rail rendering", () => {
  it("is a section titled by its h2, with a horizontal list of card links", async () => {
    const cfg = config();
    const dom = serverDom(<View cfg={cfg} data={await definition.resolve(cfg, context())} />);
    const section = dom.querySelector("section")!;
    const heading = section.querySelector("h2")!;
    expect(heading.textContent).toBe("Latest knockouts");
    expect(section.getAttribute("aria-labelledby")).toBe(heading.id);
    const links = section.querySelectorAll("ul.rail-list > li > a.card");
    expect(links).toHaveLength(12);
    expect(links[0]!.getAttribute("href")).toBe("/realm/arena/vod/200");
    // Without script every card stays reachable with Tab.
    expect([...links].some((link) => link.hasAttribute("tabindex"))).toBe(false);
  });

  it("has named scroll buttons; the previous one starts disabled", async () => {
    const cfg = config();
    const dom = serverDom(<View cfg={cfg} data={await definition.resolve(cfg, context())} />);
    const previous = dom.querySelector<HTMLButtonElement>('button[aria-label="Previous items"]')!;
    const next = dom.querySelector<HTMLButtonElement>('button[aria-label="Next items"]')!;
    expect(previous.disabled).toBe(true);
    expect(next.disabled).toBe(false);
  });

  it("links to the grid page when seeAll is set", async () => {
    const cfg = config({ seeAll: "all-knockouts" });
    const dom = serverDom(<View cfg={cfg} data={await definition.resolve(cfg, context())} />);
    const seeAll = dom.querySelector("a.see-all")!;
    expect(seeAll.getAttribute("href")).toBe("/realm/arena/grid/all-knockouts");
    expect(seeAll.textContent).toBe("See all");
    expect(seeAll.getAttribute("aria-label")).toBe("See all: Latest knockouts");
    const without = serverDom(
      <View cfg={config()} data={await definition.resolve(config(), context())} />,
    );
    expect(without.querySelector("a.see-all")).toBeNull();
  });

  it("renders nothing for an empty result", async () => {
    const cfg = config({ source: { kind: "news" } });
    const data = await definition.resolve(cfg, context());
    expect(data.hits).toHaveLength(0);
    expect(markup(<View cfg={cfg} data={data} />)).toBe("");
  });

  it("uses portrait cards when asked", async () => {
    const cfg = config({ cardShape: "portrait" });
    const dom = serverDom(<View cfg={cfg} data={await definition.resolve(cfg, context())} />);
    expect(dom.querySelector(".card")!.classList.contains("card-portrait")).toBe(true);
  });
});

describe("rail keyboard and buttons", () => {
  let mounted: Mounted | undefined;
  afterEach(() => {
    mounted?.unmount();
    mounted = undefined;
    vi.restoreAllMocks();
  });

  it("moves focus between cards with Left, Right, Home and End (one tab stop)", async () => {
    const cfg = config({ itemsPerPage: 5 });
    mounted = await mount(<View cfg={cfg} data={await definition.resolve(cfg, context())} />);
    const links = [...mounted.container.querySelectorAll<HTMLAnchorElement>("a.card")];
    const tabStops = () => links.map((link) => link.tabIndex);
    expect(tabStops()).toEqual([0, -1, -1, -1, -1]);

    links[0]!.focus();
    await press(links[0], "ArrowRight");
    expect(document.activeElement).toBe(links[1]);
    expect(tabStops()).toEqual([-1, 0, -1, -1, -1]);
    await press(links[1], "End");
    expect(document.activeElement).toBe(links[4]);
    await press(links[4], "ArrowRight");
    expect(document.activeElement).toBe(links[4]);
    await press(links[4], "ArrowLeft");
    expect(document.activeElement).toBe(links[3]);
    await press(links[3], "Home");
    expect(document.activeElement).toBe(links[0]);
    await press(links[0], "ArrowLeft");
    expect(document.activeElement).toBe(links[0]);
    expect(tabStops()).toEqual([0, -1, -1, -1, -1]);
  });

  it("scrolls the list by its visible width", async () => {
    const cfg = config();
    mounted = await mount(<View cfg={cfg} data={await definition.resolve(cfg, context())} />);
    const list = mounted.container.querySelector<HTMLUListElement>("ul.rail-list")!;
    Object.defineProperty(list, "clientWidth", { value: 900, configurable: true });
    const scrollBy = vi.fn();
    list.scrollBy = scrollBy as typeof list.scrollBy;
    await click(mounted.container.querySelector('button[aria-label="Next items"]'));
    expect(scrollBy).toHaveBeenCalledWith(expect.objectContaining({ left: 900 }));
  });

  it("knows where the list stands between its ends", () => {
    expect(scrollEdges({ scrollLeft: 0, clientWidth: 900, scrollWidth: 2000 })).toEqual({
      atStart: true,
      atEnd: false,
    });
    expect(scrollEdges({ scrollLeft: 500, clientWidth: 900, scrollWidth: 2000 })).toEqual({
      atStart: false,
      atEnd: false,
    });
    expect(scrollEdges({ scrollLeft: 1100, clientWidth: 900, scrollWidth: 2000 })).toEqual({
      atStart: false,
      atEnd: true,
    });
    expect(nextRovingIndex("Tab", 2, 5)).toBeNull();
  });
});
