// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { BlockBoundary } from "../../../blocks/BlockBoundary.tsx";
import { resolveZones, type ResolvedBlock } from "../../../blocks/resolve.ts";
import { Zone } from "../../../blocks/Zone.tsx";
import type { ResultSet } from "../../../contract/generated/result-set.ts";
import { context, mount, serverDom, type Mounted } from "./fixtures.tsx";

function Thrower(): JSX.Element {
  throw new Error("render failed");
}

describe("Zone", () => {
  let mounted: Mounted | undefined;
  afterEach(() => {
    mounted?.unmount();
    mounted = undefined;
    vi.restoreAllMocks();
  });

  it("renders resolved blocks in order through the registry", async () => {
    const resolved = await resolveZones(
      {
        main: [
          {
            id: "premium",
            type: "promo",
            title: "Go Premium",
            cta: "Subscribe",
            link: { linkUrl: "/buy" },
          },
          { id: "latest", type: "rail", title: "Latest", source: { kind: "videos" } },
        ],
      },
      context(),
    );
    const dom = serverDom(<Zone blocks={resolved.main} />);
    expect([...dom.querySelectorAll("section")].map((s) => s.className)).toEqual([
      "block-promo",
      "block-rail rail-landscape",
    ]);
  });

  it("skips blocks whose data failed, and renders nothing for an absent zone", () => {
    const blocks: ResolvedBlock[] = [
      {
        config: { id: "gone", type: "rail", title: "Gone", source: { kind: "videos" } },
        status: "error",
        message: "503",
      },
      {
        config: {
          id: "logo",
          type: "sponsor",
          imageUrl: "/s.webp",
          link: "https://s.example",
          displayMode: "SHOW",
        },
        status: "ok",
        data: null,
      },
    ];
    const dom = serverDom(<Zone blocks={blocks} />);
    expect(dom.querySelector(".block-rail")).toBeNull();
    expect(dom.querySelector(".block-sponsor")).not.toBeNull();
    expect(serverDom(<Zone blocks={undefined} />).innerHTML).toBe("");
  });

  it("keeps rendering the other blocks when one component throws, and reports it", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const onError = vi.fn();
    const blocks: ResolvedBlock[] = [
      {
        config: {
          id: "before",
          type: "promo",
          title: "Before",
          cta: "Go",
          link: { linkUrl: "/a" },
        },
        status: "ok",
        data: { href: "/a", content: null },
      },
      // Data that does not match its block (as a bug would produce) makes the rail throw.
      {
        config: { id: "broken", type: "rail", title: "Broken", source: { kind: "videos" } },
        status: "ok",
        data: {} as ResultSet,
      },
      {
        config: { id: "after", type: "promo", title: "After", cta: "Go", link: { linkUrl: "/b" } },
        status: "ok",
        data: { href: "/b", content: null },
      },
    ];
    mounted = await mount(<Zone blocks={blocks} onError={onError} />);
    const titles = [...mounted.container.querySelectorAll("h2")].map((h) => h.textContent);
    expect(titles).toEqual(["Before", "After"]);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(expect.any(TypeError), "broken", "rail");
  });
});

describe("BlockBoundary", () => {
  it("renders nothing in place of a throwing child and calls onError with the block", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const onError = vi.fn();
    const mounted = await mount(
      <>
        <p>kept</p>
        <BlockBoundary blockId="promo-1" blockType="promo" onError={onError}>
          <Thrower />
        </BlockBoundary>
      </>,
    );
    expect(mounted.container.innerHTML).toBe("<p>kept</p>");
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ message: "render failed" }),
      "promo-1",
      "promo",
    );
    mounted.unmount();
    vi.restoreAllMocks();
  });
});
