import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { i18nFor } from "../i18n/i18n.ts";
import type { loader as rootLoader } from "../root.tsx";
import { seoMeta } from "../seo/meta.ts";
import type { loadWatchPage } from "./watch.server.ts";

type WatchLoader = (args: LoaderFunctionArgs) => ReturnType<typeof loadWatchPage>;

/**
 * Title ("Video · Realm"), the item's description, canonical URL and preview image, and the
 * player's master playlist and hls.js chunk when the page will play.
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
  if (data.playback.state !== "ready") return meta;
  return [
    ...meta,
    // The master playlist, fetched while the page's code loads rather than after hydration.
    // As hls.js asks for it (a same-origin XHR: CORS mode, same-origin credentials), so the
    // browser hands the player the preloaded answer. A link, not a script: no nonce needed.
    {
      tagName: "link",
      rel: "preload",
      as: "fetch",
      href: data.playback.grant.url,
      crossOrigin: "anonymous",
    },
    ...(data.enginePreload
      ? [{ tagName: "link", rel: "modulepreload", href: data.enginePreload }]
      : []),
  ];
};
