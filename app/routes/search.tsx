import type { HeadersFunction, MetaFunction } from "@remix-run/node";
import { i18nFor } from "../i18n/i18n.ts";
import type { loader as rootLoader } from "../root.tsx";
import { searchPageLoader } from "../search/search.server.ts";
import { SearchScreen } from "../search/SearchScreen.tsx";
import type { SearchPageView } from "../search/view.ts";

/** `/search` (realms with the vesper engine; spec section 2, named route "search"). */
export const loader = searchPageLoader;

// "“okafor” · Search · Arena Fight Pass"; results pages are not indexed.
export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({
  data,
  matches,
}) => {
  const root = matches.find((match) => match.id === "root")?.data;
  const realmName = root?.shell?.realm.fullName;
  const { t } = i18nFor(root?.locale);
  const query = (data as SearchPageView | undefined)?.request.query;
  const title = [query ? `“${query}”` : null, t("search"), realmName].filter(Boolean).join(" · ");
  return [{ title }, { name: "robots", content: "noindex" }];
};

export const headers: HeadersFunction = ({ loaderHeaders }) => ({
  "Cache-Control": loaderHeaders.get("Cache-Control") ?? "private, no-store",
});

export default SearchScreen;
