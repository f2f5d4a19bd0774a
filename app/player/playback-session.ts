import type { PlaybackGrant } from "../../contract/generated/playback.ts";
import { isPlaybackRefusal, type PlaybackRefusal } from "./playback-errors.ts";

/** The web app's playback routes for one video or event (see playback.server.ts). */
export interface PlaybackRoutes {
  grant: string;
  heartbeat: string;
  end: string;
}

const UNREACHABLE: PlaybackRefusal = { error: "video", code: "UNREACHABLE" };

/** A fresh grant for the same video or event, or why the platform will not give one. */
export async function requestGrant(url: string): Promise<PlaybackGrant | PlaybackRefusal> {
  try {
    const response = await fetch(url, { headers: { Accept: "application/json" } });
    const body: unknown = await response.json();
    if (response.ok && body && typeof body === "object" && "grant" in body) {
      return (body as { grant: PlaybackGrant }).grant;
    }
    return isPlaybackRefusal(body) ? body : UNREACHABLE;
  } catch {
    return UNREACHABLE;
  }
}

function sessionForm(sessionId: string, position: number): FormData {
  const form = new FormData();
  form.set("sessionId", sessionId);
  form.set("position", String(Math.max(0, Math.floor(position))));
  return form;
}

/**
 * Tells the platform the session is alive and where the viewer is. Null when it was taken; a
 * refusal when the platform says this device must stop (another device took its place).
 */
export async function sendHeartbeat(
  url: string,
  sessionId: string,
  position: number,
): Promise<PlaybackRefusal | null> {
  try {
    const response = await fetch(url, { method: "POST", body: sessionForm(sessionId, position) });
    if (response.ok) return null;
    const body: unknown = await response.json().catch(() => null);
    // Only a verdict about this session stops playback; a network blip waits for the next beat.
    return isPlaybackRefusal(body) && body.error !== "video" ? body : null;
  } catch {
    return null;
  }
}

/** How long leaving the page waits for the platform to keep the position. */
const END_WAIT_MS = 3000;

/**
 * Ends the session where the viewer is: keeps the position and frees the session's place.
 * `beacon` as the document goes (nothing can be awaited then); `wait` when the app can wait
 * for the answer before it moves on, so that the next page's rows already know the position.
 */
export async function endSession(
  url: string,
  sessionId: string,
  position: number,
  how: "beacon" | "wait",
): Promise<void> {
  const form = sessionForm(sessionId, position);
  if (how === "beacon" && typeof navigator.sendBeacon === "function") {
    if (navigator.sendBeacon(url, form)) return;
  }
  try {
    await fetch(url, {
      method: "POST",
      body: form,
      keepalive: true,
      signal: AbortSignal.timeout(END_WAIT_MS),
    });
  } catch {
    // Unreachable or slow: the session lapses on its own, and leaving goes on.
  }
}
