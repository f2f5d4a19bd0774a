import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { i18nFor } from "../i18n/i18n.ts";
import type { loader as rootLoader } from "../root.tsx";
import { seoMeta } from "../seo/meta.ts";
import type { loadEpg } from "./epg.server.ts";

type EpgLoader = (args: LoaderFunctionArgs) => ReturnType<typeof loadEpg>;

/** "TV guide · Realm". */
export const epgMeta: MetaFunction<EpgLoader, { root: typeof rootLoader }> = ({
  data,
  matches,
}) => {
  if (!data) return [];
  const root = matches.find((m) => m.id === "root")?.data;
  const realmName = root?.shell?.realm.fullName;
  const locale = root?.locale ?? "en";
  const t = i18nFor(locale, root?.shell?.translations).t;
  const title = t("epgTitle");
  return seoMeta({
    title: realmName ? `${title} · ${realmName}` : title,
    description: t("epgDescription", { realm: realmName ?? title }),
    siteName: realmName,
    locale,
    seo: data.seo,
  });
};
