import { useId } from "react";
import { SponsorLogo } from "../ui/SponsorLogo.tsx";
import { useT } from "../i18n/i18n.ts";
import { realmPaths } from "../realm/links.ts";
import { routeHref } from "../realm/routes.ts";
import { Card, cardListRef, cardTitle, cardVideoCount } from "../ui/Card.tsx";
import { ListControl } from "../ui/ListControl.tsx";
import { Icon } from "../ui/Icon.tsx";
import { imageAtWidth, imageSrcSet } from "../ui/image.tsx";
import { firstVideo, type Interstitial, type VideoGroup } from "./interstitial.ts";

export interface InterstitialScreenProps {
  interstitial: Interstitial;
  /** Where the realm's links start: "/realm/{name}", or "" on the realm's own domain. */
  basePath: string;
  locale: string;
  cardTitleScale: number;
}

/**
 * The interstitial video page (spec §2 "Video pages"): a collection's artwork, title,
 * description and sponsor, a Play button opening its first video, then its videos.
 */
export function InterstitialScreen({
  interstitial,
  basePath,
  locale,
  cardTitleScale,
}: InterstitialScreenProps) {
  const t = useT();
  const titleId = useId();
  const playNoteId = useId();
  const { item, sponsor, groups } = interstitial;
  const first = firstVideo(interstitial);
  const image = item.coverUrl ?? item.smallCoverUrl ?? item.thumbnailUrl;
  const videos = cardVideoCount(item);
  const hrefFor = realmPaths(basePath).card;
  return (
    <article className="layout interstitial" aria-labelledby={titleId}>
      <header className="interstitial-header">
        {image ? (
          <img
            className="interstitial-artwork"
            src={imageAtWidth(image, 960)}
            srcSet={imageSrcSet(image, [640, 960, 1280])}
            sizes="(max-width: 720px) 100vw, 50vw"
            width={960}
            height={540}
            alt=""
          />
        ) : null}
        <div className="interstitial-text">
          <h1 id={titleId} className="page-title">
            {cardTitle(item)}
          </h1>
          {cardListRef(item) ? (
            <ListControl itemRef={cardListRef(item)!} variant="labelled" />
          ) : null}
          <p className="interstitial-meta">
            {item.seasonCount !== undefined ? (
              <span>{t("seasonCount", { count: item.seasonCount })}</span>
            ) : null}
            {videos !== undefined ? <span>{t("videoCount", { count: videos })}</span> : null}
          </p>
          <p className="interstitial-description">{item.description}</p>
          {first ? (
            <div className="interstitial-actions">
              {/* The vod route plays it; this page only points there. */}
              <a
                className="button interstitial-play"
                href={routeHref(basePath, { name: "vod", params: { id: String(first.id) } })}
                aria-describedby={playNoteId}
              >
                <Icon name="play" />
                <span>{t("interstitialPlay")}</span>
              </a>
              <p id={playNoteId} className="interstitial-play-note">
                {t("interstitialStartsWith", { title: cardTitle(first) })}
              </p>
            </div>
          ) : (
            <p className="interstitial-empty">{t("interstitialEmpty")}</p>
          )}
          <SponsorLogo sponsor={sponsor} />
        </div>
      </header>
      {groups.map((group) => (
        <VideoList
          key={group.season?.id ?? "videos"}
          group={group}
          heading={
            group.season?.title ??
            t(item.type === "VOD_PLAYLIST" ? "interstitialVideos" : "interstitialEpisodes")
          }
          hrefFor={hrefFor}
          locale={locale}
          cardTitleScale={cardTitleScale}
        />
      ))}
    </article>
  );
}

function VideoList({
  group,
  heading,
  hrefFor,
  locale,
  cardTitleScale,
}: {
  group: VideoGroup;
  heading: string;
  hrefFor: ReturnType<typeof realmPaths>["card"];
  locale: string;
  cardTitleScale: number;
}) {
  const headingId = useId();
  if (group.videos.length === 0) return null;
  return (
    <section className="interstitial-list" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <ol className="grid-list">
        {group.videos.map((video) => (
          <li key={video.id} className="grid-item">
            <Card card={video} href={hrefFor(video)} locale={locale} titleScale={cardTitleScale} />
          </li>
        ))}
      </ol>
    </section>
  );
}
