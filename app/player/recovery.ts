import type { PlaybackErrorCase } from "./playback-errors.ts";

/**
 * What the player does about a stream error, after hls.js's "Fatal Error Recovery": a media
 * error is recovered with `recoverMediaError()` a bounded number of times; a network error has
 * spent its retries inside hls.js already, so the viewer is offered a retry (no `startLoad()`
 * loop); a refusal by the origin (401/403) means the grant no longer holds, so the player asks
 * for playback again, which names the reason if there is one; anything else is the error modal.
 */
export type RecoveryStep =
  | { action: "ignore" }
  | { action: "recoverMedia"; swapAudioCodec: boolean }
  | { action: "offerRetry" }
  | { action: "renewGrant" }
  | { action: "fail"; error: PlaybackErrorCase };

export interface StreamError {
  fatal: boolean;
  type: "networkError" | "mediaError" | string;
  /** HTTP status of a failed load, when the error came from one (0: no answer at all). */
  httpStatus?: number;
}

export const MAX_MEDIA_RECOVERIES = 2;

export function recoveryFor(error: StreamError, mediaRecoveries: number): RecoveryStep {
  if (!error.fatal) return { action: "ignore" };
  if (error.type === "mediaError") {
    if (mediaRecoveries >= MAX_MEDIA_RECOVERIES) return { action: "fail", error: "video" };
    // hls.js's documented second attempt swaps the audio codec before recovering again.
    return { action: "recoverMedia", swapAudioCodec: mediaRecoveries === 1 };
  }
  if (error.type === "networkError") {
    if (error.httpStatus === 401 || error.httpStatus === 403) return { action: "renewGrant" };
    return { action: "offerRetry" };
  }
  return { action: "fail", error: "video" };
}
