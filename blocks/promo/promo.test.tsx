// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { definition, type PromoData } from "./index.tsx";
import type { BlockOf } from "../types.ts";
import { context, MemoryContent, serverDom } from "../../tests/unit/blocks/fixtures.tsx";

type PromoBlock = BlockOf<"promo">;

const promo = (extra: Partial<PromoBlock> = {}): PromoBlock => ({
  id: "premium",
  type: "promo",
  title: "Go Premium",
  description: "Every fight night live, every replay on demand.",
  imageUrl: "/images/promo-premium.webp",
  cta: "Subscribe",
  link: { linkUrl: "/realm/arena/purchase" },
  ...extra,
});

const render = (config: PromoBlock, data: PromoData) =>
  serverDom(<definition.Component config={config} data={data} />);

describe("promo block", () => {
  it("keeps a URL link as it is, without asking the content source", async () => {
    const content = new MemoryContent();
    const config = promo();
    const data = await definition.resolve(config, context(content));
    expect(data).toEqual({ href: "/realm/arena/purchase", content: null });
    expect(content.calls).toEqual([]);
    const dom = render(config, data);
    expect(dom.querySelector("h2")!.textContent).toBe("Go Premium");
    expect(dom.querySelector("p")!.textContent).toBe(
      "Every fight night live, every replay on demand.",
    );
    const cta = dom.querySelector("a.button")!;
    expect(cta.getAttribute("href")).toBe("/realm/arena/purchase");
    expect(cta.textContent).toBe("Subscribe");
    expect(cta.hasAttribute("target")).toBe(false);
  });

  it("shows its image at 410x190", async () => {
    const config = promo();
    const img = render(config, await definition.resolve(config, context())).querySelector("img")!;
    expect(img.getAttribute("src")).toBe("/images/promo-premium.webp?w=410");
    expect(img.getAttribute("width")).toBe("410");
    expect(img.getAttribute("height")).toBe("190");
  });

  it("resolves a content link to its id and links it at render time", async () => {
    const content = new MemoryContent();
    const config = promo({ link: { contentLink: { key: "video-205", type: "VOD" } } });
    const data = await definition.resolve(config, context(content));
    expect(content.calls).toEqual([
      { method: "resolveContentLink", args: [{ key: "video-205", type: "VOD" }] },
    ]);
    expect(data).toEqual({ href: null, content: { type: "VOD", id: 205 } });
    expect(render(config, data).querySelector("a.button")!.getAttribute("href")).toBe(
      "/realm/arena/vod/205",
    );
  });

  it("renders without its call to action when the content does not exist", async () => {
    const config = promo({ link: { contentLink: { key: "retired-event", type: "LIVE" } } });
    const data = await definition.resolve(config, context());
    expect(data).toEqual({ href: null, content: null });
    const dom = render(config, data);
    expect(dom.querySelector("h2")!.textContent).toBe("Go Premium");
    expect(dom.querySelector("a")).toBeNull();
  });

  it("opens in a new tab when asked, and says so", async () => {
    const config = promo({ link: { linkUrl: "https://shop.example/gloves" }, openInNewTab: true });
    const cta = render(config, await definition.resolve(config, context())).querySelector("a")!;
    expect(cta.getAttribute("href")).toBe("https://shop.example/gloves");
    expect(cta.getAttribute("target")).toBe("_blank");
    expect(cta.getAttribute("rel")).toBe("noopener noreferrer");
    expect(cta.textContent).toBe("Subscribe (opens in a new tab)");
  });

  it("drops a script URL", async () => {
    const config = promo({ link: { linkUrl: "javascript:alert(document.cookie)" } });
    const data = await definition.resolve(config, context());
    expect(render(config, data).querySelector("a")).toBeNull();
  });
});
