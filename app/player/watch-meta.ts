import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { i18nFor } from "../i18n/i18n.ts";
import type { loader as rootLoader } from "../root.tsx";
import { seoMeta } from "../seo/meta.ts";
import type { loadWatchPage } from "./watch.server.ts";

type WatchLoader = (args: LoaderFunctionArgs) => ReturnType<typeof loadWatchPage>;

/**
 * Title ("Video · Realm"), the item's description, canonical URL and preview image, and the
 * player's hls.js chunk when the page will play.
 */
export const watchMeta: MetaFunction<WatchLoader, { root: typeof rootLoader }> = ({
  data,
  matches,
}) => {
  const root = matches.find((m) => m.id === "root")?.data;
  if (!data) return [];
  const realmName = root?.shell?.realm.fullName;
  const locale = root?.locale ?? "en";
  const title = realmName ? `${data.item.title} · ${realmName}` : data.item.title;
  const description =
    data.item.description ||
    i18nFor(locale, root?.shell?.translations).t("seoDescription", {
      realm: realmName ?? data.item.title,
    });
  const meta = seoMeta({ title, description, siteName: realmName, locale, seo: data.seo });
  return data.enginePreload
    ? [...meta, { tagName: "link", rel: "modulepreload", href: data.enginePreload }]
    : meta;
};
