import {
  useId,
  type ReactNode,
  type CSSProperties,
  type FocusEventHandler,
  type KeyboardEventHandler,
} from "react";
import { useT } from "../i18n/i18n.ts";
import type { Card as CardData } from "../../contract/generated/card.ts";
import type { CardView } from "./card-view.ts";
import { imageAtWidth, imageSrcSet } from "./image.tsx";
import { listFormat } from "./intl.ts";
import { ListControl } from "./ListControl.tsx";
import { LiveBadge } from "./LiveBadge.tsx";
import { LocalTime } from "./LocalTime.tsx";
import type { WatchProgress } from "./watch-progress.ts";
import { WatchProgressBar } from "./WatchProgressBar.tsx";

const IMAGE_WIDTHS = [300, 410, 640] as const;
// Intrinsic sizes let the browser reserve the box before the image arrives.
const SHAPES = {
  landscape: { width: 640, height: 360 },
  portrait: { width: 400, height: 600 },
} as const;

/** Spec "Search hit": the localised title when there is one, else the untranslated name. */
export function cardTitle(card: Pick<CardData, "title"> & { name?: string }): string {
  return card.title || card.name || "";
}

/** Spec "Search hit": smallCoverUrl, falling back to thumbnailUrl. */
export function cardImageUrl(card: CardView): string | null {
  return card.smallCoverUrl || card.thumbnailUrl || null;
}

/** Older platforms send videosCount instead of vodCount. */
export function cardVideoCount(card: CardView): number | undefined {
  return card.vodCount ?? card.videosCount;
}

/** Spec §9: card title line height changes at font scales 1 and 1.2. */
export function cardTitleLineHeight(scale: number): number {
  if (scale <= 1) return 1.25;
  if (scale <= 1.2) return 1.2;
  return 1.1;
}

export function durationParts(totalSeconds: number) {
  const whole = Math.max(0, Math.round(totalSeconds));
  return {
    hours: Math.floor(whole / 3600),
    minutes: Math.floor((whole % 3600) / 60),
    seconds: whole % 60,
  };
}

/** h:mm:ss from an hour up, else m:ss. */
export function formatDuration(totalSeconds: number): string {
  const { hours, minutes, seconds } = durationParts(totalSeconds);
  const ss = String(seconds).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${ss}` : `${minutes}:${ss}`;
}

export interface CardProps {
  card: CardView;
  href: string;
  locale: string;
  titleScale?: number;
  eager?: boolean;
  shape?: "landscape" | "portrait";
  /** How far the viewer got (watch history): a bar over the artwork, read as the card's description. */
  progress?: WatchProgress | null;
  /** What the title reads, when it is more than the card's title (search marks matched words). */
  titleContent?: ReactNode;
  /** For roving focus in a list of cards. */
  tabIndex?: number;
  onKeyDown?: KeyboardEventHandler<HTMLAnchorElement>;
  onFocus?: FocusEventHandler<HTMLAnchorElement>;
}

/** The `TYPE:id` of the item a card stands for in lists; null for those no list holds. */
export function cardListRef(card: Pick<CardData, "type" | "id">): string | null {
  return LISTABLE.has(card.type) ? `${card.type}:${card.id}` : null;
}
const LISTABLE = new Set<CardData["type"]>([
  "VOD_VIDEO",
  "LIVE_EVENT",
  "VOD_PLAYLIST",
  "VOD_SERIES",
]);

/**
 * A content card: one link whose accessible name is the title; the rest describes it. After
 * the link (a button cannot sit inside one), the add/remove-to-list control, laid over the
 * artwork by the card's container (its list item): shown on hover and focus, and always where
 * there is no hover.
 */
export function Card({
  card,
  href,
  locale,
  titleScale = 1,
  eager = false,
  shape = "landscape",
  progress,
  titleContent,
  tabIndex,
  onKeyDown,
  onFocus,
}: CardProps) {
  const id = useId();
  const image = cardImageUrl(card);
  const size = SHAPES[shape];
  // At scale 1 the stylesheet's `.card-title` says the same, once for every card on the page.
  const titleStyle =
    titleScale === 1
      ? undefined
      : ({
          fontSize: `calc(var(--card-title-size, 1rem) * ${titleScale})`,
          lineHeight: cardTitleLineHeight(titleScale),
        } satisfies CSSProperties);
  const listRef = cardListRef(card);
  return (
    <>
      <a
        className={`card card-${shape}`}
        href={href}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-flags ${id}-meta${progress ? ` ${id}-progress` : ""}`}
        tabIndex={tabIndex}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
      >
        <span className="card-media">
          {image ? (
            <img
              src={imageAtWidth(image, 410)}
              srcSet={imageSrcSet(image, IMAGE_WIDTHS)}
              sizes="(max-width: 720px) 50vw, 320px"
              width={size.width}
              height={size.height}
              alt=""
              loading={eager ? "eager" : "lazy"}
              decoding="async"
            />
          ) : null}
          <span className="card-flags" id={`${id}-flags`}>
            {card.live ? <LiveBadge /> : null}
            {card.duration ? <Duration seconds={card.duration} locale={locale} /> : null}
          </span>
          {progress ? <WatchProgressBar id={`${id}-progress`} progress={progress} /> : null}
        </span>
        <span className="card-body">
          <span className="card-title" id={`${id}-title`} style={titleStyle}>
            {titleContent ?? cardTitle(card)}
          </span>
          <span className="card-meta" id={`${id}-meta`}>
            <CardMeta card={card} locale={locale} />
          </span>
        </span>
      </a>
      {listRef ? (
        <ListControl
          itemRef={listRef}
          variant="card"
          describedBy={`${id}-title`}
          tabIndex={tabIndex}
        />
      ) : null}
    </>
  );
}

function CardMeta({ card, locale }: { card: CardView; locale: string }) {
  const t = useT();
  const videos = cardVideoCount(card);
  return (
    <>
      {card.startDate && (card.type === "LIVE_EVENT" || card.type === "NEWS") ? (
        <LocalTime
          iso={card.startDate}
          locale={locale}
          options={
            card.type === "LIVE_EVENT"
              ? { dateStyle: "medium", timeStyle: "short" }
              : { dateStyle: "medium" }
          }
        />
      ) : null}
      {videos !== undefined ? <span>{t("videoCount", { count: videos })}</span> : null}
      {card.seasonCount !== undefined ? (
        <span>{t("seasonCount", { count: card.seasonCount })}</span>
      ) : null}
    </>
  );
}

function Duration({ seconds, locale }: { seconds: number; locale: string }) {
  const t = useT();
  const { hours, minutes, seconds: secs } = durationParts(seconds);
  const parts = [
    hours > 0 ? t("durationHours", { count: hours }) : null,
    minutes > 0 ? t("durationMinutes", { count: minutes }) : null,
    secs > 0 || (hours === 0 && minutes === 0) ? t("durationSeconds", { count: secs }) : null,
  ].filter((part): part is string => part !== null);
  const spoken = listFormat(locale, { type: "unit", style: "long" }).format(parts);
  return (
    <span className="card-duration">
      <span aria-hidden="true">{formatDuration(seconds)}</span>
      <span className="visually-hidden">{t("durationLabel", { duration: spoken })}</span>
    </span>
  );
}
