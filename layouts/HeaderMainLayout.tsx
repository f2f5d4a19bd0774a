import { PageTitle } from "./PageTitle.tsx";
import type { LayoutProps } from "./types.ts";

/** Series and season pages: a header (artwork, sponsor) above the episodes. */
export function HeaderMainLayout({
  title,
  zones,
  titleHidden,
  variant,
}: LayoutProps & { variant: "series" | "season" }) {
  return (
    <div className={`layout layout-${variant}`}>
      <header className="zone zone-header">
        <PageTitle title={title} hidden={titleHidden} />
        {zones.header}
      </header>
      <div className="zone zone-main">{zones.main}</div>
    </div>
  );
}
