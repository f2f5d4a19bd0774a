/**
 * hls.js, loaded on demand as its own chunk: only a page that plays a stream (a watch page, a
 * multi-view, a hero's background video once it starts) ever downloads it. One import for all of
 * them, so a page that plays two streams fetches it once.
 */
let hlsModule: Promise<typeof import("hls.js")> | undefined;

export function loadHls(): Promise<typeof import("hls.js")> {
  return (hlsModule ??= import("hls.js"));
}

/** Media Source Extensions, which hls.js needs; iOS Safari has only its native HLS player. */
export function hasMediaSource(): boolean {
  const w = window as unknown as { MediaSource?: unknown; ManagedMediaSource?: unknown };
  return typeof w.MediaSource === "function" || typeof w.ManagedMediaSource === "function";
}

/** Whether the browser plays HLS in a plain `<video src>` (Safari). */
export function playsHlsNatively(video: HTMLVideoElement): boolean {
  return video.canPlayType("application/vnd.apple.mpegurl") !== "";
}
