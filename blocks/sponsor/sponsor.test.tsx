// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { definition } from "./index.tsx";
import { SponsorLogo } from "../../app/ui/SponsorLogo.tsx";
import { visibleSponsor } from "../../app/ui/visible-sponsor.ts";
import type { SponsorBlock } from "../../schemas/generated/blocks-sponsor.ts";
import type { Sponsor } from "../../schemas/generated/sponsor.ts";
import {
  context,
  markup,
  MemoryContent,
  SERIES,
  serverDom,
} from "../../tests/unit/blocks/fixtures.tsx";

const complete: SponsorBlock = {
  id: "sponsor",
  type: "sponsor",
  name: "Titan Energy",
  imageUrl: "/images/sponsor-titan.webp",
  link: "https://titan.example/fight-week",
  displayMode: "SHOW",
};

/** Sponsor metadata of the page's item, as the platform's detail answers carry it. */
const itemSponsor: Sponsor = {
  name: "Northline Bank",
  imageUrl: "/images/sponsor-northline.webp",
  link: "https://northline.example/",
  displayMode: "SHOW",
};

/** A sponsor block that names no logo of its own: it stands for the page item's sponsor. */
const fromContent: SponsorBlock = { id: "sponsor", type: "sponsor" };

const render = (config: SponsorBlock, data: Sponsor | null = null) => (
  <definition.Component config={config} data={data} />
);

describe("the sponsor logo rule (spec: Video pages)", () => {
  it("shows a sponsor with an image, a link and displayMode SHOW: image requested at width 150", () => {
    expect(visibleSponsor(itemSponsor)).toEqual({
      name: "Northline Bank",
      imageSrc: "/images/sponsor-northline.webp?w=600",
      href: "https://northline.example/",
    });
  });

  it.each([
    ["no image", { imageUrl: undefined }],
    ["an empty image", { imageUrl: "" }],
    ["no link", { link: undefined }],
    ["an empty link", { link: "" }],
    ["a script link", { link: "javascript:alert(1)" }],
    ["displayMode HIDE", { displayMode: "HIDE" as const }],
    ["no displayMode", { displayMode: undefined }],
  ])("hides it with %s", (_case, change) => {
    expect(visibleSponsor({ ...itemSponsor, ...change })).toBeNull();
    expect(markup(<SponsorLogo sponsor={{ ...itemSponsor, ...change }} />)).toBe("");
  });

  it("hides it when there is no sponsor at all", () => {
    expect(visibleSponsor(null)).toBeNull();
    expect(visibleSponsor(undefined)).toBeNull();
    expect(markup(<SponsorLogo sponsor={null} />)).toBe("");
  });

  it("shows a nameless sponsor without a name", () => {
    const { name: _name, ...nameless } = itemSponsor;
    expect(visibleSponsor(nameless)).not.toHaveProperty("name");
  });
});

describe("sponsor block", () => {
  it("with a logo of its own needs no data", async () => {
    const content = new MemoryContent(undefined, SERIES, itemSponsor);
    expect(await definition.resolve(complete, context(content))).toBeNull();
    expect(content.calls).toEqual([]);
  });

  it("links its own logo out in a new tab, 300 px wide, requesting twice that width", () => {
    const dom = serverDom(render(complete));
    const link = dom.querySelector("a")!;
    expect(link.getAttribute("href")).toBe("https://titan.example/fight-week");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    expect(link.textContent).toContain("(opens in a new tab)");
    const img = link.querySelector("img")!;
    expect(img.getAttribute("src")).toBe("/images/sponsor-titan.webp?w=600");
    expect(img.getAttribute("width")).toBe("300");
    expect(img.getAttribute("height")).toBe("100");
    expect(img.getAttribute("alt")).toBe("Titan Energy");
  });

  it("keeps its own logo even when the page's item has a sponsor", () => {
    const img = serverDom(render(complete, itemSponsor)).querySelector("img")!;
    expect(img.getAttribute("src")).toBe("/images/sponsor-titan.webp?w=600");
  });

  it("appends the width to an image URL that already has a query", () => {
    const dom = serverDom(render({ ...complete, imageUrl: "https://cdn.example/logo.webp?v=3" }));
    expect(dom.querySelector("img")!.getAttribute("src")).toBe(
      "https://cdn.example/logo.webp?v=3&w=600",
    );
  });

  it("falls back to a translated label when the sponsor has no name", () => {
    const { name: _name, ...unnamed } = complete;
    expect(serverDom(render(unnamed)).querySelector("img")!.getAttribute("alt")).toBe("Sponsor");
    expect(markup(render(unnamed), undefined, "pt")).toContain('alt="Patrocinador"');
  });

  it.each([
    ["no link", { link: undefined }],
    ["displayMode HIDE", { displayMode: "HIDE" as const }],
    ["no displayMode", { displayMode: undefined }],
  ])("renders nothing of its own logo with %s", (_case, change) => {
    expect(markup(render({ ...complete, ...change }))).toBe("");
  });

  it("without a logo of its own resolves to the page item's sponsor", async () => {
    const content = new MemoryContent(undefined, SERIES, itemSponsor);
    const data = await definition.resolve(fromContent, context(content));
    expect(data).toEqual(itemSponsor);
    expect(content.calls.map((c) => c.method)).toEqual(["currentSponsor"]);
    const link = serverDom(render(fromContent, data)).querySelector("a")!;
    expect(link.getAttribute("href")).toBe("https://northline.example/");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.querySelector("img")!.getAttribute("src")).toBe(
      "/images/sponsor-northline.webp?w=600",
    );
    expect(link.querySelector("img")!.getAttribute("alt")).toBe("Northline Bank");
  });

  it("without a logo of its own shows nothing for an item whose sponsor is hidden, or none", async () => {
    const hidden = { ...itemSponsor, displayMode: "HIDE" as const };
    const data = await definition.resolve(
      fromContent,
      context(new MemoryContent(undefined, SERIES, hidden)),
    );
    expect(data).toEqual(hidden);
    expect(markup(render(fromContent, data))).toBe("");
    // A page that shows no item (home) or an item without a sponsor.
    const none = await definition.resolve(fromContent, context(new MemoryContent()));
    expect(none).toBeNull();
    expect(markup(render(fromContent, none))).toBe("");
  });

  it("takes the item's sponsor whole, not mixed with its own name or link", () => {
    const partial: SponsorBlock = {
      ...fromContent,
      name: "Config name",
      link: "https://x.example",
    };
    const img = serverDom(render(partial, itemSponsor)).querySelector("img")!;
    expect(img.getAttribute("alt")).toBe("Northline Bank");
    expect(img.closest("a")!.getAttribute("href")).toBe("https://northline.example/");
  });
});
