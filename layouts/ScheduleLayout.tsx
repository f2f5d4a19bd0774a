import { PageTitle } from "./PageTitle.tsx";
import type { LayoutProps } from "./types.ts";

/** A narrower reading column for day-by-day listings. */
export function ScheduleLayout({ title, zones, titleHidden }: LayoutProps) {
  return (
    <div className="layout layout-schedule">
      <PageTitle title={title} hidden={titleHidden} />
      <div className="zone zone-main">{zones.main}</div>
    </div>
  );
}
