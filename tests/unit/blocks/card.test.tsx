// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  Card,
  cardImageUrl,
  cardTitle,
  cardTitleLineHeight,
  formatDuration,
} from "../../../app/ui/Card.tsx";
import { toCardView, type CardView } from "../../../app/ui/card-view.ts";
import type { Card as CardData } from "../../../contract/generated/card.ts";
import { EVENTS, markup, PLAYLIST, SERIES, serverDom, textOfIds, VIDEOS } from "./fixtures.tsx";

const render = (card: CardData, props: { titleScale?: number; eager?: boolean } = {}) =>
  serverDom(<Card card={card} href={`/vod/${card.id}`} locale="en" {...props} />);

describe("card rules (spec: Search hit)", () => {
  it("uses the localised title, else the untranslated name", () => {
    expect(cardTitle(VIDEOS[0]!)).toBe("Knockout of the Week #1");
    expect(cardTitle(SERIES)).toBe("Inside the Camp");
  });

  it("uses smallCoverUrl, falling back to thumbnailUrl", () => {
    expect(cardImageUrl(VIDEOS[0]!)).toBe("/images/video-200-small.webp");
    expect(cardImageUrl(PLAYLIST)).toBe("/images/playlist-301-thumb.webp");
    expect(cardImageUrl({ ...PLAYLIST, thumbnailUrl: null })).toBeNull();
  });

  it("formats durations as m:ss under an hour and h:mm:ss from an hour", () => {
    expect(formatDuration(0)).toBe("0:00");
    expect(formatDuration(95)).toBe("1:35");
    expect(formatDuration(3599)).toBe("59:59");
    expect(formatDuration(3600)).toBe("1:00:00");
    expect(formatDuration(3723)).toBe("1:02:03");
  });

  it("changes the title line height at font scales 1 and 1.2", () => {
    expect(cardTitleLineHeight(0.9)).toBe(1.25);
    expect(cardTitleLineHeight(1)).toBe(1.25);
    expect(cardTitleLineHeight(1.1)).toBe(1.2);
    expect(cardTitleLineHeight(1.2)).toBe(1.2);
    expect(cardTitleLineHeight(1.3)).toBe(1.1);
  });
});

describe("Card", () => {
  it("is one link named by its title", () => {
    const dom = render(SERIES);
    const links = dom.querySelectorAll("a");
    expect(links).toHaveLength(1);
    const link = links[0]!;
    expect(link.getAttribute("href")).toBe("/vod/401");
    expect(textOfIds(dom, link.getAttribute("aria-labelledby"))).toBe("Inside the Camp");
  });

  it("requests WebP widths with a srcset and reserves a 16:9 box, lazily by default", () => {
    const img = render(VIDEOS[0]!).querySelector("img")!;
    expect(img.getAttribute("src")).toBe("/images/video-200-small.webp?w=410");
    expect(img.getAttribute("srcset")).toBe(
      "/images/video-200-small.webp?w=300 300w, /images/video-200-small.webp?w=410 410w, " +
        "/images/video-200-small.webp?w=640 640w",
    );
    expect(Number(img.getAttribute("width")) / Number(img.getAttribute("height"))).toBeCloseTo(
      16 / 9,
    );
    expect(img.getAttribute("loading")).toBe("lazy");
    expect(img.getAttribute("alt")).toBe("");
    expect(render(VIDEOS[0]!, { eager: true }).querySelector("img")!.getAttribute("loading")).toBe(
      "eager",
    );
  });

  it("falls back to the thumbnail and renders no image when there is none", () => {
    expect(render(PLAYLIST).querySelector("img")!.getAttribute("src")).toBe(
      "/images/playlist-301-thumb.webp?w=410",
    );
    expect(render({ ...PLAYLIST, thumbnailUrl: null }).querySelector("img")).toBeNull();
  });

  it("shows a video's duration with a spoken label, as part of the description", () => {
    const dom = render(video3723());
    const duration = dom.querySelector(".card-duration")!;
    expect(duration.querySelector('[aria-hidden="true"]')!.textContent).toBe("1:02:03");
    const description = textOfIds(dom, dom.querySelector("a")!.getAttribute("aria-describedby"));
    expect(description).toContain("Duration: 1 hour, 2 minutes, 3 seconds");
  });

  it("counts videos (vodCount, else videosCount) and seasons with plurals", () => {
    expect(render(PLAYLIST).textContent).toContain("10 videos");
    expect(render({ ...PLAYLIST, vodCount: 1 }).textContent).toContain("1 video");
    const legacy: CardData = { ...PLAYLIST, vodCount: undefined, videosCount: 4 };
    expect(render(legacy).textContent).toContain("4 videos");
    expect(render(SERIES).textContent).toContain("3 seasons");
    expect(render({ ...SERIES, seasonCount: 1 }).textContent).toContain("1 season");
  });

  it("translates counts, including Portuguese zero and Spanish large numbers", () => {
    const pt = markup(
      <Card card={{ ...PLAYLIST, vodCount: 0 }} href="/" locale="pt" />,
      undefined,
      "pt",
    );
    expect(pt).toContain("0 vídeos");
    const es = markup(<Card card={SERIES} href="/" locale="es" />, undefined, "es");
    expect(es).toContain("3 temporadas");
  });

  it("shows an event's start (UTC on the server) and a live badge", () => {
    const live = EVENTS[1]!;
    const dom = render(live);
    const time = dom.querySelector("time")!;
    expect(time.getAttribute("datetime")).toBe(live.startDate);
    expect(time.textContent!.replace(/\s/g, " ")).toBe("Mar 14, 2025, 2:30 PM");
    expect(dom.querySelector(".badge-live")!.textContent).toBe("Live");
    expect(render(EVENTS[2]!).querySelector(".badge-live")).toBeNull();
  });

  it("shows watch progress only when given, as a bar the link is described by", () => {
    expect(render(VIDEOS[0]!).querySelector('[role="progressbar"]')).toBeNull();
    const dom = serverDom(
      <Card
        card={VIDEOS[0]!}
        href="/vod/200"
        locale="en"
        progress={{ fraction: 0.4, remainingSeconds: 57 }}
      />,
    );
    const bar = dom.querySelector('[role="progressbar"]')!;
    expect(bar.getAttribute("aria-label")).toBe("1 min left");
    expect(bar.getAttribute("aria-valuenow")).toBe("40");
    expect(bar.querySelector<HTMLElement>(".watch-progress-fill")!.style.width).toBe("40%");
    expect(dom.querySelector("a")!.getAttribute("aria-describedby")!.split(" ")).toContain(bar.id);
  });

  it("scales the title font and sets its line height from the scale", () => {
    const title = (scale: number) =>
      render(VIDEOS[0]!, { titleScale: scale }).querySelector<HTMLElement>(".card-title")!.style;
    // Scale 1 is the stylesheet's own, written once for the page, not on every card.
    expect(title(1).cssText).toBe("");
    const rule = /\.card-title \{([^}]*)\}/.exec(readFileSync("app/styles/ui.css", "utf8"))![1]!;
    expect(rule).toContain(`line-height: ${cardTitleLineHeight(1)};`);
    expect(rule).toContain("font-size: var(--card-title-size, 1rem);");
    expect(title(1.15).lineHeight).toBe("1.2");
    expect(title(1.4).lineHeight).toBe("1.1");
    expect(title(1.4).fontSize).toContain("1.4");
  });
});

function video3723(): CardData {
  return { ...VIDEOS[0]!, duration: 3723 };
}

describe("a card as a list shows it (toCardView)", () => {
  const full = { ...VIDEOS[0]!, endDate: "2026-01-01T00:00:00Z" };

  it("leaves out what only heroes and detail pages read", () => {
    const view = toCardView(full);
    for (const field of ["description", "coverUrl", "endDate", "thumbnailUrl", "name"]) {
      expect(view, field).not.toHaveProperty(field);
    }
    expect(view).toMatchObject({ id: full.id, type: full.type, title: full.title });
    expect(cardImageUrl(view)).toBe(full.smallCoverUrl);
  });

  it("keeps the thumbnail where there is no small cover, and the name where there is no title", () => {
    const view = toCardView({ ...SERIES, smallCoverUrl: "", title: "" });
    expect(cardImageUrl(view)).toBe(SERIES.thumbnailUrl);
    expect(cardTitle(view)).toBe(SERIES.name);
  });

  it("renders the same card from the view as from the whole card", () => {
    const html = (card: CardData | CardView) =>
      serverDom(<Card card={card} href="/v" locale="en" />).innerHTML.replace(/:R[^:]+:/g, "id");
    expect(html(toCardView(full))).toBe(html(full));
  });
});
