import { createRequire } from "node:module";
import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { buildOfTree, treeOfPath } from "../../server/route-trees.ts";

/** What Node loads for the server (the ES module build is the browser's). */
const router = createRequire(import.meta.url)(
  "@remix-run/router",
) as typeof import("@remix-run/router");

const route = (id: string, parentId: string | undefined, path?: string) => ({
  id,
  parentId,
  path,
  module: {},
});

/** The shape of remix.config.js: the root, then the same pages in two trees. */
const build = {
  routes: {
    root: route("root", undefined, ""),
    realm: route("realm", "root", "realm/:realm"),
    "realm.home": route("realm.home", "realm", "home"),
    host: route("host", "root"),
    "host.home": route("host.home", "host", "home"),
  },
  assets: {
    routes: {
      root: { id: "root" },
      realm: { id: "realm" },
      "realm.home": { id: "realm.home" },
      host: { id: "host" },
      "host.home": { id: "host.home" },
    },
  },
} as unknown as ServerBuild;

describe("one route tree per request", () => {
  it("gives each tree a build of the root and its own routes, in the page manifest too", () => {
    const realm = buildOfTree(build, "realm");
    expect(Object.keys(realm.routes)).toEqual(["root", "realm", "realm.home"]);
    expect(Object.keys(realm.assets.routes)).toEqual(["root", "realm", "realm.home"]);
    expect(Object.keys(buildOfTree(build, "host").routes)).toEqual(["root", "host", "host.home"]);
  });

  it("sends /realm/{name} paths to the realm tree, others to the host's, the manifest to both", () => {
    expect(treeOfPath("/realm/arena/home")).toBe("realm");
    expect(treeOfPath("/realm/arena/home.data")).toBe("realm");
    expect(treeOfPath("/home")).toBe("host");
    expect(treeOfPath("/")).toBe("host");
    expect(treeOfPath("/_root.data")).toBe("host");
    expect(treeOfPath("/realmless")).toBe("host");
    expect(treeOfPath("/__manifest")).toBeNull();
  });
});

describe("the server's route matching (patches/@remix-run+router)", () => {
  it("flattens and ranks a route list once, however often it matches", () => {
    const routes: Parameters<typeof router.matchRoutes>[0] = [
      { id: "a", path: "/a" },
      { id: "b", path: "/b/:id" },
    ];
    expect(router.matchRoutes(routes, "/b/7")?.[0]?.params).toEqual({ id: "7" });
    // A route added to the same list afterwards is not seen: the ranked list was kept. (The
    // server never changes a route list once made; the browser's router does, and its build
    // of the package is not patched.)
    routes.push({ id: "c", path: "/c" });
    expect(router.matchRoutes(routes, "/c")).toBeNull();
    expect(router.matchRoutes([...routes], "/c")?.[0]?.route.id).toBe("c");
  });

  it("still matches case-insensitively, to the end, and by prefix where asked", () => {
    expect(router.matchPath("/News/:id", "/news/4")?.params).toEqual({ id: "4" });
    expect(router.matchPath({ path: "/News", caseSensitive: true }, "/news")).toBeNull();
    expect(router.matchPath({ path: "/news", end: false }, "/news/4")?.pathnameBase).toBe("/news");
    expect(router.matchPath({ path: "/news", end: true }, "/news/4")).toBeNull();
  });
});
