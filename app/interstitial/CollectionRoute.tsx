import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageScreen } from "../composer/PageScreen.tsx";
import { pageMetaTags } from "../composer/ComposedPageRoute.tsx";
import type { loader as rootLoader } from "../root.tsx";
import interstitialStyles from "../styles/interstitial.css?url";
import { cardTitle } from "../ui/Card.tsx";
import { InterstitialScreen } from "./InterstitialScreen.tsx";
import type { loadCollectionRoute } from "./routes.server.ts";
import { useRootData } from "../realm/use-root-data.ts";

type CollectionLoader = (args: LoaderFunctionArgs) => ReturnType<typeof loadCollectionRoute>;

/**
 * The screen of a collection route (playlist, season, series, interstitial): the interstitial
 * page when the loader chose it, else the realm's template page for the item.
 */
export function CollectionRoute() {
  const loaded = useLoaderData<CollectionLoader>();
  const shell = useRootData()?.shell;
  const locale = shell?.locale ?? "en";
  const cardTitleScale = shell?.theme.cardTitleFontScale ?? 1;
  if ("interstitial" in loaded) {
    return (
      <InterstitialScreen
        interstitial={loaded.interstitial}
        basePath={loaded.basePath}
        locale={locale}
        cardTitleScale={cardTitleScale}
      />
    );
  }
  return (
    <PageScreen
      kind={loaded.kind}
      pageKey={loaded.key}
      basePath={loaded.basePath}
      page={loaded.page}
      zones={loaded.zones}
      locale={locale}
      cardTitleScale={cardTitleScale}
    />
  );
}

/** Titled by the collection either way: the interstitial by its item, the page by its config. */
export const collectionMeta: MetaFunction<CollectionLoader, { root: typeof rootLoader }> = ({
  data,
  matches,
}) => {
  if (!data) return [];
  if ("interstitial" in data) {
    const { item } = data.interstitial;
    return pageMetaTags(
      { title: cardTitle(item), description: item.description },
      data.seo,
      matches,
    );
  }
  return pageMetaTags(data.page, data.seo, matches);
};

/** The interstitial page's stylesheet: its routes may show it. */
export const collectionLinks: LinksFunction = () => [
  { rel: "stylesheet", href: interstitialStyles },
];
