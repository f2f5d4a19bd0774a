import { useT } from "../i18n/i18n.ts";
import { percentWatched, timeLeftLabel, type WatchProgress } from "./watch-progress.ts";

/**
 * How far the profile got, as a bar along the bottom of a card's artwork. It is a progressbar
 * named by what is left ("12 min left") and valued in percent watched, so the card's link can
 * point its description at it.
 */
export function WatchProgressBar({ id, progress }: { id?: string; progress: WatchProgress }) {
  const t = useT();
  const left = timeLeftLabel(progress.remainingSeconds);
  const percent = percentWatched(progress);
  return (
    <span
      id={id}
      className="watch-progress"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={t("percentWatched", { percent })}
      aria-label={t(left.key, left.options)}
    >
      <span className="watch-progress-fill" style={{ width: `${percent}%` }} />
    </span>
  );
}
