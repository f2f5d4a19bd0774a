import type { HeadersFunction } from "@remix-run/node";
import { loadNewsItem } from "../news/news-item.server.ts";
import { newsItemMeta } from "../news/news-meta.ts";
import { NewsArticleScreen } from "../news/NewsArticleScreen.tsx";
import newsStyles from "../styles/news.css?url";

/** `/news/{id}`: one news article (spec section 2, named route "newsItem"). */
export const loader = loadNewsItem;
export const meta = newsItemMeta;
export const headers: HeadersFunction = ({ loaderHeaders }) => ({
  "Cache-Control": loaderHeaders.get("Cache-Control") ?? "private, no-cache",
});
export const links = () => [{ rel: "stylesheet", href: newsStyles }];
export default NewsArticleScreen;
