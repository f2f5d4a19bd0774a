/** The platform's image URLs take `w` for a WebP rendition of that width (spec §9: webp). */
export function imageAtWidth(url: string, width: number): string {
  return `${url}${url.includes("?") ? "&" : "?"}w=${width}`;
}

export function imageSrcSet(url: string, widths: readonly number[]): string {
  return widths.map((w) => `${imageAtWidth(url, w)} ${w}w`).join(", ");
}
