import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { i18nFor } from "../i18n/i18n.ts";
import type { loader as rootLoader } from "../root.tsx";
import { seoMeta } from "../seo/meta.ts";
import type { loadComposedPageRoute } from "./page-route.server.ts";
import { PageScreen } from "./PageScreen.tsx";

type PageLoader = (args: LoaderFunctionArgs) => ReturnType<typeof loadComposedPageRoute>;

/** The screen of every route that shows a composed page or section. */
export function ComposedPageRoute() {
  const loaded = useLoaderData<PageLoader>();
  const shell = useRouteLoaderData<typeof rootLoader>("root")?.shell;
  return (
    <PageScreen
      kind={loaded.kind}
      pageKey={loaded.key}
      basePath={loaded.basePath}
      page={loaded.page}
      zones={loaded.zones}
      locale={shell?.locale ?? "en"}
      cardTitleScale={shell?.theme.cardTitleFontScale ?? 1}
    />
  );
}

/**
 * Page title ("Page · Realm"), description (the page's, else the realm's), canonical URL and
 * Open Graph tags from the page config and what the loader found for it.
 */
export const composedPageMeta: MetaFunction<PageLoader, { root: typeof rootLoader }> = ({
  data,
  matches,
}) => {
  const root = matches.find((m) => m.id === "root")?.data;
  if (!data) return [];
  const realmName = root?.shell?.realm.fullName;
  const locale = root?.locale ?? "en";
  const title =
    realmName && data.page.title !== realmName
      ? `${data.page.title} · ${realmName}`
      : data.page.title;
  const description =
    data.page.description ||
    i18nFor(locale, root?.shell?.translations).t("seoDescription", {
      realm: realmName ?? data.page.title,
    });
  return seoMeta({ title, description, siteName: realmName, locale, seo: data.seo });
};

/**
 * The loader's caching decision for the page; errors (404, 503...) are never stored. A page
 * differs by language, by session (cookies) and by device class (the realm's menu is picked
 * from the user agent), so a shared cache must key it by all three.
 */
export const composedPageHeaders: HeadersFunction = ({ loaderHeaders, errorHeaders }) => {
  const headers: Record<string, string> = errorHeaders
    ? { "Cache-Control": "no-store" }
    : {
        "Cache-Control": loaderHeaders.get("Cache-Control") ?? "private, no-cache",
        // The browser decides the menu, the Android app banner and the out-of-date browser prompt.
        Vary: "Accept-Language, Cookie, User-Agent",
      };
  return headers;
};
