import { useEffect, useState, type FocusEvent } from "react";
import { useT } from "../../app/i18n/i18n.ts";
import { useHydrated, usePrefersReducedMotion } from "../../app/ui/client-state.tsx";
import { Icon } from "../../app/ui/Icon.tsx";
import type { HeroBlock } from "../../schemas/generated/blocks-hero.ts";
import type { HeroData } from "./resolve.ts";
import { Slide } from "./Slide.tsx";
import { schemaDefaults } from "../defaults.ts";
import schema from "./schema.json";

const defaults = schemaDefaults(schema);

export function HeroCarousel({ config, data }: { config: HeroBlock; data: HeroData }) {
  const t = useT();
  const [current, setCurrent] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const count = data.length;
  const seconds = config.autoAdvanceSeconds ?? defaults.autoAdvanceSeconds;
  const canRotate = seconds > 0 && count > 1 && !reducedMotion;
  const rotating = canRotate && !stopped && !hovered && !focused;
  // The next slide's artwork is fetched once the page is interactive, not with the page.
  const interactive = useHydrated();

  useEffect(() => {
    if (!rotating) return;
    // Restarts on every slide change, so a manual move gets a full interval too.
    const timer = setTimeout(() => setCurrent((current + 1) % count), seconds * 1000);
    return () => clearTimeout(timer);
  }, [rotating, current, count, seconds]);

  if (count === 0) return null;
  const active = current < count ? current : 0;
  const go = (index: number) => setCurrent((index + count) % count);
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <section
      className="block-hero"
      aria-roledescription={t("carouselRole")}
      aria-label={t("featured")}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      {/* Announce slide changes only when the viewer caused them. */}
      <div className="hero-slides" aria-live={rotating ? "off" : "polite"}>
        {data.map((slide, index) => (
          <Slide
            key={slide.id}
            slide={slide}
            index={index}
            count={count}
            current={index === active}
            artwork={
              index === active
                ? "now"
                : interactive && index === (active + 1) % count
                  ? "next"
                  : "none"
            }
          />
        ))}
      </div>
      {count > 1 ? (
        <div className="hero-controls">
          {canRotate ? (
            <button
              type="button"
              className="hero-button"
              onClick={() => setStopped(!stopped)}
              aria-label={stopped ? t("playSlideshow") : t("pauseSlideshow")}
            >
              <Icon name={stopped ? "play" : "pause"} />
            </button>
          ) : null}
          <button
            type="button"
            className="hero-button"
            onClick={() => go(active - 1)}
            aria-label={t("previousSlide")}
          >
            <Icon name="previous" />
          </button>
          <div className="hero-pickers" role="group" aria-label={t("chooseSlide")}>
            {data.map((slide, index) => (
              <button
                key={slide.id}
                type="button"
                className="hero-picker"
                onClick={() => go(index)}
                aria-label={t("showSlide", { index: index + 1, title: slide.title })}
                aria-current={index === active ? "true" : undefined}
              />
            ))}
          </div>
          <button
            type="button"
            className="hero-button"
            onClick={() => go(active + 1)}
            aria-label={t("nextSlide")}
          >
            <Icon name="next" />
          </button>
        </div>
      ) : null}
    </section>
  );
}
