import type { RealmSettings } from "../../schemas/generated/realm-settings.ts";
import type { Theme } from "../../schemas/generated/theme.ts";
import { pickLogoVariant } from "../brand/realm-logo.ts";
import { imageUrl } from "./cards.ts";

interface RealmRow {
  settings: Record<string, unknown>;
  theme: Record<string, unknown>;
  logoImageId: string | null;
}

/**
 * The logo a realm shows on its header: the configured variant made for the header's colour
 * (the theme's background), else the logo generated for it at seed time.
 */
export function realmLogoUrl(realm: RealmRow): string | null {
  const { logo } = realm.settings as Pick<RealmSettings, "logo">;
  const { backgroundColor } = realm.theme as Pick<Theme, "backgroundColor">;
  return pickLogoVariant(logo, backgroundColor)?.url ?? imageUrl(realm.logoImageId);
}
