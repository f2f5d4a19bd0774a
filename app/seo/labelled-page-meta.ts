import type { MetaFunction } from "@remix-run/node";
import type { LabelKey } from "../../contract/labels.ts";
import { i18nFor } from "../i18n/i18n.ts";
import type { loader as rootLoader } from "../root.tsx";
import { seoMeta } from "./meta.ts";
import type { PageSeo } from "./page-seo.ts";

/**
 * Meta of a page titled by a label: "Title · Realm", and a description label that may name
 * the realm (`{{realm}}`). The loader's data carries the page's `seo`.
 */
export function labelledPageMeta(
  titleKey: LabelKey,
  descriptionKey: LabelKey,
): MetaFunction<() => { seo: PageSeo }, { root: typeof rootLoader }> {
  return ({ data, matches }) => {
    if (!data) return [];
    const root = matches.find((m) => m.id === "root")?.data;
    const realmName = root?.shell?.realm.fullName;
    const locale = root?.locale ?? "en";
    const t = i18nFor(locale, root?.shell?.translations).t;
    const title = t(titleKey);
    return seoMeta({
      title: realmName ? `${title} · ${realmName}` : title,
      description: t(descriptionKey, { realm: realmName ?? title }),
      siteName: realmName,
      locale,
      seo: data.seo,
    });
  };
}
