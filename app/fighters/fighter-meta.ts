import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { i18nFor } from "../i18n/i18n.ts";
import type { loader as rootLoader } from "../root.tsx";
import { labelledPageMeta } from "../seo/labelled-page-meta.ts";
import { seoMeta } from "../seo/meta.ts";
import { fighterName } from "./FighterCard.tsx";
import type { loadFighter } from "./fighters.server.ts";

type FighterLoader = (args: LoaderFunctionArgs) => ReturnType<typeof loadFighter>;

/** "Name · Realm", a description from the record and division, and `Person` structured data. */
export const fighterMeta: MetaFunction<FighterLoader, { root: typeof rootLoader }> = ({
  data,
  matches,
}) => {
  if (!data) return [];
  const root = matches.find((m) => m.id === "root")?.data;
  const realmName = root?.shell?.realm.fullName;
  const locale = root?.locale ?? "en";
  const t = i18nFor(locale, root?.shell?.translations).t;
  const { fighter, seo } = data;
  const name = fighterName(fighter);
  const description = t("fighterDescription", {
    name,
    division: t(`division_${fighter.weightClass}`),
    record: t("fighterRecordValue", fighter.record),
  });
  return [
    ...seoMeta({
      title: realmName ? `${name} · ${realmName}` : name,
      description,
      siteName: realmName,
      locale,
      seo,
    }),
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "Person",
        name,
        givenName: fighter.firstName,
        familyName: fighter.lastName,
        ...(fighter.nickname ? { alternateName: fighter.nickname } : {}),
        nationality: { "@type": "Country", name: fighter.nationality },
        height: { "@type": "QuantitativeValue", value: fighter.height.value, unitCode: "MTR" },
        weight: { "@type": "QuantitativeValue", value: fighter.weight.value, unitCode: "LBR" },
        ...(seo.image ? { image: seo.image } : {}),
        ...(seo.canonical ? { url: seo.canonical } : {}),
        description,
      },
    },
  ];
};

/** "Fighters · Realm". */
export const fightersMeta = labelledPageMeta("fightersTitle", "fightersDescription");
