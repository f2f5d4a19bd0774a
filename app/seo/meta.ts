import type { MetaDescriptor } from "@remix-run/node";
import type { PageSeo } from "./page-seo.ts";

/**
 * Title, description, canonical link and Open Graph tags of a page. Search engines read the
 * first three; link previews (Open Graph, and X/Twitter, which falls back to it) the rest.
 */
export function seoMeta({
  title,
  description,
  siteName,
  locale,
  seo,
}: {
  title: string;
  description: string;
  siteName: string | undefined;
  locale: string;
  seo: PageSeo;
}): MetaDescriptor[] {
  return [
    { title },
    { name: "description", content: description },
    ...(seo.canonical
      ? [
          { tagName: "link", rel: "canonical", href: seo.canonical },
          { property: "og:url", content: seo.canonical },
        ]
      : [{ name: "robots", content: "noindex" }]),
    { property: "og:type", content: "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    ...(siteName ? [{ property: "og:site_name", content: siteName }] : []),
    // Open Graph writes locales with an underscore (pt_BR).
    { property: "og:locale", content: locale.replace(/-/g, "_") },
    ...(seo.image
      ? [
          { property: "og:image", content: seo.image },
          { name: "twitter:card", content: "summary_large_image" },
        ]
      : [{ name: "twitter:card", content: "summary" }]),
  ];
}
