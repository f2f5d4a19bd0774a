import type { MouseEvent } from "react";
import { useT } from "../i18n/i18n.ts";

/** The id of every page's main landmark (focusable with tabIndex -1), where the skip link leads. */
export const MAIN_ID = "main";

/**
 * "Skip to content": the first tab stop of every page, hidden until focused, moving focus past
 * the banners, notices and header to the page's main landmark. Without scripts the fragment
 * link does the same; with them, focus moves without adding `#main` to the address.
 */
export function SkipLink() {
  const t = useT();
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    event.preventDefault();
    main.focus({ preventScroll: true });
    main.scrollIntoView({ block: "start" });
  };
  return (
    <a className="skip-link" href={`#${MAIN_ID}`} onClick={skip}>
      {t("skipToContent")}
    </a>
  );
}
