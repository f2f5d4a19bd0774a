import { cardTitle } from "../../app/ui/Card.tsx";
import type { HeroBlock } from "../../schemas/generated/blocks-hero.ts";
import type { Card } from "../../contract/generated/card.ts";
import type { Hero } from "../../contract/generated/init-response.ts";
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

export async function resolveHero(config: HeroBlock, ctx: ResolveContext): Promise<HeroData> {
  if (!config.items) return ctx.heroes.map((hero) => fromHero(hero, ctx.now));
  const cards = await ctx.content.items(config.items);
  return cards.map((card) => fromCard(card, ctx.now));
}
