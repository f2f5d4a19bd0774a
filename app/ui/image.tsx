/** The platform's image URLs take `w` for a WebP rendition of that width (spec §9: webp). */
export function imageAtWidth(url: string, width: number): string {
  return `${url}${url.includes("?") ? "&" : "?"}w=${width}`;
}

export function imageSrcSet(url: string, widths: readonly number[]): string {
  return widths.map((w) => `${imageAtWidth(url, w)} ${w}w`).join(", ");
}

/**
 * A realm's logo: the platform's generated one takes a width like all its artwork; a logo file
 * of the realm's own (often an SVG, or an image on another host) is used as it is.
 */
export function logoAtWidth(url: string, width: number): string {
  return url.startsWith("/images/") ? imageAtWidth(url, width) : url;
}
