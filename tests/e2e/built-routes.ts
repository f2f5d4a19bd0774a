import { readFileSync } from "node:fs";
import { isBuilt } from "../../app/realm/built.ts";

// Read as a file: Playwright's loader cannot import JSON without an import attribute.
const table = JSON.parse(
  readFileSync(new URL("../../app/realm/route-table.json", import.meta.url), "utf8"),
) as {
  routes: { name: string; path: string; module: string; access: string; requires?: string }[];
};

/** Whether the named route's page is built: only then do menus and headers link to it. */
export function routeIsBuilt(name: string): boolean {
  return table.routes.some((route) => route.name === name && isBuilt(route));
}

/** Routes open to anyone, without parameters or realm conditions, whose page is not built. */
export function unbuiltOpenRoutes(): { name: string; path: string }[] {
  return table.routes.filter(
    (route) =>
      !isBuilt(route) && route.access === "anyone" && !route.requires && !route.path.includes(":"),
  );
}
