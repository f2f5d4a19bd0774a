import { imageAtWidth } from "./image.tsx";
import type { Sponsor } from "../../schemas/generated/sponsor.ts";
import { safeLinkUrl } from "./links.ts";

/** Spec "Video pages": the logo is shown 300 px wide. */
export const SPONSOR_LOGO_WIDTH = 300;
/** Twice the display width, so the logo stays sharp on high-density screens. */
export const SPONSOR_IMAGE_REQUEST_WIDTH = 2 * SPONSOR_LOGO_WIDTH;

/**
 * Sponsor fields as either source has them: a sponsor block's own config (every field
 * optional) or an item's sponsor metadata from the platform.
 */
export type SponsorFields = Partial<Pick<Sponsor, "name" | "imageUrl" | "link" | "displayMode">>;

export interface VisibleSponsor {
  name?: string;
  /** The image URL with the requested width. */
  imageSrc: string;
  href: string;
}

/**
 * Spec "Video pages": a sponsor logo shows only when its metadata has an image, a link and
 * displayMode SHOW. The link must also be a web address (config is typed by people), so a
 * `javascript:` link counts as missing.
 */
export function visibleSponsor(sponsor: SponsorFields | null | undefined): VisibleSponsor | null {
  if (!sponsor?.imageUrl || sponsor.displayMode !== "SHOW") return null;
  const href = safeLinkUrl(sponsor.link);
  if (!href) return null;
  return {
    ...(sponsor.name ? { name: sponsor.name } : {}),
    imageSrc: imageAtWidth(sponsor.imageUrl, SPONSOR_IMAGE_REQUEST_WIDTH),
    href,
  };
}
