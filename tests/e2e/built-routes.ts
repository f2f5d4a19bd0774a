import { readFileSync } from "node:fs";
import { isBuilt } from "../../app/realm/built.ts";

// Read as a file: Playwright's loader cannot import JSON without an import attribute.
const table = JSON.parse(
  readFileSync(new URL("../../app/realm/route-table.json", import.meta.url), "utf8"),
) as { routes: { name: string; module: string }[] };

/** Whether the named route's page is built: only then do menus and headers link to it. */
export function routeIsBuilt(name: string): boolean {
  return table.routes.some((route) => route.name === name && isBuilt(route));
}
