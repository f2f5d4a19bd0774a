import { describe, expect, it } from "vitest";
import { validatePage } from "../../schemas/page-validation.ts";

const page = (zones: Record<string, unknown[]>, layout = "default") => ({
  key: "home",
  title: "Home",
  layout,
  zones,
});

const rail = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  type: "rail",
  title: "Latest fights",
  source: { kind: "videos" },
  ...extra,
});

describe("composed page validation", () => {
  it("accepts a page with every block type", () => {
    const result = validatePage(
      "page",
      page({
        main: [
          { id: "hero", type: "hero", autoAdvanceSeconds: 6 },
          rail("latest", { itemsPerPage: 20, seeAll: "all-videos" }),
          { id: "all", type: "grid", source: { kind: "events", status: "PAST" } },
          { id: "schedule", type: "schedule", days: 7, pastDays: 1 },
          {
            id: "sponsor",
            type: "sponsor",
            name: "Titan",
            imageUrl: "/images/a.webp",
            link: "https://titan.example",
            displayMode: "SHOW",
          },
          {
            id: "promo",
            type: "promo",
            title: "Go premium",
            cta: "Subscribe",
            link: { contentLink: { key: "afc-24-7", type: "LIVE" } },
            openInNewTab: false,
          },
          { id: "resume", type: "continueWatching", itemsPerPage: 8, cardShape: "portrait" },
        ],
      }),
    );
    expect(result.issues).toEqual([]);
    expect(result.ok).toBe(true);
  });

  it("names the block, its field and the limit", () => {
    const result = validatePage(
      "page",
      page({ main: [rail("hero-rail"), rail("latest-fights", { itemsPerPage: 51 })] }),
    );
    expect(result.issues).toEqual([
      {
        pointer: "/zones/main/1/itemsPerPage",
        message: "zones/main/1 (rail 'latest-fights'): itemsPerPage must be ≤ 50",
        blockId: "latest-fights",
        blockType: "rail",
      },
    ]);
  });

  it("reports unknown block types and misspelt fields of the matching block only", () => {
    const result = validatePage(
      "page",
      page({ main: [{ id: "x", type: "carousel" }, rail("r", { itemsPerpage: 5 })] }),
    );
    expect(result.issues.map((i) => i.message)).toEqual([
      "zones/main/0 (carousel 'x'): type must be one of the known types, not 'carousel'",
      "zones/main/1 (rail 'r'): itemsPerpage unknown property 'itemsPerpage' (check its spelling)",
    ]);
  });

  it("checks content queries by their kind", () => {
    const result = validatePage(
      "page",
      page({
        main: [
          rail("current", { source: { kind: "playlist" } }),
          rail("named", { source: { kind: "season", series: "fight-camp" } }),
          rail("bad", { source: { kind: "events", status: "SOON" } }),
        ],
      }),
    );
    expect(result.issues.map((i) => i.message)).toEqual([
      "zones/main/1 (rail 'named'): source needs 'season' as well, because it has 'series'",
      "zones/main/2 (rail 'bad'): source.status must be one of: LIVE, UPCOMING, PAST",
    ]);
  });

  it("refuses zones the layout does not have and duplicate block ids", () => {
    const result = validatePage("section", {
      name: "fight-nights",
      title: "Fight nights",
      layout: "playlist",
      zones: { header: [rail("a")], main: [rail("a")] },
    });
    expect(result.issues.map((i) => i.message)).toEqual([
      "zone 'main' is not part of the 'playlist' layout (it has: header, list)",
      "zones/main/0 (rail 'a'): id 'a' is already used at zones/header/0",
    ]);
  });

  it("caps the number of blocks in a zone", () => {
    const blocks = Array.from({ length: 1001 }, (_, i) => rail(`r${i}`));
    const result = validatePage("page", page({ main: blocks }));
    expect(result.issues.map((i) => i.message)).toContain("must have at most 1000 items");
  });

  it("reports promo links that are neither a URL nor a content link", () => {
    const result = validatePage(
      "page",
      page({ main: [{ id: "p", type: "promo", title: "T", cta: "Go", link: {} }] }),
    );
    expect(result.ok).toBe(false);
    expect(result.issues[0]!.message).toMatch(/^zones\/main\/0 \(promo 'p'\): link /);
  });
});
