import { readFileSync } from "node:fs";

// Routes come from the route table (app/realm/route-table.json), not from file names: every
// named route is served under /realm/{name}/... and, on a realm's own domain, from the root.
const table = JSON.parse(
  readFileSync(new URL("./app/realm/route-table.json", import.meta.url), "utf8"),
);

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  appDirectory: "app",
  assetsBuildDirectory: "public/build",
  publicPath: "/build/",
  serverBuildPath: "build/index.js",
  serverModuleFormat: "esm",
  serverPlatform: "node",
  ignoredRouteFiles: ["**/*"],
  routes: async (defineRoutes) =>
    defineRoutes((route) => {
      const realmRoutes = (tree) => () => {
        for (const entry of table.routes) {
          const id = `${tree}.${entry.name}`;
          if (entry.path === "") route(undefined, entry.module, { index: true, id });
          else route(entry.path, entry.module, { id });
        }
      };
      route("realm/:realm", "routes/realm.$realm.tsx", { id: "realm" }, realmRoutes("realm"));
      // Pathless: on a realm's own domain the same routes start at the root.
      route(undefined, "routes/realm.$realm.tsx", { id: "host" }, realmRoutes("host"));
    }),
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
