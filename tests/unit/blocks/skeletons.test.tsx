// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { BlockSkeleton } from "../../../blocks/BlockSkeleton.tsx";
import type { ResolvedBlock } from "../../../blocks/resolve.ts";
import { Zone } from "../../../blocks/Zone.tsx";
import type { ResultSet } from "../../../contract/generated/result-set.ts";
import { serverDom } from "./fixtures.tsx";

describe("block skeletons", () => {
  afterEach(() => vi.restoreAllMocks());

  it("have the hero's box, hidden from assistive technology", () => {
    const dom = serverDom(<BlockSkeleton block={{ id: "hero", type: "hero" }} />);
    const skeleton = dom.querySelector(".skeleton-hero")!;
    expect(skeleton.getAttribute("aria-hidden")).toBe("true");
    expect(skeleton.querySelector(".skeleton-hero-slide")).not.toBeNull();
  });

  it("give a rail its title and as many cards as it shows, in its card shape", () => {
    const dom = serverDom(
      <BlockSkeleton
        block={{
          id: "r",
          type: "rail",
          title: "Latest",
          source: { kind: "videos" },
          itemsPerPage: 5,
          cardShape: "portrait",
        }}
      />,
    );
    expect(dom.querySelector(".skeleton-title")!.textContent).toBe("Latest");
    expect(dom.querySelectorAll(".rail-list .card.card-portrait")).toHaveLength(5);
    expect(dom.querySelector("h2")).toBeNull();
  });

  it("give a grid the cards of its first page and a schedule its rows", () => {
    const grid = serverDom(
      <BlockSkeleton block={{ id: "g", type: "grid", source: { kind: "videos" } }} />,
    );
    expect(grid.querySelectorAll(".grid-list.grid-pending .grid-item")).toHaveLength(20);
    const schedule = serverDom(
      <BlockSkeleton block={{ id: "s", type: "schedule", title: "On" }} />,
    );
    expect(schedule.querySelectorAll(".schedule-item")).toHaveLength(4);
  });

  it("are nothing for small blocks", () => {
    const dom = serverDom(
      <BlockSkeleton
        block={{ id: "p", type: "promo", title: "P", cta: "Go", link: { linkUrl: "/" } }}
      />,
    );
    expect(dom.innerHTML).toBe("");
  });

  it("stand in the first HTML for a block that fails on the server, for the browser to retry", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const blocks: ResolvedBlock[] = [
      {
        config: { id: "broken", type: "rail", title: "Broken", source: { kind: "videos" } },
        status: "ok",
        // Data that does not match its block makes the rail throw while rendering.
        data: {} as ResultSet,
      },
    ];
    const dom = serverDom(<Zone blocks={blocks} />);
    expect(dom.querySelector(".skeleton-rail .skeleton-title")!.textContent).toBe("Broken");
    expect(dom.querySelector(".block-rail")).toBeNull();
  });
});
