import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigValidationError } from "../../platform/realm-config/load-realms.ts";
import { demoRealmsDir } from "../../platform/seed/config.ts";
import { seed } from "../../platform/seed/seed.ts";
import * as t from "../../platform/store/schema.ts";
import type { Store } from "../../platform/store/store.ts";
import { openTestStore } from "../fixtures/test-store.ts";

let store: Store;
let scratch: string;
beforeAll(async () => {
  store = await openTestStore();
  scratch = await mkdtemp(path.join(os.tmpdir(), "seed-test-"));
});
afterAll(async () => {
  await store.close();
  await rm(scratch, { recursive: true, force: true });
});

const counts = async () => ({
  realms: (await store.db.select({ n: count() }).from(t.realms))[0]!.n,
  events: (await store.db.select({ n: count() }).from(t.events))[0]!.n,
  videos: (await store.db.select({ n: count() }).from(t.videos))[0]!.n,
  menus: (await store.db.select({ n: count() }).from(t.menus))[0]!.n,
  images: (await store.db.select({ n: count() }).from(t.images))[0]!.n,
});

describe("seed", () => {
  it("is idempotent: seeding again changes no ids, counts or times", async () => {
    const before = await counts();
    const eventsBefore = await store.db
      .select({ id: t.events.id, startAt: t.events.startAt })
      .from(t.events)
      .orderBy(t.events.id);
    await seed(store.db);
    expect(await counts()).toEqual(before);
    const eventsAfter = await store.db
      .select({ id: t.events.id, startAt: t.events.startAt })
      .from(t.events)
      .orderBy(t.events.id);
    expect(eventsAfter).toEqual(eventsBefore);
  });

  it("refuses an invalid file naming file, pointer and reason, and changes nothing", async () => {
    const dir = path.join(scratch, "broken");
    await cp(demoRealmsDir, dir, { recursive: true });
    const contentFile = path.join(dir, "liga", "content.json");
    const content = JSON.parse(await readFile(contentFile, "utf8"));
    content.events[3].durationMinutes = -5;
    content.videos[0].bogus = true;
    content.playlists[0].videoKeys[0] = "no-such-video";
    await writeFile(contentFile, JSON.stringify(content));
    const realmFile = path.join(dir, "arena", "realm.json");
    const realm = JSON.parse(await readFile(realmFile, "utf8"));
    realm.settings.realmFullName = "Renamed (must not be written)";
    await writeFile(realmFile, JSON.stringify(realm));

    const before = await counts();
    const error = await seed(store.db, { dir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigValidationError);
    const issues = (error as ConfigValidationError).issues;
    expect(issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          file: expect.stringMatching(/liga\/content\.json$/),
          pointer: "/events/3/durationMinutes",
          message: "must be ≥ 1",
        }),
        expect.objectContaining({
          pointer: "/videos/0/bogus",
          message: expect.stringMatching(/unknown property 'bogus'/),
        }),
      ]),
    );
    expect(await counts()).toEqual(before);
    const [arena] = await store.db
      .select({ fullName: t.realms.fullName })
      .from(t.realms)
      .orderBy(t.realms.name);
    expect(arena!.fullName).toBe("Arena Fight Pass");
  });

  it("reports broken cross references once the schema passes", async () => {
    const dir = path.join(scratch, "dangling");
    await cp(demoRealmsDir, dir, { recursive: true });
    const contentFile = path.join(dir, "liga", "content.json");
    const content = JSON.parse(await readFile(contentFile, "utf8"));
    content.playlists[0].videoKeys[0] = "no-such-video";
    await writeFile(contentFile, JSON.stringify(content));
    const error = (await seed(store.db, { dir }).catch((e: unknown) => e)) as ConfigValidationError;
    expect(error.issues).toEqual([
      expect.objectContaining({
        pointer: "/playlists/0/videoKeys/0",
        message: "no video has the key 'no-such-video'",
      }),
    ]);
    expect(error.message).toContain("/playlists/0/videoKeys/0");
  });

  it("links the fighters named by fighterKeys to their events, and refuses unknown ones", async () => {
    const links = await store.db
      .select({ event: t.events.externalKey, fighter: t.fighters.externalKey })
      .from(t.eventFighters)
      .innerJoin(t.events, eq(t.events.id, t.eventFighters.eventId))
      .innerJoin(t.fighters, eq(t.fighters.id, t.eventFighters.fighterId))
      .where(eq(t.events.externalKey, "afc-212-main-card"))
      .orderBy(t.eventFighters.position);
    expect(links.map((l) => l.fighter)).toEqual(["chidi-okafor", "erik-lindqvist"]);

    const dir = path.join(scratch, "fighter-keys");
    await cp(demoRealmsDir, dir, { recursive: true });
    const contentFile = path.join(dir, "arena", "content.json");
    const content = JSON.parse(await readFile(contentFile, "utf8"));
    const index = content.events.findIndex((e: { key: string }) => e.key === "afc-212-main-card");
    content.events[index].fighterKeys = ["chidi-okafor", "no-such-fighter"];
    await writeFile(contentFile, JSON.stringify(content));
    const error = (await seed(store.db, { dir }).catch((e: unknown) => e)) as ConfigValidationError;
    expect(error.issues.map((i) => [i.pointer, i.message])).toEqual([
      [`/events/${index}/fighterKeys/1`, "no fighter has the key 'no-such-fighter'"],
    ]);
  });

  it("checks licences and vouchers: unique ids and codes, periods, trials, defaults, licences that exist", async () => {
    const dir = path.join(scratch, "commerce");
    await cp(demoRealmsDir, dir, { recursive: true });
    const realmFile = path.join(dir, "liga", "realm.json");
    const realm = JSON.parse(await readFile(realmFile, "utf8"));
    const [monthly, pass] = realm.licences;
    const { purchaseStrategy: _period, ...noPeriod } = monthly;
    realm.licences = [
      monthly,
      { ...monthly, id: "LIGA_MENSAL" },
      { ...noPeriod, id: "NO_PERIOD" },
      { ...pass, trialDays: 3, amounts: [pass.amounts[0], { ...pass.amounts[1], default: true }] },
    ];
    const [welcome] = realm.vouchers;
    realm.vouchers = [
      welcome,
      { ...welcome, code: welcome.code.toLowerCase(), licences: ["NO_SUCH"] },
    ];
    await writeFile(realmFile, JSON.stringify(realm));
    const error = (await seed(store.db, { dir }).catch((e: unknown) => e)) as ConfigValidationError;
    expect(error.issues.map((i) => [i.pointer, i.message])).toEqual([
      ["/licences/1/id", "id 'LIGA_MENSAL' is used twice"],
      ["/licences/2", "a subscription needs purchaseStrategy.subscriptionPeriod"],
      ["/licences/3/amounts", "at most one amount is the default"],
      ["/licences/3/trialDays", "only subscriptions have trials"],
      ["/vouchers/1/code", "code 'bemvindo100' is used twice"],
      ["/vouchers/1/licences/0", "no licence has the id 'NO_SUCH'"],
    ]);
  });

  it("checks promo notifications: unique keys, content that exists, an end after the start", async () => {
    const dir = path.join(scratch, "promos");
    await cp(demoRealmsDir, dir, { recursive: true });
    const realmFile = path.join(dir, "arena", "realm.json");
    const realm = JSON.parse(await readFile(realmFile, "utf8"));
    const [first] = realm.promoNotifications;
    realm.promoNotifications = [
      first,
      { ...first, link: { contentLink: { key: "no-such-event", type: "LIVE" } } },
      { ...first, key: "later", startOffsetHours: 10, endOffsetHours: 10 },
    ];
    await writeFile(realmFile, JSON.stringify(realm));
    const error = (await seed(store.db, { dir }).catch((e: unknown) => e)) as ConfigValidationError;
    expect(error.issues.map((i) => [i.pointer, i.message])).toEqual([
      ["/promoNotifications/1/key", "key 'road-to-afc-212' is used twice"],
      ["/promoNotifications/1/link/contentLink/key", "no event has the key 'no-such-event'"],
      ["/promoNotifications/2/endOffsetHours", "must be after startOffsetHours"],
    ]);
  });

  it("keeps promo notifications (and their dismissals) across re-seeding, drops removed ones", async () => {
    const dir = path.join(scratch, "promo-reseed");
    await cp(demoRealmsDir, dir, { recursive: true });
    const before = await store.db
      .select({ id: t.promoNotifications.id, key: t.promoNotifications.externalKey })
      .from(t.promoNotifications)
      .orderBy(t.promoNotifications.position);
    expect(before.map((n) => n.key)).toEqual(["road-to-afc-212", "annual-fight-pass"]);
    await store.db
      .insert(t.promoNotificationDismissals)
      .values({ notificationId: before[0]!.id, deviceId: "reseed-device" });
    await seed(store.db, { dir });
    const kept = await store.db.select().from(t.promoNotificationDismissals);
    expect(kept.map((d) => d.deviceId)).toContain("reseed-device");
    const realmFile = path.join(dir, "arena", "realm.json");
    const realm = JSON.parse(await readFile(realmFile, "utf8"));
    realm.promoNotifications = realm.promoNotifications.slice(1);
    await writeFile(realmFile, JSON.stringify(realm));
    await seed(store.db, { dir });
    const after = await store.db
      .select({ id: t.promoNotifications.id, key: t.promoNotifications.externalKey })
      .from(t.promoNotifications);
    expect(after).toEqual([before[1]]);
    expect(await store.db.select().from(t.promoNotificationDismissals)).toEqual([]);
  });

  it("rebuilds a realm from scratch with reset", async () => {
    const before = await counts();
    await seed(store.db, { reset: true });
    expect(await counts()).toEqual(before);
  });
});
