import { PageTitle } from "./PageTitle.tsx";
import type { LayoutProps } from "./types.ts";

/** A header, then a sidebar beside the list (below it on narrow screens). */
export function GridLayout({ title, zones, titleHidden }: LayoutProps) {
  return (
    <div className="layout layout-grid">
      <header className="zone zone-header">
        <PageTitle title={title} hidden={titleHidden} />
        {zones.header}
      </header>
      <div className="layout-grid-body">
        <div className="zone zone-list">{zones.list}</div>
        {zones.sidebar ? <aside className="zone zone-sidebar">{zones.sidebar}</aside> : null}
      </div>
    </div>
  );
}
