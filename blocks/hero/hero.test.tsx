// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { definition, type HeroData } from "./index.tsx";
import type { HeroBlock } from "../../schemas/generated/blocks-hero.ts";
import {
  click,
  context,
  MemoryContent,
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
  it("renders every slide, the first visible and eager with high fetch priority", async () => {
    const { config: cfg, data } = await resolved();
    const dom = serverDom(<View config={cfg} data={data} />);
    const slides = dom.querySelectorAll(".hero-slide");
    expect(slides).toHaveLength(3);
    expect([...slides].map((s) => s.hasAttribute("hidden"))).toEqual([false, true, true]);
    const images = dom.querySelectorAll("img");
    expect(images[0]!.getAttribute("loading")).toBe("eager");
    expect(images[0]!.getAttribute("fetchpriority")).toBe("high");
    expect(images[1]!.getAttribute("loading")).toBe("lazy");
    expect(images[1]!.getAttribute("fetchpriority")).not.toBe("high");
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
