import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AnalyticsSummary } from "../../contract/generated/analytics.ts";
import { ANALYTICS_MESSAGES } from "../../contract/analytics-events.ts";
import { ANALYTICS_RATE } from "../../platform/analytics/ingest.ts";
import { keepAnalyticsRetention } from "../../platform/analytics/retention.ts";
import * as t from "../../platform/store/schema.ts";
import { createTokenIssuer } from "../../platform/auth/tokens.ts";
import { accountWithSession } from "../fixtures/accounts.ts";
import { TEST_TOKEN_SECRET, useSeededPlatform } from "../fixtures/platform.ts";
import { viewerToken } from "../fixtures/viewers.ts";

const platform = useSeededPlatform();
const today = () => new Date().toISOString().slice(0, 10);

const event = (name: string, type: string, extra: Record<string, unknown> = {}) => ({
  name,
  type,
  route: "VOD 7",
  at: Date.now(),
  ...extra,
});

function upload(
  realm: "arena" | "liga",
  body: unknown,
  device = crypto.randomUUID(),
  auth: Record<string, string> = {},
) {
  return platform.api.call(realm, "/api/v2/analytics/events", {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "X-Device-Id": device, ...auth },
  });
}

async function summary(realm: "arena" | "liga", query = "") {
  const { token } = await viewerToken(platform.store, realm, "ADMIN");
  return platform.api.call(realm, `/api/v2/admin/analytics${query}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
}

const rowsOf = (realm: string, device: string) =>
  platform.store.db
    .select()
    .from(t.analyticsEvents)
    .where(and(eq(t.analyticsEvents.realm, realm), eq(t.analyticsEvents.deviceId, device)));

describe("analytics ingest", () => {
  it("takes a valid batch with 202 and stores each event for the calling realm and device", async () => {
    const device = crypto.randomUUID();
    const answer = await upload(
      "liga",
      {
        // The page's claim: an anonymous upload is nobody's, whatever it says.
        userId: "42",
        events: [
          event("play", "MEDIA", { attributes: { contentId: "7" } }),
          event("pause", "MEDIA", { attributes: { contentId: "7", watchedSeconds: "30" } }),
        ],
      },
      device,
    );
    expect(answer.status).toBe(202);
    const rows = await rowsOf("liga", device);
    expect(rows.map((row) => [row.name, row.route, row.userId, row.sandbox])).toEqual([
      ["play", "VOD 7", null, false],
      ["pause", "VOD 7", null, false],
    ]);
  });

  it("files a signed-in upload under the session's account, never under the batch's userId", async () => {
    const viewer = await accountWithSession(platform.store, "liga");
    const someoneElse = await accountWithSession(platform.store, "liga");
    const device = crypto.randomUUID();
    const forged = { userId: String(someoneElse.user.id), events: [event("play", "MEDIA")] };
    expect((await upload("liga", forged, device, viewer.auth)).status).toBe(202);
    const [row] = await rowsOf("liga", device);
    // liga sends no e-mail identity (analyticsEmailIdentity NONE).
    expect([row!.userId, row!.email]).toEqual([String(viewer.user.id), null]);
  });

  it("files a guest's upload under nobody", async () => {
    const guest = await createTokenIssuer(TEST_TOKEN_SECRET).issueAccess({
      sub: "guest-1",
      rlm: "arena",
      rol: [],
      gue: true,
    });
    const device = crypto.randomUUID();
    const batch = { userId: "7", events: [event("play", "MEDIA")] };
    const answer = await upload("arena", batch, device, { Authorization: `Bearer ${guest}` });
    expect(answer.status).toBe(202);
    const [row] = await rowsOf("arena", device);
    expect([row!.userId, row!.email]).toEqual([null, null]);
  });

  it("refuses a forged or other-realm token rather than filing the events under it", async () => {
    const ligaViewer = await accountWithSession(platform.store, "liga");
    const device = crypto.randomUUID();
    const batch = { events: [event("play", "MEDIA")] };
    expect((await upload("arena", batch, device, ligaViewer.auth)).status).toBe(401);
    const forged = { Authorization: `Bearer ${ligaViewer.authorisationToken}x` };
    expect((await upload("liga", batch, device, forged)).status).toBe(401);
    expect(await rowsOf("arena", device)).toEqual([]);
    expect(await rowsOf("liga", device)).toEqual([]);
  });

  it("sends the e-mail identity from the main profile only, where the realm says MAIN_PROFILE (arena)", async () => {
    const profiles = [
      { name: "Main", type: "ADULT" as const },
      { name: "Second", type: "ADULT" as const },
      { name: "Kid", type: "CHILD" as const },
    ];
    const filed = async (actingAs: number) => {
      const viewer = await accountWithSession(platform.store, "arena", { profiles, actingAs });
      const device = crypto.randomUUID();
      const answer = await upload(
        "arena",
        { events: [event("play", "MEDIA")] },
        device,
        viewer.auth,
      );
      expect(answer.status).toBe(202);
      const [row] = await rowsOf("arena", device);
      return { row: [row!.userId, row!.email], user: viewer.user };
    };
    const main = await filed(0);
    expect(main.row).toEqual([String(main.user.id), main.user.email]);
    const second = await filed(1);
    expect(second.row).toEqual([String(second.user.id), null]);
    const child = await filed(2);
    expect(child.row).toEqual([String(child.user.id), null]);
    // An account without profiles acts as its main profile.
    const single = await accountWithSession(platform.store, "arena");
    const device = crypto.randomUUID();
    await upload("arena", { events: [event("play", "MEDIA")] }, device, single.auth);
    const [row] = await rowsOf("arena", device);
    expect([row!.userId, row!.email]).toEqual([String(single.user.id), single.user.email]);
  });

  it.each([
    ["not JSON", "{", 400, "MALFORMED_JSON"],
    ["no events", { events: [] }, 400, "INVALID_BODY"],
    ["an unknown field", { events: [event("play", "MEDIA")], extra: 1 }, 400, "INVALID_BODY"],
    [
      "a bad route key",
      { events: [event("play", "MEDIA", { route: "home<script>" })] },
      400,
      "INVALID_BODY",
    ],
    [
      "a TikTok id without E.C.P.",
      { events: [event("play", "MEDIA")], clickIds: { tiktok: "abc" } },
      400,
      "INVALID_BODY",
    ],
  ])("refuses a body with %s", async (_, body, status, code) => {
    const answer = await upload("arena", body);
    expect(answer.status).toBe(status);
    expect(await answer.json()).toMatchObject({ code });
  });

  it.each([
    [event("nope", "MEDIA"), ANALYTICS_MESSAGES.type],
    [event("play", "SEARCH"), ANALYTICS_MESSAGES.type],
    [
      event("purchaseStarted", "TRANSACTION", { attributes: { provider: "card" } }),
      ANALYTICS_MESSAGES.purchase,
    ],
    [
      event("purchaseCompleted", "TRANSACTION", { attributes: { sku: "monthly" } }),
      ANALYTICS_MESSAGES.purchase,
    ],
  ])("refuses an event breaking the rules with the spec's message (%#)", async (bad, message) => {
    const device = crypto.randomUUID();
    const answer = await upload("arena", { events: [event("play", "MEDIA"), bad] }, device);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({
      code: "INVALID_BODY",
      messages: [message],
      pointer: "/events/1",
    });
    // The whole batch is refused: nothing of it is stored.
    expect(await rowsOf("arena", device)).toEqual([]);
  });

  it("refuses a body over 32 KB with 413 before storing anything", async () => {
    const device = crypto.randomUUID();
    const big = "x".repeat(200);
    const events = Array.from({ length: 50 }, () =>
      event("navigation", "NAVIGATION", {
        attributes: Object.fromEntries(Array.from({ length: 4 }, (_, i) => [`k${i}`, big])),
      }),
    );
    const answer = await upload("arena", { events }, device);
    expect(answer.status).toBe(413);
    expect(await answer.json()).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    expect(await rowsOf("arena", device)).toEqual([]);
  });

  it("limits uploads per device, with Retry-After, while other devices go on", async () => {
    const device = crypto.randomUUID();
    const body = { events: [event("seeked", "MEDIA")] };
    for (let i = 0; i < ANALYTICS_RATE.limit; i++) {
      expect((await upload("liga", body, device)).status).toBe(202);
    }
    const refused = await upload("liga", body, device);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ code: "TOO_MANY_ATTEMPTS" });
    expect((await upload("liga", body)).status).toBe(202);
    expect(await rowsOf("liga", device)).toHaveLength(ANALYTICS_RATE.limit);
  });

  it("refuses another realm's key, and keeps each realm's events to its own figures", async () => {
    const wrongKey = await platform.api.call("arena", "/api/v2/analytics/events", {
      method: "POST",
      body: JSON.stringify({ events: [event("play", "MEDIA")] }),
      headers: { Realm: "liga" },
    });
    expect(wrongKey.status).toBe(401);
    const device = crypto.randomUUID();
    expect(
      (await upload("arena", { events: [event("play", "MEDIA", { route: "LIVE 99" })] }, device))
        .status,
    ).toBe(202);
    const arena = (await (await summary("arena")).json()) as AnalyticsSummary;
    const liga = (await (await summary("liga")).json()) as AnalyticsSummary;
    expect(arena.topVideos.map((v) => v.route)).toContain("LIVE 99");
    expect(liga.topVideos.map((v) => v.route)).not.toContain("LIVE 99");
  });
});

describe("analytics summary", () => {
  it("counts plays, viewers, watch time, errors and funnels per day, leaving sandbox events out", async () => {
    const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];
    const realm = "arena";
    const before = (await (await summary(realm)).json()) as AnalyticsSummary;
    await upload(
      realm,
      {
        events: [
          event("play", "MEDIA", { route: "VOD 501" }),
          event("pause", "MEDIA", { route: "VOD 501", attributes: { watchedSeconds: "40" } }),
          event("playbackError", "MEDIA", { attributes: { kind: "network", code: "x" } }),
          event("subscriptionView", "TRANSACTION"),
          event("purchaseStarted", "TRANSACTION", { attributes: { sku: "m" } }),
          event("signUpStarted", "OTHER"),
        ],
      },
      a,
    );
    await upload(
      realm,
      {
        events: [
          event("play", "MEDIA", { route: "VOD 501" }),
          event("play", "MEDIA", { route: "VOD 502" }),
          event("ended", "MEDIA", {
            route: "VOD 502",
            attributes: { watchedSeconds: "not a number" },
          }),
        ],
      },
      b,
    );
    await upload(realm, { sandbox: true, events: [event("play", "MEDIA", { route: "VOD 501" })] });
    const after = (await (await summary(realm)).json()) as AnalyticsSummary;
    const day = (s: AnalyticsSummary) => s.days.find((d) => d.day === today())!;
    expect(after.days).toHaveLength(7);
    expect(day(after).plays - day(before).plays).toBe(3);
    expect(day(after).viewers - day(before).viewers).toBe(2);
    expect(after.topVideos.find((v) => v.route === "VOD 501")?.plays).toBe(2);
    const count = (list: { step: string; count: number }[], step: string) =>
      list.find((s) => s.step === step)!.count;
    expect(
      count(after.purchaseFunnel, "purchaseStarted") -
        count(before.purchaseFunnel, "purchaseStarted"),
    ).toBe(1);
    expect(
      count(after.signUpFunnel, "signUpStarted") - count(before.signUpFunnel, "signUpStarted"),
    ).toBe(1);
    expect(after.errorsByType.find((e) => e.type === "network")!.count).toBeGreaterThan(0);
    expect(after.averageWatchSeconds).toBeGreaterThan(0);
  });

  it("answers the chosen range, and refuses bad or too long ones", async () => {
    const ok = (await (
      await summary("liga", "?from=2026-01-01&to=2026-01-03")
    ).json()) as AnalyticsSummary;
    expect(ok.days.map((d) => d.day)).toEqual(["2026-01-01", "2026-01-02", "2026-01-03"]);
    for (const query of [
      "?from=2026-02-30",
      "?from=2026-01-05&to=2026-01-01",
      "?from=2025-01-01&to=2026-01-01",
    ]) {
      expect((await summary("liga", query)).status).toBe(400);
    }
  });

  it("is for admins only", async () => {
    const { token } = await viewerToken(platform.store, "liga", "CUSTOMER");
    const answer = await platform.api.call("liga", "/api/v2/admin/analytics", {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(403);
  });
});

describe("analytics retention", () => {
  it("drops events received before the kept days and keeps the rest", async () => {
    const { db } = platform.store;
    const old = crypto.randomUUID();
    const recent = crypto.randomUUID();
    const now = Date.now();
    const day = 24 * 3600 * 1000;
    await db.insert(t.analyticsEvents).values([
      {
        realm: "liga",
        deviceId: old,
        name: "play",
        type: "MEDIA",
        route: "HOME",
        occurredAt: new Date(now - 100 * day),
        receivedAt: new Date(now - 100 * day),
      },
      {
        realm: "liga",
        deviceId: recent,
        name: "play",
        type: "MEDIA",
        route: "HOME",
        occurredAt: new Date(now - 10 * day),
        receivedAt: new Date(now - 10 * day),
      },
    ]);
    await keepAnalyticsRetention(platform.store, now);
    expect(await rowsOf("liga", old)).toEqual([]);
    expect(await rowsOf("liga", recent)).toHaveLength(1);
    // Running again changes nothing (every server runs it).
    await keepAnalyticsRetention(platform.store, now);
    expect(await rowsOf("liga", recent)).toHaveLength(1);
    if (platform.store.kind === "postgres") {
      // Today's events sit in today's partition, made ahead of time.
      const { rows } = (await db.execute(
        sql`select tableoid::regclass::text as part from analytics_events where device_id = ${recent}`,
      )) as unknown as { rows: { part: string }[] };
      expect(rows[0]?.part).toBe("analytics_events_default");
      const device = crypto.randomUUID();
      await upload("liga", { events: [event("play", "MEDIA")] }, device);
      const fresh = (await db.execute(
        sql`select tableoid::regclass::text as part from analytics_events where device_id = ${device}`,
      )) as unknown as { rows: { part: string }[] };
      expect(fresh.rows[0]?.part).toBe(`analytics_events_${today().replaceAll("-", "")}`);
    }
  });
});
