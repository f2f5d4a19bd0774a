/**
 * The playback error modal's cases (spec section 8) and how platform answers map onto them.
 * Shared by the server (a refused playback grant) and the browser (a failed stream).
 */
export type PlaybackErrorCase =
  | "authentication"
  | "video"
  | "forbidden"
  | "notLicensed"
  | "otherDevice"
  | "territory"
  | "unconfirmed";

/** The label each case's message comes from, as the spec names them. */
export const PLAYBACK_ERROR_LABELS: Record<PlaybackErrorCase, string> = {
  authentication: "refreshPageNoAuthCode",
  video: "pleaseTryAgainVideoError",
  forbidden: "youreNotAllowedVideoForbidden",
  notLicensed: "notLicencedToWatch",
  otherDevice: "toWatchHereCloseOtherSessions",
  territory: "eventNotAvailableInTerritory",
  // Decision 022: an account bought in the checkout watches once its e-mail is confirmed.
  unconfirmed: "emailNotConfirmed",
};

const BY_CODE: Record<string, PlaybackErrorCase> = {
  AUTHENTICATION_REQUIRED: "authentication",
  INVALID_TOKEN: "authentication",
  TOKEN_EXPIRED: "authentication",
  ACCOUNT_NOT_FOUND: "authentication",
  REVOKED: "authentication",
  MEDIA_SIGNATURE_EXPIRED: "authentication",
  FORBIDDEN: "forbidden",
  MEDIA_SIGNATURE_MISSING: "forbidden",
  MEDIA_SIGNATURE_INVALID: "forbidden",
  NOT_LICENSED: "notLicensed",
  OTHER_DEVICE: "otherDevice",
  GEO_BLOCKED: "territory",
  GEO_CONFLICT: "territory",
  EMAIL_NOT_CONFIRMED: "unconfirmed",
};

/** The modal case for a platform error code; anything unknown is a video error. */
export function playbackErrorCase(code: string | undefined): PlaybackErrorCase {
  return (code && BY_CODE[code]) || "video";
}

/** What the playback resource routes answer when the platform refuses: the case and its code. */
export interface PlaybackRefusal {
  error: PlaybackErrorCase;
  code: string;
}

export function isPlaybackRefusal(value: unknown): value is PlaybackRefusal {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as PlaybackRefusal).error === "string" &&
    (value as PlaybackRefusal).error in PLAYBACK_ERROR_LABELS
  );
}
