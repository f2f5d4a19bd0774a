import { useMemo } from "react";
import type { Card } from "../../contract/generated/card.ts";
import type { ResultSet } from "../../contract/generated/result-set.ts";
import { realmBlockRender } from "../composer/PageScreen.tsx";
import { useT } from "../i18n/i18n.ts";
import { useRootData } from "../realm/use-root-data.ts";
import { Rail } from "./Rail.tsx";
import { BlockRenderContext } from "./render-context.tsx";

/** A rail under a page's own content (what to watch or read next): its title's label key and cards. */
export interface RelatedRail {
  id: string;
  titleKey: string;
  cards: Card[];
}

/** Rails of what to watch or read next, under a watch page or an article. */
export function RelatedRails({
  rails,
  basePath,
  locale,
}: {
  rails: RelatedRail[];
  basePath: string;
  locale: string;
}) {
  const t = useT();
  const shell = useRootData()?.shell;
  const titleScale = shell?.theme.cardTitleFontScale ?? 1;
  const render = useMemo(
    () =>
      realmBlockRender(basePath, locale, titleScale, {
        // Related rails show what they hold; they have no further pages.
        loadMore: () => Promise.reject(new Error("related rails have no more pages")),
      }),
    [basePath, locale, titleScale],
  );
  if (rails.length === 0) return null;
  return (
    <BlockRenderContext.Provider value={render}>
      <div className="related-rails">
        {rails.map((rail) => {
          const data: ResultSet = {
            hits: rail.cards,
            page: 1,
            totalPages: 1,
            totalHits: rail.cards.length,
          };
          return <Rail key={rail.id} config={{ title: t(rail.titleKey) }} data={data} />;
        })}
      </div>
    </BlockRenderContext.Provider>
  );
}
