import { describe, expect, it } from "vitest";
import { definition } from "./index.tsx";
import { MemoryContent, NOW, PLAYLIST, markup } from "../../tests/unit/blocks/fixtures.tsx";

const config = { id: "about", type: "details" as const };

describe("details block", () => {
  it("shows the page's item: artwork, description and counts", async () => {
    const content = new MemoryContent(undefined, PLAYLIST);
    const data = await definition.resolve(config, { content, heroes: [], now: NOW });
    expect(data).toEqual(PLAYLIST);
    const html = markup(<definition.Component config={config} data={data} />);
    expect(html).toContain(PLAYLIST.description);
    expect(html).toMatch(/\d+ videos?/);
    expect(html).toContain('width="640"');
  });

  it("renders nothing on a page that shows no item", async () => {
    const data = await definition.resolve(config, {
      content: new MemoryContent(),
      heroes: [],
      now: NOW,
    });
    expect(data).toBeNull();
    expect(markup(<definition.Component config={config} data={data} />)).toBe("");
  });
});
