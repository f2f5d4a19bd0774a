import type {
  HeadersFunction,
  LoaderFunctionArgs,
  MetaArgs,
  MetaFunction,
  SerializeFrom,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { heroPreloadLinks } from "../../blocks/hero/preload.ts";
import { i18nFor } from "../i18n/i18n.ts";
import type { loader as rootLoader } from "../root.tsx";
import { seoMeta } from "../seo/meta.ts";
import type { PageSeo } from "../seo/page-seo.ts";
import type { loadComposedPageRoute } from "./page-route.server.ts";
import { PageScreen } from "./PageScreen.tsx";
import { useRootData } from "../realm/use-root-data.ts";

type PageLoader = (args: LoaderFunctionArgs) => ReturnType<typeof loadComposedPageRoute>;

/** The screen of every route that shows a composed page or section. */
export function ComposedPageRoute() {
  const loaded = useLoaderData<PageLoader>();
  const shell = useRootData()?.shell;
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
}) =>
  data ? [...pageMetaTags(data.page, data.seo, matches), ...heroPreloadLinks(data.zones)] : [];

/**
 * The meta tags of a realm page titled `page.title`: "Title · Realm", the page's description
 * (else the realm's), and its canonical URL and Open Graph tags.
 */
export function pageMetaTags(
  page: { title: string; description?: string },
  seo: PageSeo,
  matches: MetaArgs<unknown, { root: typeof rootLoader }>["matches"],
) {
  const root = matches.find((m) => m.id === "root")?.data as
    SerializeFrom<typeof rootLoader> | undefined;
  const realmName = root?.shell?.realm.fullName;
  const locale = root?.locale ?? "en";
  const title = realmName && page.title !== realmName ? `${page.title} · ${realmName}` : page.title;
  const description =
    page.description ||
    i18nFor(locale, root?.shell?.translations).t("seoDescription", {
      realm: realmName ?? page.title,
    });
  return seoMeta({ title, description, siteName: realmName, locale, seo });
}

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
