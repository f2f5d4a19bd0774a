// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import type { Interstitial } from "../../../app/interstitial/interstitial.ts";
import { InterstitialScreen } from "../../../app/interstitial/InterstitialScreen.tsx";
import type { Card } from "../../../contract/generated/card.ts";
import { markup, PLAYLIST, SERIES, serverDom, VIDEOS } from "../blocks/fixtures.tsx";

const SPONSOR = {
  name: "Titan Energy",
  imageUrl: "/images/arena/sponsor/titan-energy.webp",
  link: "https://titan-energy.example.com",
  displayMode: "SHOW" as const,
};

const playlist: Interstitial = {
  item: PLAYLIST,
  sponsor: SPONSOR,
  groups: [{ season: null, videos: VIDEOS.slice(0, 3) }],
};

const season = (id: number, title: string, videos: Card[]) => ({ season: { id, title }, videos });

const render = (interstitial: Interstitial, basePath = "/realm/arena") =>
  serverDom(
    <InterstitialScreen
      interstitial={interstitial}
      basePath={basePath}
      locale="en"
      cardTitleScale={1}
    />,
  );

describe("interstitial page", () => {
  it("shows the collection's title, description, artwork and counts", () => {
    const dom = render(playlist);
    expect(dom.querySelector("h1")!.textContent).toBe("Greatest Comebacks");
    expect(dom.textContent).toContain(PLAYLIST.description);
    expect(dom.textContent).toContain("10 videos");
    const artwork = dom.querySelector(".interstitial-artwork")!;
    expect(artwork.getAttribute("src")).toBe("/images/playlist-301.webp?w=960");
    expect(artwork.getAttribute("alt")).toBe("");
  });

  it("has a Play button to the vod page of the first video, described by its title", () => {
    const dom = render(playlist);
    const play = [...dom.querySelectorAll("a")].find((a) => a.textContent === "Play")!;
    expect(play.getAttribute("href")).toBe(`/realm/arena/vod/${VIDEOS[0]!.id}`);
    const note = dom.querySelector(`[id="${play.getAttribute("aria-describedby")}"]`)!;
    expect(note.textContent).toBe(`Starts with ${VIDEOS[0]!.title}`);
    // On the realm's own domain the links start at the root.
    const own = render(playlist, "");
    expect(own.querySelector(".interstitial-play")!.getAttribute("href")).toBe(
      `/vod/${VIDEOS[0]!.id}`,
    );
  });

  it("shows the sponsor logo under the same rule as the sponsor block", () => {
    const logo = render(playlist).querySelector(".block-sponsor a")!;
    expect(logo.getAttribute("href")).toBe("https://titan-energy.example.com");
    expect(logo.getAttribute("target")).toBe("_blank");
    expect(logo.querySelector("img")!.getAttribute("src")).toBe(
      "/images/arena/sponsor/titan-energy.webp?w=600",
    );
    const hidden = render({ ...playlist, sponsor: { ...SPONSOR, displayMode: "HIDE" } });
    expect(hidden.querySelector(".block-sponsor")).toBeNull();
    expect(render({ ...playlist, sponsor: null }).querySelector(".block-sponsor")).toBeNull();
  });

  it("lists a playlist's videos in order under one heading, each linking to its page", () => {
    const dom = render(playlist);
    const lists = dom.querySelectorAll("section.interstitial-list");
    expect(lists).toHaveLength(1);
    const section = lists[0]!;
    const heading = section.querySelector("h2")!;
    expect(heading.textContent).toBe("Videos");
    expect(section.getAttribute("aria-labelledby")).toBe(heading.id);
    const links = [...section.querySelectorAll("ol > li a")].map((a) => a.getAttribute("href"));
    expect(links).toEqual(VIDEOS.slice(0, 3).map((v) => `/realm/arena/vod/${v.id}`));
  });

  it("lists a series season by season, playing from the first episode there is", () => {
    const dom = render({
      item: SERIES,
      sponsor: null,
      groups: [
        season(1, "Weigh-in", []),
        season(2, "Fight Week", VIDEOS.slice(3, 5)),
        season(3, "Walkout", VIDEOS.slice(5, 6)),
      ],
    });
    expect(dom.querySelector("h1")!.textContent).toBe("Inside the Camp");
    expect(dom.textContent).toContain("3 seasons");
    // An empty season has no list of its own.
    expect([...dom.querySelectorAll("section h2")].map((h) => h.textContent)).toEqual([
      "Fight Week",
      "Walkout",
    ]);
    expect(dom.querySelector(".interstitial-play")!.getAttribute("href")).toBe(
      `/realm/arena/vod/${VIDEOS[3]!.id}`,
    );
  });

  it("calls a season's list its episodes", () => {
    const dom = render({
      item: { ...PLAYLIST, type: "VOD_SEASON", title: "Road to the Title" },
      sponsor: null,
      groups: [{ season: null, videos: VIDEOS.slice(0, 2) }],
    });
    expect(dom.querySelector("section h2")!.textContent).toBe("Episodes");
  });

  it("offers no Play button for a collection without videos, and says so", () => {
    const dom = render({ ...playlist, groups: [{ season: null, videos: [] }] });
    expect(dom.querySelector(".interstitial-play")).toBeNull();
    expect(dom.textContent).toContain("There are no videos here yet.");
    expect(dom.querySelector("section")).toBeNull();
  });

  it("is in the viewer's language", () => {
    const html = markup(
      <InterstitialScreen interstitial={playlist} basePath="" locale="pt" cardTitleScale={1} />,
      undefined,
      "pt",
    );
    expect(html).toContain(">Reproduzir<");
    expect(html).toContain("Começa por");
    expect(html).toContain("Vídeos");
  });
});
