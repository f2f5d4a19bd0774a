import { and, asc, eq, gt, inArray, isNull, lte, notExists, or, type SQL } from "drizzle-orm";
import { Hono, type Context } from "hono";
import type { PromoNotification } from "../../contract/generated/promo-notifications.ts";
import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";
import { authenticate } from "./auth.ts";
import type { PlatformEnv } from "./context.ts";
import { ApiError, badRequest, notFound } from "./errors.ts";
import { HEADERS } from "../../contract/headers.ts";
import { idParam, intParam } from "./pagination.ts";

/** Promotional notifications (spec section 3 and 7): offered once after load, dismissed for good. */
export const promoNotifications = new Hono<PlatformEnv>();

promoNotifications.use("/", authenticate);
promoNotifications.use("/*", authenticate);

/** Device ids are opaque to the platform, but they are stored: keep them short and plain. */
const DEVICE_ID = /^[\w.:~-]{1,128}$/;

/**
 * Whose dismissals count: a signed-in viewer's (by the token's subject) and, when the client
 * sends one, this device's. Guests dismiss as their device: guest sessions come and go.
 */
function dismisser(c: Context<PlatformEnv>): { userId?: string; deviceId?: string } {
  const viewer = c.get("viewer");
  const raw = c.req.header(HEADERS.deviceId);
  if (raw !== undefined && !DEVICE_ID.test(raw)) {
    throw badRequest(
      "INVALID_DEVICE_ID",
      `The ${HEADERS.deviceId} header must be 1 to 128 letters, digits or . : _ ~ -`,
    );
  }
  return { userId: viewer && !viewer.gue ? viewer.sub : undefined, deviceId: raw };
}

/** `GET /promo-notification?maxNotifications=1`: the active ones this viewer has not dismissed. */
promoNotifications.get("/", async (c) => {
  const max = intParam(c.req.query("maxNotifications"), "maxNotifications", 1, 1, 20);
  const who = dismisser(c);
  const realm = c.get("realm");
  if ((realm.settings as { hasPromoNotification?: unknown }).hasPromoNotification !== true) {
    return c.json({ promoNotifications: [] });
  }
  const { db } = c.get("store");
  const now = new Date();
  const dismissedBy: SQL[] = [];
  if (who.userId) dismissedBy.push(eq(t.promoNotificationDismissals.userId, who.userId));
  if (who.deviceId) dismissedBy.push(eq(t.promoNotificationDismissals.deviceId, who.deviceId));
  const where: (SQL | undefined)[] = [
    eq(t.promoNotifications.realm, realm.name),
    or(isNull(t.promoNotifications.startsAt), lte(t.promoNotifications.startsAt, now)),
    or(isNull(t.promoNotifications.endsAt), gt(t.promoNotifications.endsAt, now)),
  ];
  if (dismissedBy.length > 0) {
    where.push(
      notExists(
        db
          .select({ id: t.promoNotificationDismissals.id })
          .from(t.promoNotificationDismissals)
          .where(
            and(
              eq(t.promoNotificationDismissals.notificationId, t.promoNotifications.id),
              or(...dismissedBy),
            ),
          ),
      ),
    );
  }
  const rows = await db
    .select()
    .from(t.promoNotifications)
    .where(and(...where))
    .orderBy(asc(t.promoNotifications.position), asc(t.promoNotifications.id));
  const contentIds = await resolveContentIds(db, realm.name, rows);
  const notifications: PromoNotification[] = [];
  for (const row of rows) {
    if (notifications.length === max) break;
    const link = linkOf(row, contentIds);
    // A notification whose content has gone would lead nowhere: it is not offered.
    if (!link) continue;
    notifications.push({
      id: row.id,
      title: row.title,
      description: row.description,
      image: row.imageUrl,
      cta: row.cta,
      link,
      openInNewTab: row.openInNewTab,
    });
  }
  return c.json({ promoNotifications: notifications });
});

/**
 * `PUT /promo-notification/{id}` (no body): the viewer dismissed it. Recorded for the signed-in
 * viewer, else for the device in X-Device-Id; dismissing twice changes nothing.
 */
promoNotifications.put("/:id", async (c) => {
  const id = idParam(c.req.param("id"));
  const who = dismisser(c);
  const { db } = c.get("store");
  const [found] = await db
    .select({ id: t.promoNotifications.id })
    .from(t.promoNotifications)
    .where(
      and(eq(t.promoNotifications.realm, c.get("realm").name), eq(t.promoNotifications.id, id)),
    );
  if (!found) throw notFound(`Promo notification ${id}`);
  if (!who.userId && !who.deviceId) {
    throw new ApiError(
      400,
      "MISSING_DEVICE_ID",
      `Sign in or send ${HEADERS.deviceId} to dismiss a promo notification`,
    );
  }
  await db
    .insert(t.promoNotificationDismissals)
    .values(
      who.userId
        ? { notificationId: id, userId: who.userId }
        : { notificationId: id, deviceId: who.deviceId },
    )
    .onConflictDoNothing();
  return c.body(null, 204);
});

type Row = typeof t.promoNotifications.$inferSelect;
type LinkType = "VOD" | "LIVE" | "PLAYLIST";

/** Ids of the content the rows link to, by `{type}:{key}`; a VOD key may name an event's replay. */
async function resolveContentIds(db: Db, realm: string, rows: Row[]): Promise<Map<string, number>> {
  const keysOf = (...types: LinkType[]) => [
    ...new Set(
      rows.filter((r) => types.includes(r.contentType as LinkType)).map((r) => r.contentKey!),
    ),
  ];
  const lookup = async (
    table: typeof t.events | typeof t.videos | typeof t.playlists,
    keys: string[],
  ) =>
    keys.length === 0
      ? []
      : db
          .select({ id: table.id, key: table.externalKey })
          .from(table)
          .where(and(eq(table.realm, realm), inArray(table.externalKey, keys)));
  const [events, videos, playlists] = await Promise.all([
    lookup(t.events, keysOf("LIVE", "VOD")),
    lookup(t.videos, keysOf("VOD")),
    lookup(t.playlists, keysOf("PLAYLIST")),
  ]);
  const ids = new Map<string, number>();
  for (const e of events) {
    ids.set(`LIVE:${e.key}`, e.id);
    ids.set(`VOD:${e.key}`, e.id);
  }
  // A video wins over an event of the same key, as in the promo block.
  for (const v of videos) ids.set(`VOD:${v.key}`, v.id);
  for (const p of playlists) ids.set(`PLAYLIST:${p.key}`, p.id);
  return ids;
}

function linkOf(row: Row, contentIds: Map<string, number>): PromoNotification["link"] | null {
  if (row.linkUrl !== null) return { linkUrl: row.linkUrl };
  const type = row.contentType as LinkType;
  const contentId = contentIds.get(`${type}:${row.contentKey}`);
  return contentId === undefined ? null : { contentLink: { contentId, type } };
}
