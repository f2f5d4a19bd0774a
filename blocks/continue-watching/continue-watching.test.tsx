// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { definition, HISTORY_SCAN } from "./index.tsx";
import type { BlockOf } from "../types.ts";
import type { WatchHistoryItem } from "../../contract/generated/watch-history.ts";
import {
  context,
  event,
  markup,
  MemoryContent,
  MemoryViewer,
  NOW,
  serverDom,
  video,
} from "../../tests/unit/blocks/fixtures.tsx";

type ContinueWatchingBlock = BlockOf<"continueWatching">;

const config = (extra: Partial<ContinueWatchingBlock> = {}): ContinueWatchingBlock => ({
  id: "continue-watching",
  type: "continueWatching",
  ...extra,
});

const at = (position: number, card: WatchHistoryItem["card"], kind: "vod" | "live" = "vod") => ({
  kind,
  card,
  position,
  watchedAt: NOW.toISOString(),
});

/** Most recent first, as the platform answers: a mix of what to offer and what not to. */
const HISTORY: WatchHistoryItem[] = [
  at(300, video(501, "Half-watched main card", 1200)),
  at(4, video(502, "Glanced at", 1200)),
  at(1190, video(503, "Watched to the end", 1200)),
  at(600, event(601, "Live right now", -1, { live: true }), "live"),
  at(5400, event(602, "Last week's fight night", -24 * 7), "live"),
  at(60, video(504, "Barely started", 900)),
];

const resolve = (viewer?: MemoryViewer, extra: Partial<ContinueWatchingBlock> = {}) =>
  definition.resolve(config(extra), context(new MemoryContent(), viewer));

describe("continue watching resolve", () => {
  it("is declared per viewer, so its data is never shared between viewers", () => {
    expect(definition.perViewer).toBe(true);
  });

  it("has nothing for a guest or a signed-out viewer (no viewer in the context)", async () => {
    expect(await resolve()).toEqual({ items: [] });
  });

  it("offers the unfinished videos and replays, most recent first, with their progress", async () => {
    const viewer = new MemoryViewer(HISTORY);
    const { items } = await resolve(viewer);
    expect(viewer.limits).toEqual([HISTORY_SCAN]);
    expect(items.map((item) => [item.kind, item.card.id])).toEqual([
      ["vod", 501],
      ["live", 602],
      ["vod", 504],
    ]);
    expect(items[0]!.progress).toEqual({ fraction: 0.25, remainingSeconds: 900 });
    expect(items[1]!.progress).toEqual({ fraction: 0.5, remainingSeconds: 5400 });
  });

  it("shows at most itemsPerPage cards", async () => {
    const { items } = await resolve(new MemoryViewer(HISTORY), { itemsPerPage: 2 });
    expect(items.map((item) => item.card.id)).toEqual([501, 602]);
  });

  it("produces data that survives JSON (loader to browser)", async () => {
    const data = await resolve(new MemoryViewer(HISTORY));
    expect(JSON.parse(JSON.stringify(data))).toEqual(data);
  });
});

describe("continue watching rendering", () => {
  const View = (props: {
    cfg?: ContinueWatchingBlock;
    data: Awaited<ReturnType<typeof resolve>>;
  }) => <definition.Component config={props.cfg ?? config()} data={props.data} />;

  it("renders nothing at all without items", () => {
    expect(markup(<View data={{ items: [] }} />)).toBe("");
  });

  it("is a row headed 'Continue watching' in the viewer's language unless the config titles it", async () => {
    const data = await resolve(new MemoryViewer(HISTORY));
    expect(serverDom(<View data={data} />).querySelector("h2")!.textContent).toBe(
      "Continue watching",
    );
    expect(markup(<View data={data} />, undefined, "pt")).toContain("Continuar assistindo");
    const titled = serverDom(
      <View cfg={config({ title: "Pick up where you left off" })} data={data} />,
    );
    expect(titled.querySelector("h2")!.textContent).toBe("Pick up where you left off");
  });

  it("links videos to their vod page and events to their live page", async () => {
    const dom = serverDom(<View data={await resolve(new MemoryViewer(HISTORY))} />);
    const hrefs = [...dom.querySelectorAll("a.card")].map((a) => a.getAttribute("href"));
    expect(hrefs).toEqual([
      "/realm/arena/vod/501",
      "/realm/arena/live/602",
      "/realm/arena/vod/504",
    ]);
  });

  it("gives each card a progress bar named by the time left, which the link reads as its description", async () => {
    const dom = serverDom(<View data={await resolve(new MemoryViewer(HISTORY))} />);
    const bars = [...dom.querySelectorAll('[role="progressbar"]')];
    expect(
      bars.map((bar) => [
        bar.getAttribute("aria-label"),
        bar.getAttribute("aria-valuenow"),
        bar.getAttribute("aria-valuetext"),
      ]),
    ).toEqual([
      ["15 min left", "25", "25% watched"],
      ["1 h 30 min left", "50", "50% watched"],
      ["14 min left", "6", "6% watched"],
    ]);
    for (const bar of bars) {
      expect(bar.getAttribute("aria-valuemin")).toBe("0");
      expect(bar.getAttribute("aria-valuemax")).toBe("100");
      const link = bar.closest("a")!;
      expect(link.getAttribute("aria-describedby")!.split(" ")).toContain(bar.id);
    }
  });
});
