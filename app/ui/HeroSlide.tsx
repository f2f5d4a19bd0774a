import { useTranslation } from "react-i18next";
import type { Hero } from "../../schemas/generated/init-response.ts";

/** One hero slide: landscape artwork, portrait artwork on narrow screens, status and title. */
export function HeroSlide({ hero, locale, eager }: { hero: Hero; locale: string; eager: boolean }) {
  const { t } = useTranslation();
  const upcoming = hero.startDate !== undefined && new Date(hero.startDate) > new Date();
  return (
    <article className="hero">
      <picture>
        {hero.portraitImageUrl ? (
          <source
            media="(max-width: 720px)"
            srcSet={`${hero.portraitImageUrl}?w=640 640w, ${hero.portraitImageUrl}?w=960 960w`}
            sizes="100vw"
            width={800}
            height={1200}
          />
        ) : null}
        {hero.imageUrl ? (
          <img
            src={`${hero.imageUrl}?w=1280`}
            srcSet={`${hero.imageUrl}?w=960 960w, ${hero.imageUrl}?w=1280 1280w, ${hero.imageUrl}?w=1920 1920w`}
            sizes="100vw"
            width={1920}
            height={800}
            alt=""
            loading={eager ? "eager" : "lazy"}
            // React 18 only passes the lower-case attribute through.
            {...{ fetchpriority: eager ? "high" : "auto" }}
          />
        ) : null}
      </picture>
      <div className="hero-body">
        {hero.live ? <span className="badge badge-live">{t("live")}</span> : null}
        {upcoming && hero.startDate ? (
          <span className="badge">
            {t("startsAt", {
              date: new Intl.DateTimeFormat(locale, {
                dateStyle: "medium",
                timeStyle: "short",
                timeZone: "UTC",
              }).format(new Date(hero.startDate)),
            })}
          </span>
        ) : null}
        <h2>{hero.title}</h2>
        <p>{hero.description}</p>
      </div>
    </article>
  );
}
