import {
  ANALYTICS_EVENTS,
  analyticsEventProblem,
  analyticsEventsOf,
  type AnalyticsEvent,
  type EmailIdentity,
  type AnalyticsEventName,
} from "../../contract/analytics-events.ts";
import { PLAYER_EVENT, type PlayerEvent } from "../player/events.ts";
import { APP_EVENT, SIGN_UP_PENDING, type AppEvent } from "./app-events.ts";
import { AnalyticsUser, type AnalyticsUserInput } from "./analytics-user.ts";
import { AnalyticsBatcher, type Batch } from "./batcher.ts";
import { rememberClickIds } from "./click-ids.ts";
import { routeKey } from "./route-key.ts";

export interface TrackerConfig {
  /** The events the realm sends (init's `analyticsEvents`). */
  events: unknown;
  emailIdentity: EmailIdentity;
  /** Where batches are posted (the realm's `/analytics` route). */
  url: string;
  basePath: string;
  /** A development build: events are marked as sandbox events. */
  sandbox: boolean;
  user: AnalyticsUserInput | null;
}

export interface Tracker {
  /** A page was reached: the navigation event, and its route key for what follows. */
  navigate(pathname: string, title: string): void;
  stop(): void;
}

/** Seconds of the timeline between two time updates that count as watched, not a jump. */
const MAX_WATCH_STEP = 2;

/**
 * The page's analytics: listens to the app's and the player's typed events, keeps those the
 * realm sends, stamps each with the route key, checks it (spec section 8's messages, logged,
 * and the event is not sent) and queues it for the batcher.
 */
export function startTracker(config: TrackerConfig): Tracker {
  // Warnings only in production; everything while developing (spec section 9).
  const verbose = config.sandbox;
  const warn = (message: string, detail?: unknown) => console.warn(message, detail ?? "");
  const debug = (message: string, detail?: unknown) => {
    if (verbose) console.debug(message, detail ?? "");
  };
  const configured = analyticsEventsOf(config.events);
  if ("problem" in configured) {
    warn(configured.problem, config.events);
    return { navigate() {}, stop() {} };
  }
  const sends = configured.events;
  let userId: string | null = null;
  const clickIds = rememberClickIds(window.location.search, window.localStorage);
  const batcher = new AnalyticsBatcher({
    context: () => ({
      ...(config.sandbox ? { sandbox: true } : {}),
      ...(userId ? { userId } : {}),
      ...(Object.keys(clickIds).length > 0 ? { clickIds } : {}),
    }),
    send: (batch) =>
      fetch(config.url, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(batch),
        keepalive: true,
        credentials: "same-origin",
      }).then(
        (answer) => answer.status,
        () => 0,
      ),
    beacon: (batch: Batch) =>
      navigator.sendBeacon(
        config.url,
        new Blob([JSON.stringify(batch)], { type: "application/json" }),
      ),
    log: debug,
  });
  const user = new AnalyticsUser(
    {
      login: ({ id }) => {
        userId = id;
      },
      logout: () => {
        userId = null;
      },
    },
    config.emailIdentity,
    warn,
  );
  void user.update(config.user);

  let route = routeKey(window.location.pathname, config.basePath);
  let entered = false;
  const track = (name: AnalyticsEventName, attributes: Record<string, string> = {}) => {
    if (!sends.has(name)) return;
    const event: AnalyticsEvent = {
      name,
      type: ANALYTICS_EVENTS[name],
      route,
      at: Date.now(),
      attributes,
    };
    const problem = analyticsEventProblem(event as unknown as Record<string, unknown>);
    if (problem) return warn(problem, event);
    debug("analytics event", event);
    batcher.add(event);
  };

  const onAppEvent = ({ detail }: CustomEvent<AppEvent>) => {
    const { type, ...rest } = detail;
    const attributes: Record<string, string> = {};
    for (const [key, value] of Object.entries(rest)) {
      if (value !== undefined)
        attributes[key] = Array.isArray(value) ? value.join(",") : String(value);
    }
    track(type, attributes);
  };

  // Watch time: what the timeline advanced while playing, sent with pause and end.
  let watched = 0;
  let lastPosition: number | null = null;
  let playing = false;
  let started = false;
  const contentId = () => route.split(" ")[1] ?? "";
  const watchedSoFar = () => {
    const seconds = Math.round(watched);
    watched = 0;
    return { contentId: contentId(), watchedSeconds: String(seconds) };
  };
  const onPlayerEvent = ({ detail }: CustomEvent<PlayerEvent>) => {
    switch (detail.type) {
      case "ready":
        started = false;
        return;
      case "playing":
        playing = true;
        lastPosition = detail.position;
        // A play is the first start of a stream on the page, not each resume.
        if (!started) track("play", { contentId: contentId() });
        started = true;
        return;
      case "timeUpdate":
        if (playing && lastPosition !== null) {
          const step = detail.position - lastPosition;
          if (step > 0 && step <= MAX_WATCH_STEP) watched += step;
        }
        lastPosition = detail.position;
        return;
      case "pause":
        playing = false;
        return track("pause", watchedSoFar());
      case "ended":
        playing = false;
        return track("ended", watchedSoFar());
      case "seeked":
        lastPosition = detail.position;
        return track("seeked", {
          contentId: contentId(),
          position: String(Math.round(detail.position)),
        });
      case "fullscreenChange":
        return track(detail.fullscreen ? "fullscreenOn" : "fullscreenOff", {
          contentId: contentId(),
        });
      case "error":
        return track("playbackError", {
          contentId: contentId(),
          kind: detail.kind,
          code: detail.code,
        });
      case "audioTrackChange":
      case "textTrackChange":
        return track(detail.type, { contentId: contentId(), track: detail.track ?? "off" });
      case "pictureInPictureChange":
        return track(detail.type, { contentId: contentId(), active: String(detail.active) });
      default:
        return;
    }
  };
  const onPageHide = () => {
    // Watch time not yet sent goes with the page (a tab closed mid-video).
    if (playing && watched >= 1) track("pause", watchedSoFar());
    batcher.flushByBeacon();
  };

  // A guest session is an event of its own; guests are never identified.
  if (config.user?.kind === "guest") track("guest");
  signUpOutcome(route, () => track("signUpCompleted"));
  document.addEventListener(APP_EVENT, onAppEvent);
  document.addEventListener(PLAYER_EVENT, onPlayerEvent as EventListener);
  window.addEventListener("pagehide", onPageHide);
  return {
    navigate(pathname, title) {
      const source = entered ? route : "ENTRY";
      entered = true;
      route = routeKey(pathname, config.basePath);
      track("navigation", { source, title: title.slice(0, 200) });
    },
    stop() {
      document.removeEventListener(APP_EVENT, onAppEvent);
      document.removeEventListener(PLAYER_EVENT, onPlayerEvent as EventListener);
      window.removeEventListener("pagehide", onPageHide);
      batcher.flushByBeacon();
    },
  };
}

/**
 * A sign-up form sent from the last page, and this page is not the sign-up form again: the
 * sign-up went through (it leaves by a document redirect, so this runs on the page it reached).
 */
function signUpOutcome(route: string, completed: () => void): void {
  try {
    if (route === "SIGNUP" || sessionStorage.getItem(SIGN_UP_PENDING) === null) return;
    sessionStorage.removeItem(SIGN_UP_PENDING);
    completed();
  } catch {
    // Storage disabled: the step is not known.
  }
}
