import { useEffect, useRef, useState } from "react";
import { useT } from "../../app/i18n/i18n.ts";
import { useHydrated, useMediaQuery, usePrefersReducedMotion } from "../../app/ui/client-state.tsx";
import { Icon } from "../../app/ui/Icon.tsx";
import { attachBackgroundStream } from "./background-stream.ts";
import { HERO_PORTRAIT_MEDIA } from "./preload.ts";

/** Whether the browser asked for less data (the Save-Data preference). */
function savesData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

/**
 * A slide's background video: muted, looping, over the artwork once it plays (the artwork stays
 * until then, and whenever it cannot play). It starts by itself only where the viewer's playback
 * preferences allow it and neither reduced motion nor data saving is asked for; the button
 * beside it pauses or plays it either way (moving content a viewer can stop, WCAG 2.2.2). Only
 * in the browser, and only where the landscape artwork shows: a phone's portrait slide keeps its
 * still artwork and its data.
 */
export function BackgroundVideo({ src, autoPlay }: { src: string; autoPlay: boolean }) {
  const hydrated = useHydrated();
  const narrow = useMediaQuery(HERO_PORTRAIT_MEDIA);
  if (!hydrated || narrow) return null;
  return <BackgroundVideoPlayer src={src} autoPlay={autoPlay} />;
}

function BackgroundVideoPlayer({ src, autoPlay }: { src: string; autoPlay: boolean }) {
  const t = useT();
  const reducedMotion = usePrefersReducedMotion();
  const video = useRef<HTMLVideoElement>(null);
  // The viewer's own choice, once they press the button; until then the preferences decide.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const [shown, setShown] = useState(false);
  const [failed, setFailed] = useState(false);
  // Two separate facts: coming back to the tab must not play a video scrolled out of view.
  const [onScreen, setOnScreen] = useState(true);
  const [tabShown, setTabShown] = useState(true);
  const visible = onScreen && tabShown;
  const wanted = chosen ?? (autoPlay && !reducedMotion && !savesData());
  const [attached, setAttached] = useState(false);
  if (wanted && !attached) setAttached(true);

  // The stream is fetched only once the video is wanted, and kept while the slide is shown (and
  // let go of when it fails).
  useEffect(() => {
    const element = video.current;
    if (!attached || failed || !element) return;
    let detach: (() => void) | null = null;
    let ended = false;
    attachBackgroundStream(element, src, () => setFailed(true)).then(
      (attached) => {
        if (ended) attached();
        else detach = attached;
      },
      () => setFailed(true),
    );
    return () => {
      ended = true;
      detach?.();
    };
  }, [attached, failed, src]);

  // Off screen or in a hidden tab it stops, so it costs nothing nobody sees.
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const observer = new IntersectionObserver(([entry]) => setOnScreen(entry!.isIntersecting));
    observer.observe(element);
    const onVisibility = () => setTabShown(document.visibilityState === "visible");
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      observer.disconnect();
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, []);

  useEffect(() => {
    const element = video.current;
    if (!element || !attached) return;
    if (wanted && visible) element.play().catch(() => undefined);
    else element.pause();
  }, [wanted, visible, attached]);

  if (failed) return null;
  return (
    <>
      <video
        ref={video}
        className={shown ? "hero-video is-shown" : "hero-video"}
        muted
        loop
        playsInline
        preload="none"
        aria-hidden="true"
        tabIndex={-1}
        onPlaying={() => setShown(true)}
        onError={() => setFailed(true)}
      />
      <button
        type="button"
        className="hero-button hero-video-toggle"
        onClick={() => setChosen(!wanted)}
        aria-label={wanted ? t("heroVideoPause") : t("heroVideoPlay")}
      >
        <Icon name={wanted ? "pause" : "play"} />
      </button>
    </>
  );
}
