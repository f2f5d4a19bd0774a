import { NOT_FOUND_PAGE_KEY } from "../../schemas/document-kinds.ts";
import { absoluteUrl, canonicalSite, canonicalUrl } from "./canonical.ts";

/** What link previews and search engines get for a composed page, beyond its title. */
export interface PageSeo {
  /** Null for pages that must not be indexed (the not-found page). */
  canonical: string | null;
  image: string | null;
}

// Link previews are shown at up to 1200 px wide; the image route scales to a given width.
const PREVIEW_WIDTH = 1200;

export function pageSeo({
  requestUrl,
  basePath,
  preferredDomain,
  key,
  images,
}: {
  requestUrl: URL;
  basePath: string;
  preferredDomain: string | null | undefined;
  key: string;
  /** Candidate images, best first: the page's item, its hero, the realm's logo. */
  images: (string | null | undefined)[];
}): PageSeo {
  const site = canonicalSite(requestUrl, basePath, preferredDomain);
  const relative = requestUrl.pathname.slice(basePath.length) || "/";
  const image = images.find((candidate): candidate is string => Boolean(candidate));
  return {
    canonical:
      key === NOT_FOUND_PAGE_KEY
        ? null
        : // The home page is also at /home; the realm's root is its one address.
          canonicalUrl(site, key === "home" ? "/" : relative),
    image: image ? absoluteUrl(site, sized(image)) : null,
  };
}

function sized(url: string): string {
  return url.startsWith("/images/") && !url.includes("?") ? `${url}?w=${PREVIEW_WIDTH}` : url;
}
