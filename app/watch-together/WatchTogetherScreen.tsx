import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useCallback, useId, useMemo, useState } from "react";
import type { LabelKey } from "../../contract/labels.ts";
import { useT } from "../i18n/i18n.ts";
import { PlayerEvents } from "../player/events.ts";
import { PLAYBACK_ERROR_LABELS, type PlaybackRefusal } from "../player/playback-errors.ts";
import { VideoPlayer } from "../player/VideoPlayer.tsx";
import { useHydrated } from "../ui/client-state.tsx";
import { REACTIONS } from "../../contract/watch-room.ts";
import { roomPositionAt } from "./room-sync.ts";
import { useRoom, type Connection } from "./use-room.ts";
import { useRoomSync } from "./use-room-sync.ts";
import type { watchTogetherAction, watchTogetherLoader } from "./watch-together.server.ts";

type View = ReturnType<typeof useLoaderData<typeof watchTogetherLoader>>;
type InRoom = Extract<View, { state: "room" }>;

/** `/watch-together`: a room, or how to open one. */
export function WatchTogetherScreen() {
  const t = useT();
  const view = useLoaderData<typeof watchTogetherLoader>();
  const failed = useActionData<typeof watchTogetherAction>();
  if (view.state === "room") return <Room key={view.room.id} view={view} />;
  const error = failed && "error" in failed ? failed.error : undefined;
  return (
    <div className="layout watch-together-page">
      <h1 className="page-title">{t("watchTogetherTitle")}</h1>
      {view.state === "signedOut" ? (
        <div className="watch-together-message">
          <p>{t("watchTogetherSignIn")}</p>
          <Link className="button" to={view.signIn}>
            {t("signIn")}
          </Link>
        </div>
      ) : (
        <div className="watch-together-message">
          {view.state === "gone" || error ? (
            <p className="form-error" role="alert">
              {t(view.state === "gone" ? view.label : error!)}
            </p>
          ) : null}
          <p>{t("watchTogetherIntro")}</p>
        </div>
      )}
    </div>
  );
}

function connectionLabel(connection: Connection): LabelKey | null {
  if (connection === "connecting") return "watchTogetherConnecting";
  if (connection === "lost") return "watchTogetherReconnecting";
  if (connection === "closed") return "watchTogetherClosed";
  return null;
}

function Room({ view }: { view: InRoom }) {
  const t = useT();
  const hydrated = useHydrated();
  const titleId = useId();
  const { room, connection, reactions, error, dismissError, clockOffset, command, react } = useRoom(
    view.room,
    view.routes,
  );
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [refusal, setRefusal] = useState<PlaybackRefusal | null>(
    view.playback.state === "refused" ? view.playback.refusal : null,
  );
  const [lockedNotice, setLockedNotice] = useState(false);
  const onFatal = useCallback((next: PlaybackRefusal) => setRefusal((shown) => shown ?? next), []);
  const events = useMemo(() => new PlayerEvents(), []);
  const canControl = room.isHost || !room.locked;
  useRoomSync({
    video,
    room,
    clockOffset,
    canControl,
    send: (action, position) => void command(action, position),
    onRefused: () => setLockedNotice(true),
  });
  // The player starts where the room is (a latecomer joins at the room's position).
  const grant = useMemo(
    () =>
      view.playback.state === "ready"
        ? {
            ...view.playback.grant,
            position: roomPositionAt(view.room.state, 0, view.room.serverTime),
          }
        : null,
    [view],
  );
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(view.inviteUrl).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  const status = connectionLabel(connection);
  const change =
    room.state.changedBy && room.state.seq > 0
      ? t(room.state.playing ? "watchTogetherPlayedBy" : "watchTogetherPausedBy", {
          name: room.state.changedBy,
        })
      : null;

  return (
    <article className="watch-together" aria-labelledby={titleId}>
      <div className="watch-stage watch-together-stage">
        {grant && !refusal && connection !== "closed" ? (
          <VideoPlayer
            grant={grant}
            routes={{
              grant: view.routes.grant,
              heartbeat: view.routes.heartbeat,
              end: view.routes.end,
            }}
            title={room.title}
            events={events}
            onFatal={onFatal}
            autoPlay={false}
            onVideo={setVideo}
          />
        ) : (
          <div className="player player-placeholder">
            <div className="player-notice">
              <p role="alert">
                {t(refusal ? PLAYBACK_ERROR_LABELS[refusal.error] : "watchTogetherClosed")}
              </p>
              <a className="button" href={view.contentHref}>
                {t("watchTogetherOpenVideo")}
              </a>
            </div>
          </div>
        )}
        <ul className="watch-together-floating" aria-hidden="true">
          {reactions.map((reaction) => (
            <li key={reaction.id}>{reaction.emoji}</li>
          ))}
        </ul>
      </div>
      <aside className="watch-together-panel">
        <p className="watch-together-eyebrow">{t("watchTogetherTitle")}</p>
        <h1 id={titleId} className="watch-title">
          {room.title}
        </h1>
        <p role="status" className="watch-together-status">
          {status ? t(status) : change}
        </p>
        {error ? (
          <p className="form-error" role="alert">
            {t(error)}{" "}
            <button type="button" className="button" onClick={dismissError}>
              {t("close")}
            </button>
          </p>
        ) : null}
        {room.locked && !room.isHost ? (
          <p
            className={lockedNotice ? "form-error" : undefined}
            role={lockedNotice ? "alert" : undefined}
          >
            {t("watchTogetherLockedNotice")}
          </p>
        ) : null}

        <section className="watch-together-section" aria-labelledby={`${titleId}-invite`}>
          <h2 id={`${titleId}-invite`}>{t("watchTogetherInvite")}</h2>
          <p className="watch-together-hint">{t("watchTogetherInviteHint")}</p>
          <div className="watch-together-invite">
            <input
              type="url"
              readOnly
              value={view.inviteUrl}
              aria-labelledby={`${titleId}-invite`}
              onFocus={(e) => e.currentTarget.select()}
            />
            {hydrated ? (
              <button type="button" className="button" onClick={copy}>
                {copied ? t("watchTogetherCopied") : t("watchTogetherCopy")}
              </button>
            ) : null}
          </div>
        </section>

        <section className="watch-together-section" aria-labelledby={`${titleId}-members`}>
          <h2 id={`${titleId}-members`}>
            {t("watchTogetherMembers")} ({room.members.length})
          </h2>
          <ul className="watch-together-members">
            {room.members.map((member, index) => (
              <li key={`${member.name}-${index}`}>
                {member.name}
                {member.host ? (
                  <span className="watch-together-tag">{t("watchTogetherHost")}</span>
                ) : null}
                {member.you ? (
                  <span className="watch-together-tag">{t("watchTogetherYou")}</span>
                ) : null}
              </li>
            ))}
          </ul>
          {room.isHost && hydrated ? (
            <button
              type="button"
              className="button"
              aria-pressed={room.locked}
              onClick={() => void command(room.locked ? "unlock" : "lock")}
            >
              {t(room.locked ? "watchTogetherUnlock" : "watchTogetherLock")}
            </button>
          ) : null}
        </section>

        <section className="watch-together-section" aria-labelledby={`${titleId}-reactions`}>
          <h2 id={`${titleId}-reactions`}>{t("watchTogetherReactions")}</h2>
          {hydrated ? (
            <div className="watch-together-reaction-buttons">
              {REACTIONS.map((emoji) => (
                <button
                  key={emoji}
                  type="button"
                  className="button"
                  aria-label={t("watchTogetherReact", { emoji })}
                  onClick={() => void react(emoji)}
                >
                  {emoji}
                </button>
              ))}
            </div>
          ) : null}
          <ul className="watch-together-feed" aria-live="polite">
            {reactions.map((reaction) => (
              <li key={reaction.id}>
                {t("watchTogetherReactionBy", { name: reaction.name, emoji: reaction.emoji })}
              </li>
            ))}
          </ul>
        </section>
        <a href={view.contentHref}>{t("watchTogetherOpenVideo")}</a>
      </aside>
    </article>
  );
}
