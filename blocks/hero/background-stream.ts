import { hasMediaSource, loadHls, playsHlsNatively } from "../../app/ui/hls.ts";

/**
 * Puts a background loop's source on `video`: an MP4 as it is, an HLS playlist through hls.js
 * (or the browser's own HLS, in Safari). A loop behind artwork needs none of the player's
 * languages, quality menu or recovery: the smallest rendition that fills the slide and a short
 * buffer. Gives back how to let go of it; rejects where the browser cannot play the source.
 */
export async function attachBackgroundStream(
  video: HTMLVideoElement,
  src: string,
  onFatal: () => void,
): Promise<() => void> {
  const plain = () => {
    video.src = src;
    return () => video.removeAttribute("src");
  };
  if (src.endsWith(".mp4")) return plain();
  if (hasMediaSource()) {
    const { default: Hls } = await loadHls();
    if (Hls.isSupported()) {
      const hls = new Hls({
        capLevelToPlayerSize: true,
        maxBufferLength: 10,
        maxMaxBufferLength: 20,
      });
      hls.on(Hls.Events.ERROR, (_event, data) => {
        if (data.fatal) onFatal();
      });
      hls.loadSource(src);
      hls.attachMedia(video);
      return () => hls.destroy();
    }
  }
  if (playsHlsNatively(video)) return plain();
  throw new Error("This browser cannot play HLS");
}
