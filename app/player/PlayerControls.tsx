import type { KeyboardEvent } from "react";
import { useT } from "../i18n/i18n.ts";
import { formatDuration } from "../ui/Card.tsx";
import { Icon } from "../ui/Icon.tsx";
import { ChoiceMenu } from "./ChoiceMenu.tsx";
import type { StreamState } from "./engine.ts";
import type { MediaStatus } from "./media-status.ts";

export interface PlayerControlsProps {
  status: MediaStatus;
  live: boolean;
  /** Live only: playing close enough to the edge to count as live. */
  atEdge: boolean;
  /** The stream's renditions and tracks, once it is attached. */
  stream: StreamState | null;
  /** Where menus open: inside the player, so they show in fullscreen. */
  menuContainer: HTMLElement | null;
  pictureInPictureAvailable: boolean;
  onTogglePlay(): void;
  /** Seek relative to where the viewer is. */
  onSeekBy(seconds: number): void;
  onSeekTo(seconds: number): void;
  onVolume(volume: number): void;
  onToggleMute(): void;
  onGoLive(): void;
  onSelectTextTrack(id: number): void;
  onSelectAudioTrack(id: number): void;
  onSelectQuality(index: number): void;
  onTogglePictureInPicture(): void;
  onToggleFullscreen(): void;
}

/**
 * The seek slider's keys move in the player's own steps, from where the viewer is (a slider
 * would step one second from a value that lags while the media seeks).
 */
const SEEK_KEY_STEPS: Record<string, number> = {
  ArrowRight: 5,
  ArrowUp: 5,
  ArrowLeft: -5,
  ArrowDown: -5,
  PageUp: 60,
  PageDown: -60,
};

/** The player's control bar: what the media's status says, and the viewer's requests. */
export function PlayerControls({
  status,
  live,
  atEdge,
  stream,
  menuContainer,
  pictureInPictureAvailable,
  onTogglePlay,
  onSeekBy,
  onSeekTo,
  onVolume,
  onToggleMute,
  onGoLive,
  onSelectTextTrack,
  onSelectAudioTrack,
  onSelectQuality,
  onTogglePictureInPicture,
  onToggleFullscreen,
}: PlayerControlsProps) {
  const t = useT();
  const span = Math.max(0, status.end - status.start);
  const timeText = live
    ? atEdge
      ? t("playerAtLiveEdge")
      : t("playerBehindLive", { time: formatDuration(Math.round(status.latency)) })
    : t("playerTimeOf", {
        time: formatDuration(Math.floor(status.time)),
        duration: formatDuration(Math.floor(status.end)),
      });

  const onSeekKey = (event: KeyboardEvent<HTMLInputElement>) => {
    const step = SEEK_KEY_STEPS[event.key];
    if (step !== undefined) onSeekBy(step);
    else if (event.key === "Home") onSeekTo(status.start);
    else if (event.key === "End") onSeekTo(status.end);
    else return;
    event.preventDefault();
  };

  return (
    <div className="player-controls">
      <div className="player-seek">
        <div className="player-buffered" aria-hidden="true">
          {span > 0
            ? status.buffered.map(([from, to]) => (
                <span
                  key={`${from}-${to}`}
                  style={{
                    left: `${(Math.max(0, from - status.start) / span) * 100}%`,
                    width: `${(Math.max(0, Math.min(to, status.end) - Math.max(from, status.start)) / span) * 100}%`,
                  }}
                />
              ))
            : null}
        </div>
        <input
          type="range"
          className="player-seek-input"
          aria-label={live ? t("playerSeekLive") : t("playerSeek")}
          aria-valuetext={timeText}
          // Whole seconds: a value the browser would round to its step would leave React's
          // idea of the value apart from the slider's, and the next change would be lost.
          min={Math.ceil(status.start)}
          max={Math.max(Math.floor(status.end), Math.ceil(status.start) + 1)}
          step={1}
          value={Math.floor(
            Math.min(Math.max(status.time, status.start), status.end || status.time),
          )}
          disabled={span === 0}
          onChange={(event) => onSeekTo(Number(event.currentTarget.value))}
          onKeyDown={onSeekKey}
        />
      </div>
      <div className="player-bar">
        <ControlButton
          label={status.paused ? t("play") : t("pause")}
          icon={status.paused ? "play" : "pause"}
          onClick={onTogglePlay}
        />
        <ControlButton label={t("playerBack10")} icon="back" onClick={() => onSeekBy(-10)} />
        {!live ? (
          <ControlButton label={t("playerForward10")} icon="forward" onClick={() => onSeekBy(10)} />
        ) : null}
        <div className="player-volume">
          <ControlButton
            label={status.muted ? t("playerUnmute") : t("playerMute")}
            icon={status.muted || status.volume === 0 ? "muted" : "volume"}
            onClick={onToggleMute}
          />
          <input
            type="range"
            aria-label={t("playerVolume")}
            aria-valuetext={`${Math.round((status.muted ? 0 : status.volume) * 100)}%`}
            min={0}
            max={100}
            step={5}
            value={status.muted ? 0 : Math.round(status.volume * 20) * 5}
            onChange={(event) => onVolume(Number(event.currentTarget.value) / 100)}
          />
        </div>
        {live ? (
          <button
            type="button"
            className="player-live"
            data-at-edge={atEdge ? "true" : "false"}
            onClick={onGoLive}
            aria-label={atEdge ? t("playerAtLiveEdge") : t("playerGoLive")}
          >
            <span className="player-live-dot" aria-hidden="true" />
            {atEdge ? t("live") : t("playerGoLive")}
          </button>
        ) : null}
        <span className="player-time" aria-hidden="true">
          {live
            ? atEdge
              ? null
              : `-${formatDuration(Math.round(status.latency))}`
            : `${formatDuration(Math.floor(status.time))} / ${formatDuration(Math.floor(status.end))}`}
        </span>
        <span className="player-spacer" />
        {stream && stream.textTracks.length > 0 ? (
          <ChoiceMenu
            label={t("playerCaptions")}
            icon="captions"
            container={menuContainer}
            value={stream.textTrack}
            options={[
              { value: -1, label: t("playerCaptionsOff") },
              ...stream.textTracks.map((track) => ({ value: track.id, label: track.name })),
            ]}
            onSelect={onSelectTextTrack}
          />
        ) : null}
        {stream && stream.audioTracks.length > 1 ? (
          <ChoiceMenu
            label={t("playerAudio")}
            icon="audio"
            container={menuContainer}
            value={stream.audioTrack}
            options={stream.audioTracks.map((track) => ({ value: track.id, label: track.name }))}
            onSelect={onSelectAudioTrack}
          />
        ) : null}
        {stream && stream.qualities.length > 1 ? (
          <ChoiceMenu
            label={t("playerQuality")}
            icon="settings"
            container={menuContainer}
            value={stream.quality}
            options={[
              {
                value: -1,
                label:
                  stream.quality === -1 && stream.playingQuality >= 0
                    ? t("playerQualityAutoAt", {
                        height: stream.qualities[stream.playingQuality]?.height ?? "",
                      })
                    : t("playerQualityAuto"),
              },
              ...stream.qualities
                .slice()
                .sort((a, b) => b.height - a.height)
                .map((quality) => ({ value: quality.index, label: `${quality.height}p` })),
            ]}
            onSelect={onSelectQuality}
          />
        ) : null}
        {pictureInPictureAvailable ? (
          <ControlButton
            label={
              status.pictureInPicture
                ? t("playerExitPictureInPicture")
                : t("playerPictureInPicture")
            }
            icon="pictureInPicture"
            onClick={onTogglePictureInPicture}
          />
        ) : null}
        <ControlButton
          label={status.fullscreen ? t("playerExitFullscreen") : t("playerFullscreen")}
          icon={status.fullscreen ? "exitFullscreen" : "fullscreen"}
          onClick={onToggleFullscreen}
        />
      </div>
    </div>
  );
}

function ControlButton({
  label,
  icon,
  onClick,
}: {
  label: string;
  icon: Parameters<typeof Icon>[0]["name"];
  onClick(): void;
}) {
  return (
    <button
      type="button"
      className="player-button"
      aria-label={label}
      title={label}
      onClick={onClick}
    >
      <Icon name={icon} />
    </button>
  );
}
