// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { sponsorBlock } from "../../../blocks/sponsor/index.tsx";
import type { SponsorBlock } from "../../../schemas/generated/blocks-sponsor.ts";
import { context, markup, MemoryContent, serverDom } from "./fixtures.tsx";

const complete: SponsorBlock = {
  id: "sponsor",
  type: "sponsor",
  name: "Titan Energy",
  imageUrl: "/images/sponsor-titan.webp",
  link: "https://titan.example/fight-week",
  displayMode: "SHOW",
};

const render = (config: SponsorBlock) => <sponsorBlock.Component config={config} data={null} />;

describe("sponsor block", () => {
  it("needs no data", async () => {
    const content = new MemoryContent();
    expect(await sponsorBlock.resolve(complete, context(content))).toBeNull();
    expect(content.calls).toEqual([]);
  });

  it("links the logo out in a new tab, 300 px wide, requesting width 150", () => {
    const dom = serverDom(render(complete));
    const link = dom.querySelector("a")!;
    expect(link.getAttribute("href")).toBe("https://titan.example/fight-week");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    expect(link.textContent).toContain("(opens in a new tab)");
    const img = link.querySelector("img")!;
    expect(img.getAttribute("src")).toBe("/images/sponsor-titan.webp?w=150");
    expect(img.getAttribute("width")).toBe("300");
    expect(img.getAttribute("height")).toBe("100");
    expect(img.getAttribute("alt")).toBe("Titan Energy");
  });

  it("appends the width to an image URL that already has a query", () => {
    const dom = serverDom(render({ ...complete, imageUrl: "https://cdn.example/logo.webp?v=3" }));
    expect(dom.querySelector("img")!.getAttribute("src")).toBe(
      "https://cdn.example/logo.webp?v=3&w=150",
    );
  });

  it("falls back to a translated label when the sponsor has no name", () => {
    const { name: _name, ...unnamed } = complete;
    expect(serverDom(render(unnamed)).querySelector("img")!.getAttribute("alt")).toBe("Sponsor");
    expect(markup(render(unnamed), undefined, "pt")).toContain('alt="Patrocinador"');
  });

  it.each([
    ["no image", { imageUrl: undefined }],
    ["an empty image", { imageUrl: "" }],
    ["no link", { link: undefined }],
    ["a script link", { link: "javascript:alert(1)" }],
    ["displayMode HIDE", { displayMode: "HIDE" as const }],
    ["no displayMode", { displayMode: undefined }],
  ])("renders nothing with %s", (_case, change) => {
    expect(markup(render({ ...complete, ...change }))).toBe("");
  });
});
