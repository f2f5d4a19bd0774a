import type { RealmSettings } from "../schemas/generated/realm-settings.ts";

/**
 * The analytics events a client may send (spec section 3, "Analytics events" and "Player events
 * tracked"), each with its event type, and the validation messages of spec section 8. Shared by
 * the browser's analytics module (which checks before it queues) and the platform's ingest
 * (which checks the same rules again: a client is never trusted).
 */
export const ANALYTICS_EVENT_TYPES = [
  "NAVIGATION",
  "SEARCH",
  "TRANSACTION",
  "USER_PREFERENCE",
  "MEDIA",
  "OTHER",
] as const;
export type AnalyticsEventType = (typeof ANALYTICS_EVENT_TYPES)[number];

/** Every event name, with the type it is always sent as. */
export const ANALYTICS_EVENTS = {
  guest: "OTHER",
  promoView: "OTHER",
  searchQuery: "SEARCH",
  navigation: "NAVIGATION",
  signUpStarted: "OTHER",
  signUpDetailsEntered: "OTHER",
  signUpCompleted: "OTHER",
  fullscreenOn: "USER_PREFERENCE",
  fullscreenOff: "USER_PREFERENCE",
  playbackError: "MEDIA",
  subscriptionView: "TRANSACTION",
  subscriptionSelect: "TRANSACTION",
  purchaseStarted: "TRANSACTION",
  purchaseCompleted: "TRANSACTION",
  play: "MEDIA",
  pause: "MEDIA",
  ended: "MEDIA",
  seeked: "MEDIA",
  audioTrackChange: "MEDIA",
  textTrackChange: "MEDIA",
  pictureInPictureChange: "MEDIA",
} as const satisfies Record<string, AnalyticsEventType>;
export type AnalyticsEventName = keyof typeof ANALYTICS_EVENTS;
export const ANALYTICS_EVENT_NAMES = Object.keys(ANALYTICS_EVENTS) as AnalyticsEventName[];

/** Limits of one event and one upload (the ingest's schema says the same). */
export const ANALYTICS_LIMITS = {
  eventsPerBatch: 50,
  attributes: 20,
  attributeLength: 200,
} as const;

/** The messages of spec section 8 ("Analytics validation messages"). */
export const ANALYTICS_MESSAGES = {
  name: "Event name must be a string",
  type: "Invalid event type",
  position: "Position latitude and longitude must both be numbers",
  integrationId: "integrationId must be a number",
  attributes: "Keys and attribute values must be strings",
  purchase: "BadLogPurchase",
  configuration: "Invalid configuration",
} as const;

/** An event as queued and uploaded. */
export interface AnalyticsEvent {
  name: AnalyticsEventName;
  type: AnalyticsEventType;
  /** The route key of the page it happened on (`HOME`, `VOD 123`, `SECTION football`...). */
  route: string;
  /** When, in milliseconds since the epoch. */
  at: number;
  attributes?: Record<string, string>;
  position?: { latitude: number; longitude: number };
  integrationId?: number;
}

/**
 * What is wrong with an event, as spec section 8 words it, or null when nothing is. A purchase
 * must name what was bought (`sku`), and a completed one its order too.
 */
export function analyticsEventProblem(event: Record<string, unknown>): string | null {
  if (typeof event.name !== "string") return ANALYTICS_MESSAGES.name;
  const expected = (ANALYTICS_EVENTS as Record<string, string>)[event.name];
  if (!expected || event.type !== expected) return ANALYTICS_MESSAGES.type;
  const position = event.position as Record<string, unknown> | undefined;
  if (
    position !== undefined &&
    (typeof position !== "object" ||
      position === null ||
      !Number.isFinite(position.latitude) ||
      !Number.isFinite(position.longitude))
  ) {
    return ANALYTICS_MESSAGES.position;
  }
  if (event.integrationId !== undefined && !Number.isFinite(event.integrationId)) {
    return ANALYTICS_MESSAGES.integrationId;
  }
  const attributes = event.attributes as Record<string, unknown> | undefined;
  if (attributes !== undefined) {
    if (typeof attributes !== "object" || attributes === null || Array.isArray(attributes)) {
      return ANALYTICS_MESSAGES.attributes;
    }
    for (const [key, value] of Object.entries(attributes)) {
      if (typeof key !== "string" || typeof value !== "string")
        return ANALYTICS_MESSAGES.attributes;
    }
  }
  if (event.name === "purchaseStarted" || event.name === "purchaseCompleted") {
    if (!attributes?.sku || (event.name === "purchaseCompleted" && !attributes.orderId)) {
      return ANALYTICS_MESSAGES.purchase;
    }
  }
  return null;
}

/**
 * The events a realm sends (init's `analyticsEvents`), or the configuration message when the
 * list is not a list of known event names.
 */
export function analyticsEventsOf(
  configured: unknown,
): { events: Set<AnalyticsEventName> } | { problem: string } {
  if (
    !Array.isArray(configured) ||
    !configured.every(
      (name) => typeof name === "string" && (ANALYTICS_EVENT_NAMES as string[]).includes(name),
    )
  ) {
    return { problem: ANALYTICS_MESSAGES.configuration };
  }
  return { events: new Set(configured as AnalyticsEventName[]) };
}

/** Whether a realm sends the e-mail identity, and for which profiles (realm settings). */
export type EmailIdentity = NonNullable<RealmSettings["analyticsEmailIdentity"]>;

/**
 * Spec section 4's e-mail rule, on both sides: the e-mail goes with an identified viewer's
 * events only when the realm configures the e-mail identity and it covers all profiles or the
 * account's main profile is the acting one.
 */
export function sendsEmailIdentity(
  emailIdentity: EmailIdentity | undefined,
  mainProfile: boolean,
): boolean {
  return emailIdentity === "ALL_PROFILES" || (emailIdentity === "MAIN_PROFILE" && mainProfile);
}
