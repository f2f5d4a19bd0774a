import type { HeroBlock } from "../../schemas/generated/blocks-hero.ts";
import type { BlockDefinition } from "../types.ts";
import { HeroSkeleton } from "../../app/ui/skeletons.tsx";
import { HeroCarousel } from "./HeroCarousel.tsx";
import { hasBackgroundVideo, resolveHero, type HeroData } from "./resolve.ts";

export type { HeroData, HeroSlide } from "./resolve.ts";

export const definition: BlockDefinition<HeroBlock, HeroData> = {
  type: "hero",
  // The viewer's playback preferences say whether a background video starts by itself.
  perViewer: hasBackgroundVideo,
  resolve: resolveHero,
  Component: HeroCarousel,
  Skeleton: HeroSkeleton,
};
