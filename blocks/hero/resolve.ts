import { cardTitle } from "../../app/ui/Card.tsx";
import type { HeroBlock } from "../../schemas/generated/blocks-hero.ts";
import type { Card } from "../../contract/generated/card.ts";
import type { Hero } from "../../contract/generated/init-response.ts";
import { DEFAULT_PLAYBACK_PREFERENCES } from "../../contract/playback-preferences.ts";
import type { ResolveContext } from "../types.ts";

/** Where a slide leads: an init hero's content link, or a card the app knows how to link. */
export type HeroSlideLink = { content: Hero["link"] } | { card: Card };

export interface HeroSlide {
  id: string;
  title: string;
  description: string;
  imageUrl: string | null;
  portraitImageUrl: string | null;
  startDate?: string;
  live?: boolean;
  /** Decided on the server so that both render passes agree. */
  upcoming: boolean;
  link: HeroSlideLink;
  /** A muted loop behind the artwork, and whether the viewer lets it start by itself. */
  backgroundVideo?: { src: string; autoPlay: boolean };
}

export type HeroData = HeroSlide[];

function isUpcoming(startDate: string | undefined, live: boolean | undefined, now: Date) {
  return !live && startDate !== undefined && new Date(startDate).getTime() > now.getTime();
}

function fromHero(hero: Hero, now: Date): HeroSlide {
  return {
    id: `${hero.type}-${hero.id}`,
    title: hero.title,
    description: hero.description,
    imageUrl: hero.imageUrl,
    portraitImageUrl: hero.portraitImageUrl,
    ...(hero.startDate ? { startDate: hero.startDate } : {}),
    ...(hero.live ? { live: true } : {}),
    upcoming: isUpcoming(hero.startDate, hero.live, now),
    link: { content: hero.link },
  };
}

function fromCard(card: Card, now: Date): HeroSlide {
  return {
    id: `${card.type}-${card.id}`,
    title: cardTitle(card),
    description: card.description,
    imageUrl: card.coverUrl,
    // Cards have no portrait artwork; the landscape cover is cropped on narrow screens.
    portraitImageUrl: card.coverUrl,
    ...(card.startDate ? { startDate: card.startDate } : {}),
    ...(card.live ? { live: true } : {}),
    upcoming: isUpcoming(card.startDate, card.live, now),
    link: { card },
  };
}

/** Whether any slide of the block has a background video (its data then depends on the viewer). */
export function hasBackgroundVideo(config: HeroBlock): boolean {
  return config.items
    ? config.items.some((item) => item.backgroundVideo !== undefined)
    : config.backgroundVideo !== undefined;
}

/** Each slide with the video its config names, if any (null: none). */
async function slidesOf(config: HeroBlock, ctx: ResolveContext) {
  if (!config.items) {
    return ctx.heroes.map((hero, index) => ({
      slide: fromHero(hero, ctx.now),
      video: index === 0 ? (config.backgroundVideo ?? null) : null,
    }));
  }
  if (!hasBackgroundVideo(config)) {
    const cards = await ctx.content.items(config.items);
    return cards.map((card) => ({ slide: fromCard(card, ctx.now), video: null }));
  }
  // Items that do not exist are left out of an answer, so each is asked for on its own to keep
  // its video with it.
  const found = await Promise.all(config.items.map((item) => ctx.content.items([item])));
  return config.items.flatMap((item, index) =>
    found[index]!.slice(0, 1).map((card) => ({
      slide: fromCard(card, ctx.now),
      video: item.backgroundVideo ?? null,
    })),
  );
}

/**
 * Whether the viewer lets background videos start by themselves; everyone without saved
 * preferences has the default. Preferences that cannot be read leave the default too: the
 * slides matter more than how their video starts.
 */
async function autoPlayOf(ctx: ResolveContext): Promise<boolean> {
  const fallback = DEFAULT_PLAYBACK_PREFERENCES.videoBackgroundAutoPlay;
  if (!ctx.viewer) return fallback;
  try {
    return await ctx.viewer.backgroundVideoAutoPlay();
  } catch (error) {
    console.error(`background video preference: ${error instanceof Error ? error.message : error}`);
    return fallback;
  }
}

export async function resolveHero(config: HeroBlock, ctx: ResolveContext): Promise<HeroData> {
  const slides = await slidesOf(config, ctx);
  if (!slides.some(({ video }) => video !== null)) return slides.map(({ slide }) => slide);
  const autoPlay = await autoPlayOf(ctx);
  return slides.map(({ slide, video }) =>
    video === null ? slide : { ...slide, backgroundVideo: { src: video, autoPlay } },
  );
}
