import type { ReactNode } from "react";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createI18n } from "../../../app/i18n/i18n.ts";
import { BlockRenderContext, type BlockRender } from "../../../app/ui/render-context.tsx";
import type {
  ContentQuery,
  ContentRef,
  ContentSource,
  ViewerListCards,
  ViewerSource,
} from "../../../blocks/types.ts";
import type { Card } from "../../../contract/generated/card.ts";
import type { Hero } from "../../../contract/generated/init-response.ts";
import type { ResultSet } from "../../../contract/generated/result-set.ts";
import type { WatchHistoryItem } from "../../../contract/generated/watch-history.ts";
import type { Sponsor } from "../../../schemas/generated/sponsor.ts";

export const NOW = new Date("2025-03-14T15:30:00Z");
const hours = (h: number) => new Date(NOW.getTime() + h * 3_600_000).toISOString();

export function event(id: number, title: string, startHours: number, extra: Partial<Card> = {}) {
  return {
    id,
    type: "LIVE_EVENT",
    title,
    description: `${title}, live from the arena.`,
    coverUrl: `/images/event-${id}.webp`,
    smallCoverUrl: `/images/event-${id}-small.webp`,
    thumbnailUrl: `/images/event-${id}-thumb.webp`,
    startDate: hours(startHours),
    endDate: hours(startHours + 3),
    live: false,
    ...extra,
  } satisfies Card;
}

export function video(id: number, title: string, duration: number, extra: Partial<Card> = {}) {
  return {
    id,
    type: "VOD_VIDEO",
    title,
    description: `Full replay: ${title}.`,
    coverUrl: `/images/video-${id}.webp`,
    smallCoverUrl: `/images/video-${id}-small.webp`,
    thumbnailUrl: `/images/video-${id}-thumb.webp`,
    duration,
    ...extra,
  } satisfies Card;
}

export const EVENTS: Card[] = [
  event(101, "Championship Night: Silva vs. Costa", -26, { live: false }),
  event(102, "Fight Night Lisbon", -1, { live: true }),
  event(103, "Road to the Title: Semi-finals", 6),
  event(104, "Grand Prix Final", 30),
  event(105, "Season Opener", 24 * 10),
  event(106, "Archive Classic", -24 * 5),
];

export const VIDEOS: Card[] = Array.from({ length: 30 }, (_, i) =>
  video(200 + i, `Knockout of the Week #${i + 1}`, 95 + i * 61),
);

export const PLAYLIST: Card = {
  id: 301,
  type: "VOD_PLAYLIST",
  title: "Greatest Comebacks",
  description: "Ten fights that turned around in the last round.",
  coverUrl: "/images/playlist-301.webp",
  smallCoverUrl: null,
  thumbnailUrl: "/images/playlist-301-thumb.webp",
  vodCount: 10,
};

export const SERIES: Card = {
  id: 401,
  type: "VOD_SERIES",
  title: "",
  name: "Inside the Camp",
  description: "A season with the fighters, from weigh-in to walkout.",
  coverUrl: "/images/series-401.webp",
  smallCoverUrl: "/images/series-401-small.webp",
  thumbnailUrl: null,
  seasonCount: 3,
};

const CATALOGUE: { ref: ContentRef; card: Card }[] = [
  ...EVENTS.map((card) => ({ ref: { type: "EVENT" as const, key: `event-${card.id}` }, card })),
  ...VIDEOS.map((card) => ({ ref: { type: "VIDEO" as const, key: `video-${card.id}` }, card })),
  { ref: { type: "PLAYLIST", key: "greatest-comebacks" }, card: PLAYLIST },
  { ref: { type: "SERIES", key: "inside-the-camp" }, card: SERIES },
];

const LINK_TYPES = { VOD: "VIDEO", LIVE: "EVENT", PLAYLIST: "PLAYLIST" } as const;

export function page(cards: Card[], pageNumber: number, rpp: number): ResultSet {
  const start = (pageNumber - 1) * rpp;
  return {
    hits: cards.slice(start, start + rpp),
    page: pageNumber,
    totalPages: Math.max(1, Math.ceil(cards.length / rpp)),
    totalHits: cards.length,
  };
}

/** The ContentSource the app would inject, over a fixed catalogue; it records its calls. */
export class MemoryContent implements ContentSource {
  readonly calls: { method: string; args: unknown[] }[] = [];

  constructor(
    private readonly catalogue = CATALOGUE,
    /** The card of the item the page shows, for playlist, series and season pages. */
    private readonly currentCard: Card | null = null,
    /** That item's sponsor metadata. */
    private readonly sponsor: Sponsor | null = null,
  ) {}

  async current(): Promise<Card | null> {
    this.calls.push({ method: "current", args: [] });
    return this.currentCard;
  }

  async currentSponsor(): Promise<Sponsor | null> {
    this.calls.push({ method: "currentSponsor", args: [] });
    return this.sponsor;
  }

  async list(query: ContentQuery, paging: { page: number; rpp: number }): Promise<ResultSet> {
    this.calls.push({ method: "list", args: [query, paging] });
    return page(this.select(query), paging.page, paging.rpp);
  }

  async items(refs: ContentRef[]): Promise<Card[]> {
    this.calls.push({ method: "items", args: [refs] });
    return refs.flatMap((ref) => this.find(ref.type, ref.key) ?? []);
  }

  async resolveContentLink(link: { key: string; type: "VOD" | "LIVE" | "PLAYLIST" }) {
    this.calls.push({ method: "resolveContentLink", args: [link] });
    const card = this.find(LINK_TYPES[link.type], link.key);
    return card ? { id: card.id } : null;
  }

  private find(type: ContentRef["type"], key: string): Card | undefined {
    return this.catalogue.find((entry) => entry.ref.type === type && entry.ref.key === key)?.card;
  }

  private select(query: ContentQuery): Card[] {
    const cards = this.catalogue.map((entry) => entry.card);
    switch (query.kind) {
      case "events":
        return cards.filter((card) => card.type === "LIVE_EVENT");
      case "videos":
        return cards.filter((card) => card.type === "VOD_VIDEO");
      case "playlists":
        return cards.filter((card) => card.type === "VOD_PLAYLIST");
      case "items":
        return "items" in query
          ? query.items.flatMap((ref) => this.find(ref.type, ref.key) ?? [])
          : [];
      default:
        return [];
    }
  }
}

export const HEROES: Hero[] = [
  {
    id: 102,
    type: "LIVE_EVENT",
    title: "Fight Night Lisbon",
    description: "Main card live now.",
    imageUrl: "/images/hero-102.webp",
    portraitImageUrl: "/images/hero-102-portrait.webp",
    startDate: hours(-1),
    live: true,
    link: { type: "LIVE", id: 102 },
  },
  {
    id: 104,
    type: "LIVE_EVENT",
    title: "Grand Prix Final",
    description: "Eight fighters, one night.",
    imageUrl: "/images/hero-104.webp",
    portraitImageUrl: null,
    startDate: hours(30),
    link: { type: "LIVE", id: 104 },
  },
  {
    id: 205,
    type: "VOD_VIDEO",
    title: "Knockout of the Week #6",
    description: "The one everybody is talking about.",
    imageUrl: "/images/hero-205.webp",
    portraitImageUrl: "/images/hero-205-portrait.webp",
    link: { type: "VOD", id: 205 },
  },
];

/** The ViewerSource the app would inject for a signed-in viewer, over a fixed history. */
export class MemoryViewer implements ViewerSource {
  readonly limits: number[] = [];
  constructor(
    private readonly items: WatchHistoryItem[] = [],
    private readonly list: ViewerListCards | null = { kind: "MY_LIST", items: [] },
    private readonly autoPlay = true,
  ) {}

  async history(limit: number): Promise<WatchHistoryItem[]> {
    this.limits.push(limit);
    return this.items.slice(0, limit);
  }

  async viewerList(limit: number): Promise<ViewerListCards | null> {
    this.limits.push(limit);
    return this.list && { ...this.list, items: this.list.items.slice(0, limit) };
  }

  async backgroundVideoAutoPlay(): Promise<boolean> {
    return this.autoPlay;
  }
}

export function context(content: ContentSource = new MemoryContent(), viewer?: ViewerSource) {
  return { content, heroes: HEROES, now: NOW, ...(viewer ? { viewer } : {}) };
}

export function renderer(overrides: Partial<BlockRender> = {}): BlockRender {
  return {
    hrefFor: (card) => `/realm/arena/${card.type === "LIVE_EVENT" ? "live" : "vod"}/${card.id}`,
    gridHref: (key) => `/realm/arena/grid/${key}`,
    contentHref: (link) => `/realm/arena/${link.type.toLowerCase()}/${link.id}`,
    eventCalendarHref: (id) => `/realm/arena/live/${id}/calendar.ics`,
    listHref: (kind) => (kind === "MY_LIST" ? "/realm/arena/my-list" : "/realm/arena/favourites"),
    signInHref: "/realm/arena/login?from=%2Fhome",
    loadMore: () => Promise.reject(new Error("loadMore not expected")),
    locale: "en",
    cardTitleScale: 1,
    ...overrides,
  };
}

export function Providers({
  children,
  render = renderer(),
  locale = "en",
}: {
  children: ReactNode;
  render?: BlockRender;
  locale?: string;
}) {
  return (
    <I18nextProvider i18n={createI18n(locale)}>
      <BlockRenderContext.Provider value={render}>{children}</BlockRenderContext.Provider>
    </I18nextProvider>
  );
}

/** Server rendering, as the first HTML. */
export function markup(node: ReactNode, render?: BlockRender, locale?: string): string {
  return renderToStaticMarkup(
    <Providers render={render} locale={locale}>
      {node}
    </Providers>,
  );
}

/** Server markup parsed into a detached element, for querying (needs a DOM environment). */
export function serverDom(node: ReactNode, render?: BlockRender): HTMLElement {
  const host = document.createElement("div");
  host.innerHTML = markup(node, render);
  return host;
}

export interface Mounted {
  container: HTMLElement;
  root: Root;
  rerender(node: ReactNode): Promise<void>;
  unmount(): void;
}

/** A browser render (createRoot), as after hydration. */
export async function mount(node: ReactNode, render?: BlockRender): Promise<Mounted> {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const container = document.createElement("div");
  document.body.append(container);
  const root = createRoot(container);
  const rerender = (next: ReactNode) =>
    act(async () => {
      root.render(<Providers render={render}>{next}</Providers>);
    });
  await rerender(node);
  return {
    container,
    root,
    rerender,
    unmount() {
      act(() => root.unmount());
      container.remove();
    },
  };
}

export async function click(element: Element | null | undefined): Promise<void> {
  if (!element) throw new Error("Nothing to click");
  await act(async () => {
    (element as HTMLElement).click();
  });
}

export async function press(element: Element | null | undefined, key: string): Promise<void> {
  if (!element) throw new Error("Nothing to press a key on");
  await act(async () => {
    element.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));
  });
}

/** Lets pending promises (a mocked fetch) settle inside act. */
export async function flush(): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** The visible text of the element an aria-labelledby / aria-describedby points at. */
export function textOfIds(root: ParentNode, ids: string | null): string {
  return (ids ?? "")
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => root.querySelector(`[id="${id}"]`)?.textContent ?? "")
    .join(" ")
    .trim();
}
