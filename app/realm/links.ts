import type { Card } from "../../contract/generated/card.ts";
import { routeHref } from "./routes.ts";

/**
 * Links inside one realm, from the route table. `base` is "/realm/{name}" on a shared host and
 * "" on the realm's own domain.
 */
export function realmPaths(base: string) {
  const to = (name: string, params?: Record<string, string>) => routeHref(base, { name, params });
  return {
    home: to("root"),
    card(card: Pick<Card, "id" | "type">): string {
      const id = String(card.id);
      switch (card.type) {
        // An event's page plays it live, and its replay once it has ended.
        case "LIVE_EVENT":
          return to("live", { id });
        case "VOD_VIDEO":
          return to("vod", { id });
        case "VOD_PLAYLIST":
          return to("playlist", { id });
        case "VOD_SERIES":
          return to("series", { id });
        case "VOD_SEASON":
          return to("season", { id });
        case "NEWS":
          return to("newsItem", { id });
      }
    },
    grid: (pageKey: string) => to("grid", { key: pageKey }),
    /** An event's reminder: its `.ics` download, in every realm. */
    eventCalendar: (eventId: number) => to("liveEventCalendar", { id: String(eventId) }),
    content(link: { type: "VOD" | "LIVE" | "PLAYLIST"; id: number }): string {
      return to(link.type.toLowerCase(), { id: String(link.id) });
    },
    section: (name: string) => to("section", { name }),
    moreOf: (kind: "page" | "section", key: string, blockId: string) =>
      to("more", { kind, key, blockId }),
  };
}
