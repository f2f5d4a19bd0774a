import { DefaultLayout } from "./DefaultLayout.tsx";
import { GridLayout } from "./GridLayout.tsx";
import { HeaderMainLayout } from "./HeaderMainLayout.tsx";
import { PlaylistLayout } from "./PlaylistLayout.tsx";
import { ScheduleLayout } from "./ScheduleLayout.tsx";
import type { LayoutComponent, PageLayout } from "./types.ts";
import type { LayoutProps } from "./types.ts";

const SeriesLayout = (props: LayoutProps) => HeaderMainLayout({ ...props, variant: "series" });
const SeasonLayout = (props: LayoutProps) => HeaderMainLayout({ ...props, variant: "season" });

/** Every layout of schemas/page-layout.schema.json; a missing one is a compile error. */
export const layoutRegistry: Record<PageLayout, LayoutComponent> = {
  default: DefaultLayout,
  schedule: ScheduleLayout,
  series: SeriesLayout,
  season: SeasonLayout,
  playlist: PlaylistLayout,
  grid: GridLayout,
};
