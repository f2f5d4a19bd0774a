import { useEffect } from "react";
import { useT } from "../i18n/i18n.ts";
import { ChunkLoadFailed } from "../ui/StatusPage.tsx";
import { reportClientError } from "./report.ts";

/**
 * What a route whose module never loaded renders instead (patches/@remix-run+react): the spec's
 * failure with a reload offer, reported once.
 */
export function chunkFailedModule(error: Error) {
  function ChunkFailedRoute() {
    const t = useT();
    const title = t("chunkLoadFailed");
    useEffect(() => reportClientError(error, "chunk"), []);
    // The route's own meta never arrived, so nothing else names the page.
    useEffect(() => {
      document.title = title;
    }, [title]);
    return <ChunkLoadFailed />;
  }
  return { default: ChunkFailedRoute };
}
