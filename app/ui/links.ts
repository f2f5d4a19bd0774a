/**
 * Config is authored by people, so a link could carry a `javascript:` or `data:` URL; only
 * web addresses and paths of this site are rendered as links.
 */
export function safeLinkUrl(url: string | undefined): string | null {
  if (!url) return null;
  const trimmed = url.trim();
  if (/^https?:\/\//i.test(trimmed)) return trimmed;
  if (trimmed.startsWith("/") && !trimmed.startsWith("//") && !trimmed.startsWith("/\\")) {
    return trimmed;
  }
  return null;
}

export const NEW_TAB = { target: "_blank", rel: "noopener noreferrer" } as const;
