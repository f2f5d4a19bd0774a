import type { ResolvedZones } from "../resolve.ts";
import { imageAtWidth, imageSrcSet } from "../../app/ui/image.tsx";
import type { HeroSlide } from "./resolve.ts";

/** Narrow windows show the slide's portrait artwork (Slide.tsx's `<source>`), wider the landscape. */
export const HERO_PORTRAIT_MEDIA = "(max-width: 720px)";
const HERO_LANDSCAPE_MEDIA = "(min-width: 721px)";
export const HERO_PORTRAIT_WIDTHS = [640, 960] as const;
export const HERO_LANDSCAPE_WIDTHS = [960, 1280, 1920] as const;
export const HERO_LANDSCAPE_SRC_WIDTH = 1280;
export const HERO_SIZES = "100vw";

/** The artwork a hero slide shows, as its `<picture>` offers it. */
export function heroSlideImages(slide: Pick<HeroSlide, "imageUrl" | "portraitImageUrl">) {
  const landscape = slide.imageUrl ?? slide.portraitImageUrl;
  return {
    portrait: slide.portraitImageUrl
      ? { srcSet: imageSrcSet(slide.portraitImageUrl, HERO_PORTRAIT_WIDTHS) }
      : null,
    landscape: landscape
      ? {
          src: imageAtWidth(landscape, HERO_LANDSCAPE_SRC_WIDTH),
          srcSet: imageSrcSet(landscape, HERO_LANDSCAPE_WIDTHS),
        }
      : null,
  };
}

/**
 * `<link rel=preload>` descriptors (Remix meta) for the first slide of the page's hero, the
 * largest paint of a page that has one: the browser asks for it with high priority while it is
 * still reading the head, not once it has laid out the `<picture>`. One per media query, so a
 * phone fetches only the portrait artwork and a desktop only the landscape.
 */
export function heroPreloadLinks(zones: ResolvedZones) {
  const hero = Object.values(zones)
    .flat()
    .find((block) => block?.config.type === "hero" && block.status === "ok");
  const slide =
    hero?.config.type === "hero" && hero.status === "ok" ? (hero.data as HeroSlide[])[0] : null;
  if (!slide) return [];
  const { portrait, landscape } = heroSlideImages(slide);
  const link = (media: string | undefined, image: { src?: string; srcSet: string }) => ({
    tagName: "link" as const,
    rel: "preload",
    as: "image",
    ...(image.src ? { href: image.src } : {}),
    imageSrcSet: image.srcSet,
    imageSizes: HERO_SIZES,
    ...(media ? { media } : {}),
    // React 18 passes only the lower-case attribute through to the DOM.
    fetchpriority: "high",
  });
  return [
    ...(portrait ? [link(HERO_PORTRAIT_MEDIA, portrait)] : []),
    ...(landscape ? [link(portrait ? HERO_LANDSCAPE_MEDIA : undefined, landscape)] : []),
  ];
}
