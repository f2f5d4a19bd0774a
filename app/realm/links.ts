import type { Card } from "../../schemas/generated/card.ts";

/** Paths inside a realm, under its /realm/{name} prefix. */
export function realmPaths(realm: string) {
  const base = `/realm/${realm}`;
  return {
    home: base,
    card(card: Card): string {
      switch (card.type) {
        case "LIVE_EVENT": {
          const ended = card.endDate !== undefined && Date.parse(card.endDate) <= Date.now();
          return `${base}/${ended ? "vod" : "live"}/${card.id}`;
        }
        case "VOD_VIDEO":
          return `${base}/vod/${card.id}`;
        case "VOD_PLAYLIST":
          return `${base}/playlist/${card.id}`;
        case "VOD_SERIES":
          return `${base}/series/${card.id}`;
        case "VOD_SEASON":
          return `${base}/season/${card.id}`;
        case "NEWS":
          return `${base}/news/${card.id}`;
      }
    },
    grid: (pageKey: string) => `${base}/grid/${pageKey}`,
    content(link: { type: "VOD" | "LIVE" | "PLAYLIST"; id: number }): string {
      return `${base}/${link.type.toLowerCase()}/${link.id}`;
    },
    section: (name: string) => `${base}/section/${name}`,
    moreOf: (kind: "page" | "section", key: string, blockId: string) =>
      `${base}/more/${kind}/${key}/${blockId}`,
  };
}
