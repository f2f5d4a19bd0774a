import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useT } from "../i18n/i18n.ts";
import { useRootData } from "../realm/use-root-data.ts";
import { imageAtWidth, imageSrcSet } from "../ui/image.tsx";
import { LocalTime } from "../ui/LocalTime.tsx";
import { RelatedRails } from "../ui/RelatedRails.tsx";
import type { loadNewsItem } from "./news-item.server.ts";

type NewsItemLoader = (args: LoaderFunctionArgs) => ReturnType<typeof loadNewsItem>;

/** Widths the hero image is offered at; the browser picks by the slot's width and density. */
const HERO_WIDTHS = [480, 768, 1200, 1600] as const;
const PUBLISHED: Intl.DateTimeFormatOptions = { dateStyle: "long", timeStyle: "short" };

/** A news article: headline, standfirst, byline and date, hero image, body, then what next. */
export function NewsArticleScreen() {
  const { article, bodyHtml, related, basePath } = useLoaderData<NewsItemLoader>();
  const t = useT();
  const locale = useRootData()?.locale ?? "en";
  const hero = article.coverUrl ?? article.thumbnailUrl;
  return (
    <article className="news-article" aria-labelledby="news-headline">
      <header className="news-article-header">
        <h1 id="news-headline">{article.title}</h1>
        {article.description ? <p className="news-standfirst">{article.description}</p> : null}
        <p className="news-byline">
          {t("newsByline", { author: article.author })}
          {" · "}
          <LocalTime iso={article.publishedAt} locale={locale} options={PUBLISHED} />
        </p>
      </header>
      {hero ? (
        <figure className="news-hero">
          <img
            src={imageAtWidth(hero, 1200)}
            srcSet={imageSrcSet(hero, HERO_WIDTHS)}
            sizes="(min-width: 60rem) 60rem, 100vw"
            width={1600}
            height={900}
            alt=""
            fetchPriority="high"
          />
        </figure>
      ) : null}
      {/* Rendered and sanitised on the server (app/ui/rich-text.server.ts). */}
      <div className="news-body rich-text" dangerouslySetInnerHTML={{ __html: bodyHtml }} />
      <RelatedRails rails={related} basePath={basePath} locale={locale} />
    </article>
  );
}
