import { useMemo } from "react";
import { BlockRenderContext, type BlockRender } from "../ui/render-context.tsx";
import type { ResolvedZones } from "../../blocks/resolve.ts";
import { PageView } from "../../layouts/PageView.tsx";
import type { ResultSet } from "../../contract/generated/result-set.ts";
import type { ComposedPage } from "../../schemas/generated/page.ts";
import type { Section } from "../../schemas/generated/section.ts";
import { realmPaths } from "../realm/links.ts";

export interface PageScreenProps {
  kind: "page" | "section";
  pageKey: string;
  /** Where the realm's links start: "/realm/{name}", or "" on the realm's own domain. */
  basePath: string;
  page: ComposedPage | Section;
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
  { loadMore }: Pick<BlockRender, "loadMore">,
): BlockRender {
  const paths = realmPaths(basePath);
  return {
    hrefFor: paths.card,
    gridHref: paths.grid,
    contentHref: paths.content,
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
  const render = useMemo<BlockRender>(() => {
    const paths = realmPaths(basePath);
    return realmBlockRender(basePath, locale, cardTitleScale, {
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
  }, [basePath, kind, pageKey, locale, cardTitleScale]);
  return (
    <BlockRenderContext.Provider value={render}>
      <PageView page={page} zones={zones} titled={titled} />
    </BlockRenderContext.Provider>
  );
}
