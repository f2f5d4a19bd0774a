import { PageTitle } from "./PageTitle.tsx";
import type { LayoutProps } from "./types.ts";

/** A header above the playlist's list of videos. */
export function PlaylistLayout({ title, zones, titleHidden }: LayoutProps) {
  return (
    <div className="layout layout-playlist">
      <header className="zone zone-header">
        <PageTitle title={title} hidden={titleHidden} />
        {zones.header}
      </header>
      <div className="zone zone-list">{zones.list}</div>
    </div>
  );
}
