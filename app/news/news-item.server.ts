import { data, type LoaderFunctionArgs } from "@remix-run/node";
import type { Card } from "../../contract/generated/card.ts";
import type { NewsDetail } from "../../contract/generated/content-detail.ts";
import type { PlatformClient } from "../api-client/client.ts";
import { platformClient } from "../api-client/platform.server.ts";
import { cacheControlFor } from "../composer/page-route.server.ts";
import { contentId } from "../realm/content-id.ts";
import { requireRealmRequest } from "../realm/request.server.ts";
import { asItemRouteError } from "../realm/shell.server.ts";
import { pageSeo } from "../seo/page-seo.ts";
import type { RelatedRail } from "../ui/RelatedRails.tsx";
import { renderRichText } from "../ui/rich-text.server.ts";

const RELATED_ITEMS = 12;

/**
 * `/news/{id}`: the article with its body rendered (and sanitised) here, on the server, so
 * neither the Markdown parser nor anything raw from the store reaches the browser; then more
 * news and the latest videos. The page is the same for every viewer.
 */
export async function loadNewsItem(args: LoaderFunctionArgs) {
  const { realm, shell, basePath } = await requireRealmRequest(args);
  const id = contentId(args.params.id);
  if (!id) throw data(null, { status: 404 });
  const platform = platformClient(args.context, { realm, locale: shell.locale });
  let article: NewsDetail;
  try {
    article = await platform.call("newsItem", { params: { id } });
  } catch (error) {
    throw asItemRouteError(error);
  }
  const related = await relatedRails(platform, article);
  const seo = pageSeo({
    requestUrl: new URL(args.request.url),
    basePath,
    preferredDomain: realm.preferredDomain,
    key: `news/${id}`,
    images: [article.coverUrl, article.thumbnailUrl, realm.logoUrl],
  });
  const { body, ...rest } = article;
  return data(
    { article: rest, bodyHtml: renderRichText(body), related, seo, basePath },
    { headers: { "Cache-Control": cacheControlFor(args.request, args.context) } },
  );
}

/** More news (newest first, this one left out) and the latest videos; a failing rail is left out. */
async function relatedRails(platform: PlatformClient, article: NewsDetail): Promise<RelatedRail[]> {
  const list = async (name: "news" | "vods"): Promise<Card[]> => {
    try {
      const set = await platform.call(name, { query: { p: 1, rpp: RELATED_ITEMS + 1 } });
      return set.hits
        .filter((card) => card.id !== article.id || card.type !== article.type)
        .slice(0, RELATED_ITEMS);
    } catch (error) {
      console.error(`related ${name}: ${error instanceof Error ? error.message : String(error)}`);
      return [];
    }
  };
  const [news, videos] = await Promise.all([list("news"), list("vods")]);
  return [
    { id: "news", titleKey: "moreNews", cards: news },
    { id: "videos", titleKey: "latestVideos", cards: videos },
  ].filter((rail) => rail.cards.length > 0);
}
