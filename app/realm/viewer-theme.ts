import type { RealmSettings } from "../../schemas/generated/realm-settings.ts";
import type { Theme } from "../../schemas/generated/theme.ts";

/**
 * The theme as one viewer sees it: a child profile reads card titles at the realm's child font
 * scale (spec section 1), when the realm configures one.
 */
export function viewerTheme(
  theme: Theme,
  settings: Pick<RealmSettings, "profileConfiguration">,
  viewer: { child: boolean },
): Theme {
  const childScale = settings.profileConfiguration?.childFontScale;
  if (!viewer.child || childScale === undefined) return theme;
  return { ...theme, cardTitleFontScale: childScale };
}
