import { useId } from "react";
import { useT } from "../../app/i18n/i18n.ts";
import { useViewerTimeZone } from "../../app/ui/client-state.tsx";
import { LiveBadge } from "../../app/ui/LiveBadge.tsx";
import { formatDate } from "../../app/ui/LocalTime.tsx";
import { useBlockRender } from "../../app/ui/render-context.tsx";
import { BackgroundVideo } from "./BackgroundVideo.tsx";
import { HERO_PORTRAIT_MEDIA, HERO_SIZES, heroSlideImages } from "./preload.ts";
import type { HeroSlide, HeroSlideLink } from "./resolve.ts";

/** The event a slide leads to, or null when it leads to something else. */
function upcomingEventId(link: HeroSlideLink): number | null {
  if ("card" in link) return link.card.type === "LIVE_EVENT" ? link.card.id : null;
  return link.content.type === "LIVE" ? link.content.id : null;
}

/**
 * Which of a slide's artwork the page holds: the slide shown ("now"), the one that comes next,
 * fetched ahead once the page is interactive ("next"), or none yet. A hidden slide's image was
 * fetched at full width for nothing on every visit (without script slides never change; with
 * it, the next one is ready before it shows).
 */
export type SlideArtwork = "now" | "next" | "none";

export function Slide({
  slide,
  index,
  count,
  current,
  artwork,
}: {
  slide: HeroSlide;
  index: number;
  count: number;
  current: boolean;
  artwork: SlideArtwork;
}) {
  const t = useT();
  const render = useBlockRender();
  const timeZone = useViewerTimeZone();
  const titleId = useId();
  const href =
    "card" in slide.link ? render.hrefFor(slide.link.card) : render.contentHref(slide.link.content);
  const images = artwork === "none" ? { portrait: null, landscape: null } : heroSlideImages(slide);
  const reminderFor = slide.upcoming ? upcomingEventId(slide.link) : null;
  const first = index === 0;
  return (
    <div
      className="hero-slide"
      role="group"
      aria-roledescription={t("slideRole")}
      aria-label={t("slideOf", { index: index + 1, count })}
      hidden={!current}
    >
      {/* A picture needs its img: a slide without artwork (yet) has neither. */}
      {images.landscape ? (
        <picture className="hero-picture">
          {images.portrait ? (
            <source
              media={HERO_PORTRAIT_MEDIA}
              srcSet={images.portrait.srcSet}
              sizes={HERO_SIZES}
              width={800}
              height={1200}
            />
          ) : null}
          <img
            src={images.landscape.src}
            srcSet={images.landscape.srcSet}
            sizes={HERO_SIZES}
            width={1920}
            height={800}
            alt=""
            // Only the first slide paints first; the next one loads behind it, at low priority.
            loading="eager"
            decoding={first ? "sync" : "async"}
            // React 18 passes only the lower-case attribute through to the DOM.
            {...{ fetchpriority: first ? "high" : artwork === "next" ? "low" : "auto" }}
          />
        </picture>
      ) : null}
      {slide.backgroundVideo && current ? (
        <BackgroundVideo
          src={slide.backgroundVideo.src}
          autoPlay={slide.backgroundVideo.autoPlay}
        />
      ) : null}
      <div className="hero-body">
        {slide.live ? <LiveBadge /> : null}
        {slide.upcoming && slide.startDate ? (
          <span className="badge">
            {t("startsAt", {
              date: formatDate(slide.startDate, render.locale, {
                dateStyle: "medium",
                timeStyle: "short",
                timeZone,
              }),
            })}
          </span>
        ) : null}
        <h2 id={titleId}>{slide.title}</h2>
        {slide.description ? <p>{slide.description}</p> : null}
        {reminderFor !== null ? (
          // An event that has not started cannot be watched yet: it offers a reminder instead.
          <div className="hero-actions">
            <a
              className="button"
              href={render.eventCalendarHref(reminderFor)}
              download={`event-${reminderFor}.ics`}
              aria-describedby={titleId}
            >
              {t("remindMe")}
            </a>
            <a className="button button-secondary" href={href} aria-describedby={titleId}>
              {t("eventDetails")}
            </a>
          </div>
        ) : (
          <a className="button" href={href} aria-describedby={titleId}>
            {t("watchNow")}
          </a>
        )}
      </div>
    </div>
  );
}
