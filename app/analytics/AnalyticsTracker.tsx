import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useRootData } from "../realm/use-root-data.ts";
import { startTracker, type Tracker } from "./tracker.ts";

/**
 * Starts the page's analytics once it is interactive (nothing runs on the server) and sends a
 * navigation event for every page reached. Renders nothing.
 */
export function AnalyticsTracker() {
  const data = useRootData();
  const { pathname } = useLocation();
  const tracker = useRef<Tracker | null>(null);
  const shell = data?.shell;
  const basePath = data?.basePath;
  const viewer = data?.viewer;
  useEffect(() => {
    if (!shell || basePath == null) return;
    const started = startTracker({
      events: shell.analyticsEvents,
      emailIdentity: shell.analyticsEmailIdentity,
      // The `analytics` route of the route table; spelt out so every page need not load the table.
      url: `${basePath}/analytics`,
      basePath,
      sandbox: process.env.NODE_ENV === "development",
      user: viewer?.analyticsId
        ? { id: viewer.analyticsId, kind: "customer", mainProfile: !viewer.child }
        : viewer?.role === "GUEST"
          ? { id: "guest", kind: "guest", mainProfile: true }
          : null,
    });
    tracker.current = started;
    return () => {
      tracker.current = null;
      started.stop();
    };
    // One tracker per realm and viewer: a sign-in or sign-out starts it again.
  }, [shell?.realm.name, basePath, viewer?.analyticsId, viewer?.role]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    // After the page's title is set for the new route.
    const timer = window.setTimeout(() => tracker.current?.navigate(pathname, document.title), 0);
    return () => window.clearTimeout(timer);
  }, [pathname, shell?.realm.name, viewer?.analyticsId]);
  return null;
}
