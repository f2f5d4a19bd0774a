import type { CancellationPromo } from "../../schemas/generated/cancellation-promo.ts";
import type { Menu } from "../../schemas/generated/menu.ts";
import type { ComposedPage } from "../../schemas/generated/page.ts";
import type { Section } from "../../schemas/generated/section.ts";
import type { SeedContent } from "../../schemas/generated/seed-content.ts";
import type { SeedRealm } from "../../schemas/generated/seed-realm.ts";

/** One realm's config, read from its folder and valid throughout. */
export interface RealmConfig {
  /** The folder's name, which is the realm's name. */
  name: string;
  realm: SeedRealm;
  menu: Menu;
  content: SeedContent;
  /** Composed pages from `pages/*.json` (optional folder). */
  pages: ComposedPage[];
  /** Sections from `sections/*.json` (optional folder). */
  sections: Section[];
  /** The offer shown before a subscription is cancelled (optional `cancellation-promo.json`). */
  cancellationPromo?: CancellationPromo;
}
