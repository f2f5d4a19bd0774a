import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useLocation, useNavigate, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { RelatedRails } from "../ui/RelatedRails.tsx";
import { SponsorLogo } from "../ui/SponsorLogo.tsx";
import { useT } from "../i18n/i18n.ts";
import { DEFAULT_TARGET } from "../realm/guards.ts";
import { realmPaths } from "../realm/links.ts";
import { realmRelativePath, routeHref } from "../realm/routes.ts";
import { formatDuration } from "../ui/Card.tsx";
import { ListControl } from "../ui/ListControl.tsx";
import { imageAtWidth } from "../ui/image.tsx";
import { LiveBadge } from "../ui/LiveBadge.tsx";
import { LocalTime } from "../ui/LocalTime.tsx";
import { PlayerEvents } from "./events.ts";
import { PlaybackErrorDialog } from "./PlaybackErrorDialog.tsx";
import type { PlaybackRefusal } from "./playback-errors.ts";
import type { PlaybackRoutes } from "./playback-session.ts";
import { VideoPlayer } from "./VideoPlayer.tsx";
import type { loadWatchPage } from "./watch.server.ts";
import { useRootData } from "../realm/use-root-data.ts";

type WatchLoader = (args: LoaderFunctionArgs) => ReturnType<typeof loadWatchPage>;

// Poster frames are requested at the player's typical width.
const POSTER_WIDTH = 1280;
const WHEN: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" };

/** The VOD and live pages: the player, what is playing, and what to watch next. */
export function WatchScreen() {
  const loaded = useLoaderData<WatchLoader>();
  const shell = useRootData()?.shell;
  const t = useT();
  const location = useLocation();
  const { kind, item, playback, basePath, preferences, nextHref } = loaded;
  const [refusal, setRefusal] = useState<PlaybackRefusal | null>(
    playback.state === "refused" ? playback.refusal : null,
  );
  const onFatal = useCallback((next: PlaybackRefusal) => setRefusal((shown) => shown ?? next), []);
  const events = useMemo(() => new PlayerEvents(), []);
  useAutoAdvance(events, preferences.autoAdvance ? nextHref : null);
  const routes = useMemo<PlaybackRoutes>(
    () => ({
      grant: routeHref(basePath, { name: "playbackGrant", params: { kind, id: String(item.id) } }),
      heartbeat: routeHref(basePath, { name: "playbackHeartbeat" }),
      end: routeHref(basePath, { name: "playbackEnd" }),
    }),
    [basePath, kind, item.id],
  );
  const event = item.type === "LIVE_EVENT" ? item : null;
  const video = item.type === "VOD_VIDEO" ? item : null;
  useStartWhenDue(playback.state === "notStarted" ? event?.startDate : undefined);
  const image = item.coverUrl ?? item.thumbnailUrl;
  const poster = image ? imageAtWidth(image, POSTER_WIDTH) : undefined;
  const locale = shell?.locale ?? "en";
  // Rooms are for signed-in viewers of realms that offer them.
  const root = useRootData();
  const watchTogether =
    root?.shell?.features.watchTogether === true &&
    (root.viewer?.role === "CUSTOMER" || root.viewer?.role === "ADMIN");

  return (
    <article className="watch">
      <div className="watch-stage">
        {playback.state === "ready" && !refusal ? (
          <VideoPlayer
            key={`${kind}-${item.id}-${playback.grant.sessionId}`}
            grant={playback.grant}
            duration={video?.duration}
            routes={routes}
            title={item.title}
            poster={poster}
            events={events}
            onFatal={onFatal}
            languages={preferences}
          />
        ) : (
          <div className="player player-placeholder">
            {poster ? <img className="player-video" src={poster} alt="" /> : null}
            {playback.state === "notStarted" && event ? (
              <div className="player-notice">
                <p role="status">
                  {t("eventNotStartedYet")}{" "}
                  <LocalTime iso={event.startDate} locale={locale} options={WHEN} />
                </p>
                <a
                  className="button"
                  href={realmPaths(basePath).eventCalendar(event.id)}
                  download={`event-${event.id}.ics`}
                >
                  {t("remindMe")}
                </a>
              </div>
            ) : null}
          </div>
        )}
      </div>
      <div className="watch-info">
        <h1 className="watch-title">{item.title}</h1>
        <div className="watch-actions">
          <ListControl itemRef={`${item.type}:${item.id}`} variant="labelled" />
          {watchTogether && playback.state === "ready" ? (
            <Form method="post" action={routeHref(basePath, { name: "watchTogether" })}>
              <input type="hidden" name="kind" value={kind} />
              <input type="hidden" name="id" value={item.id} />
              <button type="submit" className="button">
                {t("watchTogetherStart")}
              </button>
            </Form>
          ) : null}
        </div>
        <p className="watch-meta">
          {event?.live ? <LiveBadge /> : null}
          {event?.competition ? <span>{event.competition}</span> : null}
          {event?.venue ? <span>{event.venue}</span> : null}
          {event ? (
            <span>
              <LocalTime iso={event.startDate} locale={locale} options={WHEN} />
            </span>
          ) : null}
          {video?.duration ? <span>{formatDuration(video.duration)}</span> : null}
          {video?.episodeNumber ? (
            <span>{t("episodeNumber", { number: video.episodeNumber })}</span>
          ) : null}
        </p>
        {item.description ? <p className="watch-description">{item.description}</p> : null}
        <SponsorLogo sponsor={video?.sponsor} />
      </div>
      <RelatedRails rails={loaded.related} basePath={basePath} locale={locale} />
      {refusal ? (
        <PlaybackErrorDialog
          refusal={refusal}
          rootHref={routeHref(basePath, { name: "root" })}
          defaultHref={routeHref(basePath, DEFAULT_TARGET)}
          purchaseHref={(licence) =>
            routeHref(basePath, {
              name: "purchase",
              query: {
                ...(licence ? { licence } : {}),
                return: realmRelativePath(basePath, location.pathname),
              },
            })
          }
          offers={loaded.offers}
          itemKind={event ? "event" : "video"}
          locale={locale}
        />
      ) : null}
    </article>
  );
}

/**
 * Auto-advance (the viewer's playback preference): when the video ends, the next episode's
 * page opens and plays. Without a next episode, or with auto-advance off, the player stays at
 * the end.
 */
function useAutoAdvance(events: PlayerEvents, nextHref: string | null) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!nextHref) return;
    return events.on((event) => {
      if (event.type === "ended") navigate(nextHref);
    });
  }, [events, nextHref, navigate]);
}

// Timers further out than this are left to a reload; browsers cap them at about 24.8 days anyway.
const LONGEST_WAIT_MS = 6 * 60 * 60 * 1000;

/** A page waiting for its event asks for playback again once the event is due to start. */
function useStartWhenDue(startDate: string | undefined) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!startDate) return;
    // A second late, so the platform's clock has passed the start too.
    const wait = Date.parse(startDate) - Date.now() + 1000;
    if (!(wait > 0) || wait > LONGEST_WAIT_MS) return;
    const timer = window.setTimeout(() => revalidator.revalidate(), wait);
    return () => window.clearTimeout(timer);
  }, [startDate, revalidator]);
}
