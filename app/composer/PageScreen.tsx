import { useMemo } from "react";
import { BlockRenderContext, type BlockRender } from "../ui/render-context.tsx";
import type { ResolvedZones } from "../../blocks/resolve.ts";
import { PageView } from "../../layouts/PageView.tsx";
import type { ResultSet } from "../../contract/generated/result-set.ts";
import type { ComposedPage } from "../../schemas/generated/page.ts";
import type { Section } from "../../schemas/generated/section.ts";
import type { Localized } from "../../schemas/localized-text.ts";
import { useLocation } from "@remix-run/react";
import { realmPaths } from "../realm/links.ts";
import { realmRelativePath, routeHref } from "../realm/routes.ts";

export interface PageScreenProps {
  kind: "page" | "section";
  pageKey: string;
  /** Where the realm's links start: "/realm/{name}", or "" on the realm's own domain. */
  basePath: string;
  page: Localized<ComposedPage | Section>;
  zones: ResolvedZones;
  locale: string;
  cardTitleScale: number;
  /** Render the page title as its h1 (default true). */
  titled?: boolean;
}

/** What blocks rendered inside a realm need: its links, language and card title scale. */
export function realmBlockRender(
  basePath: string,
  locale: string,
  cardTitleScale: number,
  {
    loadMore,
    from,
  }: Pick<BlockRender, "loadMore"> & {
    /** The realm-relative path (and query) of the page shown, for sign-in to come back to. */
    from?: string;
  },
): BlockRender {
  const paths = realmPaths(basePath);
  return {
    hrefFor: paths.card,
    gridHref: paths.grid,
    contentHref: paths.content,
    eventCalendarHref: paths.eventCalendar,
    listHref: (kind) => routeHref(basePath, { name: kind === "MY_LIST" ? "myList" : "favourites" }),
    signInHref: routeHref(basePath, { name: "login", ...(from ? { query: { from } } : {}) }),
    locale,
    cardTitleScale,
    loadMore,
  };
}

/** A composed page inside the realm: blocks get the realm's links and its "load more" route. */
export function PageScreen({
  kind,
  pageKey,
  basePath,
  page,
  zones,
  locale,
  cardTitleScale,
  titled,
}: PageScreenProps) {
  const location = useLocation();
  const from = `${realmRelativePath(basePath, location.pathname)}${location.search}`;
  const render = useMemo<BlockRender>(() => {
    const paths = realmPaths(basePath);
    return realmBlockRender(basePath, locale, cardTitleScale, {
      from,
      async loadMore(blockId, pageNumber, rpp) {
        const response = await fetch(
          `${paths.moreOf(kind, pageKey, blockId)}?p=${pageNumber}&rpp=${rpp}`,
          {
            headers: { Accept: "application/json" },
          },
        );
        if (!response.ok) throw new Error(`load more failed with ${response.status}`);
        return (await response.json()) as ResultSet;
      },
    });
  }, [basePath, kind, pageKey, locale, cardTitleScale, from]);
  return (
    <BlockRenderContext.Provider value={render}>
      <PageView page={page} zones={zones} titled={titled} />
    </BlockRenderContext.Provider>
  );
}
