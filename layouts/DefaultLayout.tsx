import { PageTitle } from "./PageTitle.tsx";
import type { LayoutProps } from "./types.ts";

/** One column of blocks (home, browse, sections). */
export function DefaultLayout({ title, zones, titleHidden }: LayoutProps) {
  return (
    <div className="layout layout-default">
      <PageTitle title={title} hidden={titleHidden} />
      <div className="zone zone-main">{zones.main}</div>
    </div>
  );
}
