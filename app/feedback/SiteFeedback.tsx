import type { ReactNode } from "react";
import { OutdatedBrowserPrompt } from "../notices/OutdatedBrowserPrompt.tsx";
import { NavigationProgress } from "./NavigationProgress.tsx";
import { ToastProvider } from "./Toasts.tsx";
import { useRootData } from "../realm/use-root-data.ts";

/**
 * What every page has around it, realm or not: the progress bar, toasts (`useToast()` and
 * the flash toast of the root loader) and the out-of-date browser prompt.
 */
export function SiteFeedback({ children }: { children: ReactNode }) {
  const root = useRootData();
  return (
    <ToastProvider flash={root?.toast}>
      <NavigationProgress />
      {root?.notices.outdatedBrowser ? <OutdatedBrowserPrompt /> : null}
      {children}
    </ToastProvider>
  );
}
