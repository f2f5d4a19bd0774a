import { useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "../root.tsx";

/**
 * The root loader's data (realm shell, locale, viewer, notices) from any component; undefined
 * when the root loader did not answer (the root's own error page).
 */
export function useRootData() {
  return useRouteLoaderData<typeof rootLoader>("root");
}
