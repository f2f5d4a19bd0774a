import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { loader as rootLoader } from "../root.tsx";
import { seoMeta } from "../seo/meta.ts";
import type { loadNewsItem } from "./news-item.server.ts";

type NewsItemLoader = (args: LoaderFunctionArgs) => ReturnType<typeof loadNewsItem>;

/**
 * "Headline · Realm", the standfirst as description, Open Graph article tags and `NewsArticle`
 * structured data, so that search engines and link previews show the article as news.
 */
export const newsItemMeta: MetaFunction<NewsItemLoader, { root: typeof rootLoader }> = ({
  data,
  matches,
}) => {
  if (!data) return [];
  const root = matches.find((m) => m.id === "root")?.data;
  const realmName = root?.shell?.realm.fullName;
  const locale = root?.locale ?? "en";
  const { article, seo } = data;
  const title = realmName ? `${article.title} · ${realmName}` : article.title;
  const meta = seoMeta({
    title,
    description: article.description,
    siteName: realmName,
    locale,
    seo,
  }).map((tag) =>
    "property" in tag && tag.property === "og:type"
      ? { property: "og:type", content: "article" }
      : tag,
  );
  return [
    ...meta,
    { property: "article:published_time", content: article.publishedAt },
    { property: "article:author", content: article.author },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "NewsArticle",
        headline: article.title,
        description: article.description,
        datePublished: article.publishedAt,
        inLanguage: locale,
        ...(seo.image ? { image: [seo.image] } : {}),
        ...(seo.canonical ? { mainEntityOfPage: seo.canonical, url: seo.canonical } : {}),
        author: [{ "@type": "Person", name: article.author }],
        ...(realmName ? { publisher: { "@type": "Organization", name: realmName } } : {}),
      },
    },
  ];
};
