import { describe, expect, it } from "vitest";
import { isPerViewer, resolvePerViewer, resolveZones } from "../../../blocks/resolve.ts";
import type { ContentQuery } from "../../../blocks/types.ts";
import type { PageZones as ConfigZones } from "../../../schemas/generated/page-zones.ts";
import type { Localized } from "../../../schemas/localized-text.ts";

type PageZones = Localized<ConfigZones>;
import type { ResultSet } from "../../../contract/generated/result-set.ts";
import { context, MemoryContent, MemoryViewer, video } from "./fixtures.tsx";

/** A content source whose lists take `delayMs`, counting how many run at once. */
class SlowContent extends MemoryContent {
  inFlight = 0;
  maxInFlight = 0;
  constructor(private readonly delayMs: number) {
    super();
  }
  override async list(
    query: ContentQuery,
    paging: { page: number; rpp: number },
  ): Promise<ResultSet> {
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      await new Promise((resolve) => setTimeout(resolve, this.delayMs));
      if (query.kind === "playlist") throw new Error(`Playlist "${query.playlist}" is unavailable`);
      return await super.list(query, paging);
    } finally {
      this.inFlight -= 1;
    }
  }
}

const zones: PageZones = {
  header: [{ id: "top", type: "hero" }],
  main: [
    { id: "latest", type: "rail", title: "Latest", source: { kind: "videos" } },
    { id: "broken", type: "rail", title: "Broken", source: { kind: "playlist", playlist: "gone" } },
    { id: "events", type: "grid", source: { kind: "events" } },
  ],
  sidebar: [{ id: "week", type: "schedule" }],
};

describe("resolveZones", () => {
  it("resolves every block at once: the page waits for the slowest, not the sum", async () => {
    const content = new SlowContent(150);
    const started = performance.now();
    await resolveZones(zones, context(content));
    const elapsed = performance.now() - started;
    expect(content.maxInFlight).toBe(4);
    expect(elapsed).toBeLessThan(4 * 150 * 0.75);
  });

  it("keeps zones and order, reporting a failing block in place", async () => {
    const resolved = await resolveZones(zones, context(new SlowContent(5)));
    expect(Object.keys(resolved)).toEqual(["header", "main", "sidebar"]);
    expect(resolved.main!.map((b) => [b.config.id, b.status])).toEqual([
      ["latest", "ok"],
      ["broken", "error"],
      ["events", "ok"],
    ]);
    const broken = resolved.main![1]!;
    expect(broken.status === "error" && broken.message).toBe('Playlist "gone" is unavailable');
    const latest = resolved.main![0]!;
    expect(latest.status === "ok" && (latest.data as ResultSet).hits).toHaveLength(12);
    expect(resolved.header![0]!.status).toBe("ok");
    expect(resolved.sidebar![0]!.status).toBe("ok");
  });

  it("turns a resolver that throws synchronously into an error entry", async () => {
    const content = new MemoryContent();
    content.items = () => {
      throw new Error("boom");
    };
    const resolved = await resolveZones(
      { main: [{ id: "picked", type: "hero", items: [{ type: "VIDEO", key: "video-200" }] }] },
      context(content),
    );
    expect(resolved.main).toEqual([expect.objectContaining({ status: "error", message: "boom" })]);
  });

  it("produces data that survives JSON (loader to browser)", async () => {
    const resolved = await resolveZones(zones, context(new SlowContent(0)));
    expect(JSON.parse(JSON.stringify(resolved))).toEqual(resolved);
  });
});

describe("resolvePerViewer", () => {
  const personal: PageZones = {
    main: [
      { id: "latest", type: "rail", title: "Latest", source: { kind: "videos" } },
      { id: "continue-watching", type: "continueWatching" },
    ],
  };
  const history = [
    { kind: "vod" as const, card: video(501, "Main card", 1200), position: 300, watchedAt: "" },
  ];

  it("knows which blocks depend on the viewer", () => {
    expect(personal.main!.map((block) => isPerViewer(block))).toEqual([false, true]);
  });

  it("resolves only those again, with the viewer, leaving the shared answer untouched", async () => {
    const content = new MemoryContent();
    const shared = await resolveZones(personal, context(content));
    const before = structuredClone(shared);
    const listsBefore = content.calls.length;
    const viewer = new MemoryViewer(history);
    const mine = await resolvePerViewer(shared, context(content, viewer));
    // The shared rail is not fetched again; the shared answer (a cache entry) is not changed.
    expect(content.calls).toHaveLength(listsBefore);
    expect(shared).toEqual(before);
    expect(mine.main![0]).toBe(shared.main![0]);
    expect(shared.main![1]).toMatchObject({ status: "ok", data: { items: [] } });
    expect(mine.main![1]).toMatchObject({
      status: "ok",
      data: { items: [{ kind: "vod", card: { id: 501 } }] },
    });
    expect(viewer.limits).toHaveLength(1);
  });

  it("reports a viewer's block that fails in place, like any other", async () => {
    const shared = await resolveZones(personal, context());
    const broken = new MemoryViewer();
    broken.history = () => Promise.reject(new Error("history unavailable"));
    const mine = await resolvePerViewer(shared, context(new MemoryContent(), broken));
    expect(mine.main![1]).toEqual(
      expect.objectContaining({ status: "error", message: "history unavailable" }),
    );
    expect(mine.main![0]!.status).toBe("ok");
  });
});
