import type { HeroBlock } from "../../schemas/generated/blocks-hero.ts";
import type { BlockDefinition } from "../types.ts";
import { HeroSkeleton } from "../../app/ui/skeletons.tsx";
import { HeroCarousel } from "./HeroCarousel.tsx";
import { resolveHero, type HeroData } from "./resolve.ts";

export type { HeroData, HeroSlide } from "./resolve.ts";

export const definition: BlockDefinition<HeroBlock, HeroData> = {
  type: "hero",
  resolve: resolveHero,
  Component: HeroCarousel,
  Skeleton: HeroSkeleton,
};
