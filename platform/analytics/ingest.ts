import { analyticsEventProblem } from "../../contract/analytics-events.ts";
import type { AnalyticsBatch } from "../../contract/generated/analytics.ts";
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

/** Stores a checked batch in one statement: all of it or, on failure, none. */
export async function storeBatch(
  db: Db,
  realm: string,
  deviceId: string | null,
  batch: AnalyticsBatch,
): Promise<void> {
  await db.insert(t.analyticsEvents).values(
    batch.events.map((event) => ({
      realm,
      deviceId,
      userId: batch.userId ?? null,
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
