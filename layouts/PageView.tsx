import { Zone } from "../blocks/Zone.tsx";
import type { ResolvedZones } from "../blocks/resolve.ts";
import type { ComposedPage } from "../schemas/generated/page.ts";
import type { Section } from "../schemas/generated/section.ts";
import type { Localized } from "../schemas/localized-text.ts";
import { layoutRegistry } from "./registry.ts";

/** A resolved composed page rendered into its layout, one Zone per zone the page fills. */
export function PageView({
  page,
  zones,
  titled = true,
}: {
  page: Localized<ComposedPage | Section>;
  zones: ResolvedZones;
  /** Render the page title as its h1 (off under another h1, as on the not-found page). */
  titled?: boolean;
}) {
  const Layout = layoutRegistry[page.layout];
  const rendered = Object.fromEntries(
    (Object.keys(zones) as (keyof ResolvedZones)[]).map((name) => [
      name,
      <Zone key={name} blocks={zones[name]} />,
    ]),
  );
  const firstBlock = zones.header?.[0] ?? zones.main?.[0];
  return (
    <Layout
      title={titled ? page.title : undefined}
      zones={rendered}
      titleHidden={firstBlock?.config.type === "hero"}
    />
  );
}
