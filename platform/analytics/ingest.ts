import { eq } from "drizzle-orm";
import {
  analyticsEventProblem,
  sendsEmailIdentity,
  type EmailIdentity,
} from "../../contract/analytics-events.ts";
import type { AnalyticsBatch } from "../../contract/generated/analytics.ts";
import type { AccessClaims } from "../auth/tokens.ts";
import { mainProfile } from "../identity/profiles.ts";
import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";

/** Uploads one device may make per window (a page uploads at most twice a second). */
export const ANALYTICS_RATE = { limit: 120, windowSeconds: 60 } as const;

/** The first event of a batch that breaks spec section 8's rules, with its index. */
export function batchProblem(batch: AnalyticsBatch): { index: number; message: string } | null {
  for (const [index, event] of batch.events.entries()) {
    const message = analyticsEventProblem(event as unknown as Record<string, unknown>);
    if (message) return { index, message };
  }
  return null;
}

/** Who a batch's events are from, as the platform knows it (never as the batch says). */
export interface EventsIdentity {
  userId: string | null;
  email: string | null;
}

/**
 * The identity of an upload from its session: a signed-in account's id, and its e-mail where
 * the realm's e-mail identity covers the acting profile (spec section 4: all profiles, or the
 * main one; an account without profiles acts as its main profile). Guests and anonymous
 * uploads are nobody. The batch's own `userId` is the page's claim and is not believed: a page
 * could name anyone.
 */
export async function eventsIdentity(
  db: Db,
  viewer: AccessClaims | undefined,
  emailIdentity: EmailIdentity | undefined,
): Promise<EventsIdentity> {
  if (!viewer || viewer.gue) return { userId: null, email: null };
  const userId = viewer.sub;
  if (emailIdentity === undefined || emailIdentity === "NONE") return { userId, email: null };
  const mainActing =
    !viewer.pro ||
    (viewer.pro.type === "a" && (await mainProfile(db, Number(userId)))?.id === viewer.pro.id);
  if (!sendsEmailIdentity(emailIdentity, mainActing)) return { userId, email: null };
  const [user] = await db
    .select({ email: t.users.email })
    .from(t.users)
    .where(eq(t.users.id, Number(viewer.sub)));
  return { userId, email: user?.email ?? null };
}

/** Stores a checked batch in one statement: all of it or, on failure, none. */
export async function storeBatch(
  db: Db,
  realm: string,
  deviceId: string | null,
  identity: EventsIdentity,
  batch: AnalyticsBatch,
): Promise<void> {
  await db.insert(t.analyticsEvents).values(
    batch.events.map((event) => ({
      realm,
      deviceId,
      userId: identity.userId,
      email: identity.email,
      name: event.name,
      type: event.type,
      route: event.route,
      attributes: {
        ...event.attributes,
        ...(event.integrationId === undefined
          ? {}
          : { integrationId: String(event.integrationId) }),
      },
      sandbox: batch.sandbox ?? false,
      occurredAt: new Date(event.at),
    })),
  );
}
