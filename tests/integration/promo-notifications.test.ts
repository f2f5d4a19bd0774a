import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { validateBody } from "../../contract/validator.ts";
import * as t from "../../platform/store/schema.ts";
import { useSeededPlatform } from "../fixtures/platform.ts";
import { viewerToken } from "../fixtures/viewers.ts";

const platform = useSeededPlatform();

const LIST = "/api/v2/promo-notification?maxNotifications=1";
const device = () => `device-${crypto.randomUUID()}`;

async function list(realm: "arena" | "liga", headers: Record<string, string> = {}, path = LIST) {
  const res = await platform.api.call(realm, path, { headers });
  expect(res.status).toBe(200);
  const body = await res.json();
  expect(validateBody("promoNotifications", body).ok).toBe(true);
  return body.promoNotifications as { id: number; title: string; link: unknown }[];
}

const dismiss = (id: number | string, headers: Record<string, string> = {}) =>
  platform.api.call("arena", `/api/v2/promo-notification/${id}`, { method: "PUT", headers });

describe("GET /api/v2/promo-notification", () => {
  it("offers the realm's first active notification, its content link resolved to an id", async () => {
    const [first, ...rest] = await list("arena", { "X-Device-Id": device() });
    expect(rest).toEqual([]);
    const [playlist] = await platform.store.db
      .select({ id: t.playlists.id })
      .from(t.playlists)
      .where(and(eq(t.playlists.realm, "arena"), eq(t.playlists.externalKey, "road-to-afc-212")));
    expect(first).toEqual({
      id: expect.any(Number),
      title: "Road to AFC 212",
      description: expect.stringContaining("Okafor and Lindqvist"),
      image: "/images/arena/hero/afc-212-main-card.webp",
      cta: "Watch the build-up",
      link: { contentLink: { contentId: playlist!.id, type: "PLAYLIST" } },
      openInNewTab: false,
    });
  });

  it("lists several in priority order, a URL link as it is", async () => {
    const all = await list("arena", {}, "/api/v2/promo-notification?maxNotifications=5");
    expect(all.map((n) => n.title)).toEqual(["Road to AFC 212", "Save 40% with an annual pass"]);
    expect(all[1]!.link).toEqual({ linkUrl: "https://shop.example.com/arena/annual-pass" });
  });

  it("offers nothing in a realm without hasPromoNotification", async () => {
    expect(await list("liga", { "X-Device-Id": device() })).toEqual([]);
  });

  it("leaves out notifications not yet started or already over", async () => {
    const hour = 3_600_000;
    await platform.store.db.insert(t.promoNotifications).values([
      {
        realm: "arena",
        externalKey: "test-future",
        position: -2,
        title: "Not yet",
        cta: "Go",
        linkUrl: "/a",
        startsAt: new Date(Date.now() + hour),
      },
      {
        realm: "arena",
        externalKey: "test-past",
        position: -1,
        title: "Over",
        cta: "Go",
        linkUrl: "/b",
        endsAt: new Date(Date.now() - hour),
      },
    ]);
    try {
      const titles = (
        await list("arena", {}, "/api/v2/promo-notification?maxNotifications=20")
      ).map((n) => n.title);
      expect(titles).not.toContain("Not yet");
      expect(titles).not.toContain("Over");
      expect(titles).toHaveLength(2);
    } finally {
      await platform.store.db
        .delete(t.promoNotifications)
        .where(inArray(t.promoNotifications.externalKey, ["test-future", "test-past"]));
    }
  });

  it.each([
    ["0", "maxNotifications"],
    ["21", "maxNotifications"],
    ["one", "maxNotifications"],
  ])("refuses maxNotifications=%s", async (value, name) => {
    const res = await platform.api.call(
      "arena",
      `/api/v2/promo-notification?maxNotifications=${value}`,
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      status: 400,
      code: "INVALID_QUERY",
      messages: [expect.stringContaining(name)],
    });
  });

  it("refuses a malformed device id and needs the realm's headers", async () => {
    const bad = await platform.api.call("arena", LIST, { headers: { "X-Device-Id": "a b" } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe("INVALID_DEVICE_ID");
    const anonymous = await platform.api.call("arena", LIST, { headers: { Realm: undefined } });
    expect((await anonymous.json()).code).toBe("MISSING_REALM");
  });
});

describe("PUT /api/v2/promo-notification/{id}", () => {
  it("records a dismissal per device: that device gets the next one, others still the first", async () => {
    const mine = device();
    const [first] = await list("arena", { "X-Device-Id": mine });
    const res = await dismiss(first!.id, { "X-Device-Id": mine });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
    expect((await list("arena", { "X-Device-Id": mine }))[0]!.title).toBe(
      "Save 40% with an annual pass",
    );
    expect((await list("arena", { "X-Device-Id": device() }))[0]!.id).toBe(first!.id);
    // Dismissing again is harmless.
    expect((await dismiss(first!.id, { "X-Device-Id": mine })).status).toBe(204);
    const rows = await platform.store.db
      .select()
      .from(t.promoNotificationDismissals)
      .where(eq(t.promoNotificationDismissals.deviceId, mine));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ notificationId: first!.id, userId: null });
  });

  it("records a signed-in viewer's dismissal for the viewer, whatever the device", async () => {
    const { userId, token } = await viewerToken(platform.store, "arena", "CUSTOMER");
    const auth = { Authorization: `Bearer ${token}` };
    const [first] = await list("arena", { ...auth, "X-Device-Id": device() });
    expect((await dismiss(first!.id, { ...auth, "X-Device-Id": device() })).status).toBe(204);
    const [next] = await list("arena", { ...auth, "X-Device-Id": device() });
    expect(next!.id).not.toBe(first!.id);
    const [row] = await platform.store.db
      .select()
      .from(t.promoNotificationDismissals)
      .where(eq(t.promoNotificationDismissals.userId, String(userId)));
    expect(row).toMatchObject({ notificationId: first!.id, deviceId: null });
    // Once both are dismissed there is nothing left to offer.
    expect((await dismiss(next!.id, auth)).status).toBe(204);
    expect(await list("arena", auth)).toEqual([]);
  });

  it("needs a device id from anyone not signed in", async () => {
    const [first] = await list("arena");
    const res = await dismiss(first!.id);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: "MISSING_DEVICE_ID",
      messages: [expect.stringContaining("X-Device-Id")],
    });
  });

  it("answers 404 for another realm's or an unknown notification, 400 for a bad id", async () => {
    const [arenaFirst] = await list("arena");
    const other = await platform.api.call("liga", `/api/v2/promo-notification/${arenaFirst!.id}`, {
      method: "PUT",
      headers: { "X-Device-Id": device() },
    });
    expect(other.status).toBe(404);
    expect((await other.json()).code).toBe("NOT_FOUND");
    expect((await dismiss(999_999, { "X-Device-Id": device() })).status).toBe(404);
    const bad = await dismiss("abc", { "X-Device-Id": device() });
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe("INVALID_ID");
  });

  it("refuses a bad token instead of dismissing for the device", async () => {
    const [first] = await list("arena");
    const res = await dismiss(first!.id, {
      Authorization: "Bearer not-a-token",
      "X-Device-Id": device(),
    });
    expect(res.status).toBe(401);
    expect((await res.json()).code).toBe("INVALID_TOKEN");
  });
});
