/** The module of a named route whose page is not built yet: it answers the not-found page. */
export const NOT_BUILT_MODULE = "routes/not-built.tsx";

/** Whether a route has its page; links (menu, header, sitemap) never lead to one that has not. */
export function isBuilt(route: { module: string }): boolean {
  return route.module !== NOT_BUILT_MODULE;
}
