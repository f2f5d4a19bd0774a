// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { definition, pageSizeForWidth } from "./index.tsx";
import { mergeCards, planLoadMore } from "./paging.ts";
import type { BlockOf } from "../types.ts";
import type { CardPage } from "../../app/ui/card-view.ts";
import type { ResultSet } from "../../contract/generated/result-set.ts";
import {
  click,
  context,
  flush,
  MemoryContent,
  mount,
  page,
  renderer,
  serverDom,
  VIDEOS,
  type Mounted,
} from "../../tests/unit/blocks/fixtures.tsx";

type GridBlock = BlockOf<"grid">;

const config: GridBlock = {
  id: "all-videos",
  type: "grid",
  title: "All videos",
  source: { kind: "videos" },
};

const View = ({ data }: { data: CardPage }) => <definition.Component config={config} data={data} />;

function setViewportWidth(width: number) {
  (
    window as unknown as { happyDOM: { setViewport(v: { width: number }): void } }
  ).happyDOM.setViewport({
    width,
  });
}

describe("grid paging rules", () => {
  it("sizes pages by viewport: 9 up to 720 px, 16 up to 1510 px, else 20", () => {
    expect(pageSizeForWidth(320)).toBe(9);
    expect(pageSizeForWidth(720)).toBe(9);
    expect(pageSizeForWidth(721)).toBe(16);
    expect(pageSizeForWidth(1510)).toBe(16);
    expect(pageSizeForWidth(1511)).toBe(20);
  });

  it("reveals loaded cards before fetching, from a page that leaves no gap", () => {
    const at = (loaded: number, visible: number) => ({
      loaded,
      visible,
      totalHits: 30,
      exhausted: false,
    });
    expect(planLoadMore(at(20, 9), 9)).toEqual({ kind: "reveal", visible: 18 });
    expect(planLoadMore(at(20, 18), 9)).toEqual({ kind: "fetch", page: 3 });
    expect(planLoadMore(at(30, 27), 9)).toEqual({ kind: "reveal", visible: 30 });
    expect(planLoadMore({ ...at(25, 25), exhausted: true }, 9)).toEqual({
      kind: "reveal",
      visible: 25,
    });
    const merged = mergeCards(VIDEOS.slice(0, 20), VIDEOS.slice(18, 27));
    expect(merged.map((card) => card.id)).toEqual(VIDEOS.slice(0, 27).map((card) => card.id));
  });
});

describe("grid resolve and server render", () => {
  it("loads a first page of 20 and renders them all, trimmed by CSS until hydrated", async () => {
    const content = new MemoryContent();
    const data = await definition.resolve(config, context(content));
    expect(content.calls[0]!.args).toEqual([{ kind: "videos" }, { page: 1, rpp: 20 }]);
    const dom = serverDom(<View data={data} />);
    expect(dom.querySelectorAll("li.grid-item")).toHaveLength(20);
    expect(dom.querySelector("section")!.classList.contains("grid-pending")).toBe(true);
    expect(dom.querySelector("h2")!.textContent).toBe("All videos");
  });
});

describe("grid in the browser", () => {
  let mounted: Mounted | undefined;
  afterEach(() => {
    mounted?.unmount();
    mounted = undefined;
    setViewportWidth(1024);
    vi.useRealTimers();
  });

  const shown = () => mounted!.container.querySelectorAll("li.grid-item").length;
  const button = () => mounted!.container.querySelector<HTMLButtonElement>(".grid-more button");
  const live = () => mounted!.container.querySelector('[aria-live="polite"]')!.textContent;

  it.each([
    [500, 9],
    [1200, 16],
    [1920, 20],
  ])("at %i px wide shows %i cards", async (width, expected) => {
    setViewportWidth(width);
    mounted = await mount(<View data={page(VIDEOS, 1, 20)} />);
    expect(shown()).toBe(expected);
  });

  it("follows viewport resizes", async () => {
    vi.useFakeTimers();
    setViewportWidth(1920);
    mounted = await mount(<View data={page(VIDEOS, 1, 20)} />);
    expect(shown()).toBe(20);
    await act(async () => {
      setViewportWidth(600);
      vi.advanceTimersByTime(100);
    });
    expect(shown()).toBe(9);
  });

  it("reveals loaded cards first, then fetches the next page and appends it", async () => {
    setViewportWidth(500);
    const loadMore = vi.fn((_id: string, pageNumber: number, rpp: number) =>
      Promise.resolve(page(VIDEOS, pageNumber, rpp)),
    );
    mounted = await mount(<View data={page(VIDEOS, 1, 20)} />, renderer({ loadMore }));
    expect(shown()).toBe(9);

    await click(button());
    expect(shown()).toBe(18);
    expect(loadMore).not.toHaveBeenCalled();
    expect(live()).toBe("9 more items shown, 18 of 30");

    await click(button());
    await flush();
    expect(loadMore).toHaveBeenLastCalledWith("all-videos", 3, 9);
    expect(shown()).toBe(27);
    const ids = [...mounted.container.querySelectorAll("a.card")].map((a) =>
      a.getAttribute("href"),
    );
    expect(new Set(ids).size).toBe(27);

    await click(button());
    await flush();
    expect(loadMore).toHaveBeenLastCalledWith("all-videos", 4, 9);
    expect(shown()).toBe(30);
    expect(live()).toBe("3 more items shown, 30 of 30");
    expect(button()).toBeNull();
  });

  it("is busy while loading, and offers a retry when loading fails", async () => {
    setViewportWidth(1920);
    let fail = true;
    let finish: () => void = () => {};
    const loadMore = vi.fn(
      (_id: string, pageNumber: number, rpp: number) =>
        new Promise<ResultSet>((resolve, reject) => {
          finish = () =>
            fail
              ? reject(new Error("503 Service Unavailable"))
              : resolve(page(VIDEOS, pageNumber, rpp));
        }),
    );
    mounted = await mount(<View data={page(VIDEOS, 1, 20)} />, renderer({ loadMore }));
    await click(button());
    expect(button()!.disabled).toBe(true);
    expect(button()!.getAttribute("aria-busy")).toBe("true");
    expect(button()!.textContent).toBe("Loading…");

    await act(async () => finish());
    await flush();
    const alert = mounted.container.querySelector('[role="alert"]')!;
    expect(alert.textContent).toContain("We couldn't load more items.");
    expect(shown()).toBe(20);

    fail = false;
    await click(alert.querySelector("button"));
    expect(loadMore).toHaveBeenCalledTimes(2);
    expect(loadMore).toHaveBeenLastCalledWith("all-videos", 2, 20);
    await act(async () => finish());
    await flush();
    expect(mounted.container.querySelector('[role="alert"]')).toBeNull();
    expect(shown()).toBe(30);
    expect(button()).toBeNull();
  });

  it("hides the button when everything fits on the first page", async () => {
    setViewportWidth(1920);
    mounted = await mount(<View data={page(VIDEOS.slice(0, 7), 1, 20)} />);
    expect(shown()).toBe(7);
    expect(button()).toBeNull();
  });
});
