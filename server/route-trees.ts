/**
 * The web app's routes form two trees of the same pages (remix.config.js): `realm` under
 * `/realm/{name}` and `host` at a realm domain's root. Remix tests a request's path against
 * every route of its build, several times per request, so each tree gets a build of its own
 * (the root and that tree) and a request is matched against the one tree its path can be in.
 * The whole build still answers what names paths of either tree (`/__manifest`, which lazy route
 * discovery asks with the paths a page links to). See docs/decisions/017-one-route-tree-per-request.md.
 */
import { createRequestHandler, type ServerBuild } from "@remix-run/node";

export type RouteTree = "realm" | "host";

/** Route ids of the two trees (remix.config.js): `realm`, `realm.home`, `host`, `host.home`... */
const inTree = (id: string, tree: RouteTree) => id === tree || id.startsWith(`${tree}.`);

/** `build` with the root route and one tree's routes only, for the server and the page's manifest. */
export function buildOfTree(build: ServerBuild, tree: RouteTree): ServerBuild {
  const keep = (id: string) => id === "root" || inTree(id, tree);
  const pick = <T>(routes: Record<string, T>) =>
    Object.fromEntries(Object.entries(routes).filter(([id]) => keep(id)));
  return {
    ...build,
    routes: pick(build.routes),
    assets: { ...build.assets, routes: pick(build.assets.routes) },
  };
}

/** The tree a path is in: `/realm/{name}...` is the realm tree, any other page the host's. */
export function treeOfPath(pathname: string): RouteTree | null {
  if (pathname === "/__manifest") return null;
  return pathname.startsWith("/realm/") ? "realm" : "host";
}

type Handler = ReturnType<typeof createRequestHandler>;

/** One Remix request handler per tree, and the whole build's for paths of no one tree. */
export function treeRequestHandler(
  build: ServerBuild,
  mode: string,
): (request: Request, context: Parameters<Handler>[1]) => ReturnType<Handler> {
  const handlers: Record<RouteTree, Handler> = {
    realm: createRequestHandler(buildOfTree(build, "realm"), mode),
    host: createRequestHandler(buildOfTree(build, "host"), mode),
  };
  const whole = createRequestHandler(build, mode);
  return (request, context) => {
    const tree = treeOfPath(new URL(request.url).pathname);
    return (tree ? handlers[tree] : whole)(request, context);
  };
}
