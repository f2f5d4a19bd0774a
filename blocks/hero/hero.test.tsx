// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { definition, type HeroData } from "./index.tsx";
import { isPerViewer } from "../resolve.ts";
import { validatePage } from "../../schemas/page-validation.ts";
import type { HeroBlock } from "../../schemas/generated/blocks-hero.ts";
import {
  click,
  context,
  MemoryContent,
  MemoryViewer,
  mount,
  serverDom,
  type Mounted,
} from "../../tests/unit/blocks/fixtures.tsx";

const config = (extra: Partial<HeroBlock> = {}): HeroBlock => ({
  id: "top",
  type: "hero",
  ...extra,
});

async function resolved(extra: Partial<HeroBlock> = {}) {
  const cfg = config(extra);
  return { config: cfg, data: await definition.resolve(cfg, context()) };
}

const View = ({ config: cfg, data }: { config: HeroBlock; data: HeroData }) => (
  <definition.Component config={cfg} data={data} />
);

describe("hero resolve", () => {
  it("defaults to the init heroes, keeping their content links (not URLs)", async () => {
    const { data } = await resolved();
    expect(data.map((slide) => slide.title)).toEqual([
      "Fight Night Lisbon",
      "Grand Prix Final",
      "Knockout of the Week #6",
    ]);
    expect(data[0]).toMatchObject({
      live: true,
      upcoming: false,
      link: { content: { type: "LIVE", id: 102 } },
    });
    expect(data[1]).toMatchObject({ upcoming: true, portraitImageUrl: null });
    expect(JSON.parse(JSON.stringify(data))).toEqual(data);
  });

  it("maps configured items to slides; the cover serves both shapes; missing items drop", async () => {
    const content = new MemoryContent();
    const cfg = config({
      items: [
        { type: "SERIES", key: "inside-the-camp" },
        { type: "VIDEO", key: "no-such-video" },
        { type: "EVENT", key: "event-104" },
      ],
    });
    const data = await definition.resolve(cfg, context(content));
    expect(content.calls[0]).toEqual({ method: "items", args: [cfg.items] });
    expect(data).toHaveLength(2);
    expect(data[0]).toMatchObject({
      title: "Inside the Camp",
      imageUrl: "/images/series-401.webp",
      portraitImageUrl: "/images/series-401.webp",
      upcoming: false,
    });
    expect("card" in data[0]!.link).toBe(true);
    expect(data[1]).toMatchObject({ title: "Grand Prix Final", upcoming: true });
  });
});

describe("hero on the server", () => {
  it("renders every slide, the first visible and eager with high fetch priority, the hidden ones without artwork", async () => {
    const { config: cfg, data } = await resolved();
    const dom = serverDom(<View config={cfg} data={data} />);
    const slides = dom.querySelectorAll(".hero-slide");
    expect(slides).toHaveLength(3);
    expect([...slides].map((s) => s.hasAttribute("hidden"))).toEqual([false, true, true]);
    expect([...slides].map((s) => s.querySelectorAll("picture, img, source").length > 0)).toEqual([
      true,
      false,
      false,
    ]);
    const image = slides[0]!.querySelector("img")!;
    expect(image.getAttribute("loading")).toBe("eager");
    expect(image.getAttribute("fetchpriority")).toBe("high");
  });

  it("offers portrait artwork to narrow screens", async () => {
    const { config: cfg, data } = await resolved();
    const dom = serverDom(<View config={cfg} data={data} />);
    const source = dom.querySelector(".hero-slide source")!;
    expect(source.getAttribute("media")).toBe("(max-width: 720px)");
    expect(source.getAttribute("srcset")).toContain("/images/hero-102-portrait.webp?w=640 640w");
    // The second hero has no portrait artwork: the landscape image serves every width.
    expect(dom.querySelectorAll(".hero-slide")[1]!.querySelector("source")).toBeNull();
  });

  it("links slides at render time and badges live and upcoming events", async () => {
    const { config: cfg, data } = await resolved();
    const dom = serverDom(<View config={cfg} data={data} />);
    const ctas = [...dom.querySelectorAll(".hero-slide a.button")].map((a) => [
      a.textContent,
      a.getAttribute("href"),
    ]);
    // An event still to start cannot be watched: it offers its reminder, then its page.
    expect(ctas).toEqual([
      ["Watch now", "/realm/arena/live/102"],
      ["Remind me", "/realm/arena/live/104/calendar.ics"],
      ["Event details", "/realm/arena/live/104"],
      ["Watch now", "/realm/arena/vod/205"],
    ]);
    const [first, second] = dom.querySelectorAll(".hero-slide");
    expect(first!.querySelector(".badge-live")!.textContent).toBe("Live");
    expect(second!.textContent).toContain("Starts Mar 15, 2025");
    expect(second!.querySelector("a[download]")!.getAttribute("download")).toBe("event-104.ics");
  });

  it("links card slides through hrefFor", async () => {
    const { config: cfg, data } = await resolved({
      items: [{ type: "SERIES", key: "inside-the-camp" }],
    });
    const dom = serverDom(<View config={cfg} data={data} />);
    expect(dom.querySelector("a.button")!.getAttribute("href")).toBe("/realm/arena/vod/401");
    // One slide: nothing to rotate or pick.
    expect(dom.querySelector(".hero-controls")).toBeNull();
  });

  it("renders nothing without slides", () => {
    expect(serverDom(<View config={config()} data={[]} />).innerHTML).toBe("");
  });
});

describe("hero in the browser", () => {
  let mounted: Mounted | undefined;
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    mounted?.unmount();
    mounted = undefined;
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  const visibleTitle = () =>
    mounted!.container.querySelector(".hero-slide:not([hidden]) h2")!.textContent;
  const advance = (ms: number) => act(async () => void vi.advanceTimersByTime(ms));

  it("fetches the next slide's artwork ahead, at low priority, and no other hidden one", async () => {
    const { config: cfg, data } = await resolved({ autoAdvanceSeconds: 5 });
    mounted = await mount(<View config={cfg} data={data} />);
    const artwork = () =>
      [...mounted!.container.querySelectorAll(".hero-slide")].map(
        (slide) => slide.querySelector("img")?.getAttribute("fetchpriority") ?? null,
      );
    expect(artwork()).toEqual(["high", "low", null]);
    await advance(5_000);
    expect(visibleTitle()).toBe(data[1]!.title);
    expect(artwork()).toEqual([null, "auto", "low"]);
  });

  it("has named previous, next, pause and picker buttons that move between slides", async () => {
    const { config: cfg, data } = await resolved({ autoAdvanceSeconds: 0 });
    mounted = await mount(<View config={cfg} data={data} />);
    const button = (name: string) =>
      mounted!.container.querySelector(`button[aria-label="${name}"]`);
    // Auto-advance off: no pause button.
    expect(button("Pause slideshow")).toBeNull();
    await click(button("Next slide"));
    expect(visibleTitle()).toBe("Grand Prix Final");
    await click(button("Previous slide"));
    await click(button("Previous slide"));
    expect(visibleTitle()).toBe("Knockout of the Week #6");
    await click(button("Slide 1: Fight Night Lisbon"));
    expect(visibleTitle()).toBe("Fight Night Lisbon");
    expect(button("Slide 1: Fight Night Lisbon")!.getAttribute("aria-current")).toBe("true");
    await advance(60_000);
    expect(visibleTitle()).toBe("Fight Night Lisbon");
  });

  it("advances every autoAdvanceSeconds, pausing on hover, focus and the pause button", async () => {
    const { config: cfg, data } = await resolved({ autoAdvanceSeconds: 5 });
    mounted = await mount(<View config={cfg} data={data} />);
    const section = mounted.container.querySelector("section")!;
    expect(visibleTitle()).toBe("Fight Night Lisbon");
    await advance(5000);
    expect(visibleTitle()).toBe("Grand Prix Final");

    await act(async () => {
      section.dispatchEvent(
        new MouseEvent("mouseover", { bubbles: true, relatedTarget: document.body }),
      );
    });
    await advance(20_000);
    expect(visibleTitle()).toBe("Grand Prix Final");
    await act(async () => {
      section.dispatchEvent(
        new MouseEvent("mouseout", { bubbles: true, relatedTarget: document.body }),
      );
    });
    await advance(5000);
    expect(visibleTitle()).toBe("Knockout of the Week #6");

    await act(async () => {
      section.querySelector<HTMLElement>("a.button:not([hidden] *)")!.focus();
    });
    await advance(20_000);
    expect(visibleTitle()).toBe("Knockout of the Week #6");
    await act(async () => {
      (document.activeElement as HTMLElement).blur();
    });
    await advance(5000);
    expect(visibleTitle()).toBe("Fight Night Lisbon");

    await click(section.querySelector('button[aria-label="Pause slideshow"]'));
    await act(async () => {
      (document.activeElement as HTMLElement).blur();
    });
    await advance(20_000);
    expect(visibleTitle()).toBe("Fight Night Lisbon");
    expect(section.querySelector('button[aria-label="Play slideshow"]')).not.toBeNull();
  });

  it("does not rotate when the viewer prefers reduced motion", async () => {
    vi.spyOn(window, "matchMedia").mockImplementation(
      (query: string) =>
        ({
          matches: query.includes("prefers-reduced-motion"),
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    const { config: cfg, data } = await resolved({ autoAdvanceSeconds: 3 });
    mounted = await mount(<View config={cfg} data={data} />);
    await advance(30_000);
    expect(visibleTitle()).toBe("Fight Night Lisbon");
    expect(mounted.container.querySelector('button[aria-label="Pause slideshow"]')).toBeNull();
  });
});

describe("hero background video", () => {
  const VIDEO = "/media/trailers/final.m3u8";

  it("goes with the first of the realm's heroes, starting by itself unless the viewer said no", async () => {
    const cfg = config({ backgroundVideo: VIDEO });
    const shared = await definition.resolve(cfg, context());
    expect(shared[0]!.backgroundVideo).toEqual({ src: VIDEO, autoPlay: true });
    expect(shared.slice(1).map((slide) => slide.backgroundVideo)).toEqual([undefined, undefined]);
    const viewer = new MemoryViewer([], null, false);
    const theirs = await definition.resolve(cfg, context(new MemoryContent(), viewer));
    expect(theirs[0]!.backgroundVideo).toEqual({ src: VIDEO, autoPlay: false });
  });

  it("keeps its slides, with the default, when the viewer's preferences cannot be read", async () => {
    const viewer = new MemoryViewer();
    vi.spyOn(viewer, "backgroundVideoAutoPlay").mockRejectedValue(new Error("platform away"));
    vi.spyOn(console, "error").mockImplementation(() => {});
    const cfg = config({ backgroundVideo: VIDEO });
    const data = await definition.resolve(cfg, context(new MemoryContent(), viewer));
    expect(data).toHaveLength(3);
    expect(data[0]!.backgroundVideo).toEqual({ src: VIDEO, autoPlay: true });
    vi.restoreAllMocks();
  });

  it("stays with its own item when an item before it does not exist", async () => {
    const content = new MemoryContent();
    const cfg = config({
      items: [
        { type: "VIDEO", key: "no-such-video", backgroundVideo: "/media/a.mp4" },
        { type: "SERIES", key: "inside-the-camp" },
        { type: "EVENT", key: "event-104", backgroundVideo: VIDEO },
      ],
    });
    const data = await definition.resolve(cfg, context(content));
    expect(data.map((slide) => [slide.title, slide.backgroundVideo?.src])).toEqual([
      ["Inside the Camp", undefined],
      [expect.any(String), VIDEO],
    ]);
  });

  it.each([
    ["/media/sample/master.m3u8", true],
    ["/media/trailers/final%20cut.mp4", true],
    ["https://cdn.example/final.m3u8", false],
    ["//cdn.example/final.m3u8", false],
    ["javascript:alert(1)//.mp4", false],
    ["/media/final.mov", false],
    ["/media/final.m3u8?x=1", false],
  ])("accepts only a playlist or MP4 on this site: %s %s", (src, valid) => {
    const page = {
      key: "home",
      title: "Home",
      layout: "default",
      zones: { main: [config({ backgroundVideo: src })] },
    };
    const { issues } = validatePage("page", page);
    expect(issues.length === 0).toBe(valid);
    if (!valid) expect(issues[0]!.pointer).toBe("/zones/main/0/backgroundVideo");
  });

  it("makes the block's data the viewer's only when a slide has a video", () => {
    expect(isPerViewer(config())).toBe(false);
    expect(isPerViewer(config({ backgroundVideo: VIDEO }))).toBe(true);
    expect(isPerViewer(config({ items: [{ type: "SERIES", key: "inside-the-camp" }] }))).toBe(
      false,
    );
    expect(
      isPerViewer(config({ items: [{ type: "SERIES", key: "x1", backgroundVideo: VIDEO }] })),
    ).toBe(true);
  });

  describe("in the browser", () => {
    let mounted: Mounted | undefined;
    afterEach(() => {
      mounted?.unmount();
      mounted = undefined;
      vi.restoreAllMocks();
    });
    const media = (matching: (query: string) => boolean) =>
      vi.spyOn(window, "matchMedia").mockImplementation(
        (query: string) =>
          ({
            matches: matching(query),
            media: query,
            addEventListener: () => {},
            removeEventListener: () => {},
          }) as unknown as MediaQueryList,
      );
    const withVideo = (autoPlay: boolean): HeroData => [
      {
        id: "VIDEO-1",
        title: "Final",
        description: "",
        imageUrl: "/images/final.jpg",
        portraitImageUrl: null,
        upcoming: false,
        link: { content: { type: "VOD", id: 1 } },
        backgroundVideo: { src: "/media/final.mp4", autoPlay },
      },
    ];
    const button = (name: string) =>
      mounted!.container.querySelector(`button[aria-label="${name}"]`);
    const video = () => mounted!.container.querySelector<HTMLVideoElement>("video.hero-video");

    it("plays muted and looping when allowed, and the viewer can pause it", async () => {
      media(() => false);
      const play = vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
      const pause = vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(() => {});
      mounted = await mount(<View config={config()} data={withVideo(true)} />);
      expect(video()!.getAttribute("src")).toBe("/media/final.mp4");
      expect(video()!.muted).toBe(true);
      expect(video()!.loop).toBe(true);
      expect(video()!.getAttribute("aria-hidden")).toBe("true");
      expect(play).toHaveBeenCalled();
      await click(button("Pause background video"));
      expect(pause).toHaveBeenCalled();
      expect(button("Play background video")).not.toBeNull();
    });

    it("waits for the viewer when their preferences or reduced motion say so, fetching nothing", async () => {
      for (const [autoPlay, reduced] of [
        [false, false],
        [true, true],
      ] as const) {
        vi.restoreAllMocks();
        media((query) => reduced && query.includes("prefers-reduced-motion"));
        const play = vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
        mounted = await mount(<View config={config()} data={withVideo(autoPlay)} />);
        expect(video()!.getAttribute("src")).toBeNull();
        expect(play).not.toHaveBeenCalled();
        await click(button("Play background video"));
        expect(video()!.getAttribute("src")).toBe("/media/final.mp4");
        expect(play).toHaveBeenCalled();
        mounted.unmount();
        mounted = undefined;
      }
    });

    it("is left out where the portrait artwork shows, and on the server", async () => {
      media((query) => query.includes("max-width: 720px"));
      mounted = await mount(<View config={config()} data={withVideo(true)} />);
      expect(video()).toBeNull();
      expect(button("Pause background video")).toBeNull();
      expect(
        serverDom(<View config={config()} data={withVideo(true)} />).querySelector("video"),
      ).toBeNull();
    });
  });
});
