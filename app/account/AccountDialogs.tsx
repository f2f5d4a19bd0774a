import { lazy, Suspense } from "react";
import * as onServer from "./account-dialogs.server.ts";
import { useRootData } from "../realm/use-root-data.ts";

const InBrowser = lazy(() => import("./AccountDialogsContent.tsx"));

/**
 * The signed-in account's dialogs (consent, missing details, profiles, preferences). Their code
 * is a chunk of its own: a visitor's pages never load it, and a signed-in viewer's page
 * hydrates them when it has arrived (the server's markup stays until then).
 */
export function AccountDialogs() {
  const root = useRootData();
  if (!root?.account || !root.shell) return null;
  const Content = (onServer as Partial<typeof onServer>).AccountDialogsContent ?? InBrowser;
  return (
    <Suspense fallback={null}>
      <Content />
    </Suspense>
  );
}
