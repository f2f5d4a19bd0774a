import { and, asc, eq, gt, lte } from "drizzle-orm";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { liveEventsLoader, NEXT_EVENTS } from "../../app/live-events/live-events.server.ts";
import type { LiveEventsView } from "../../app/live-events/view.ts";
import { loader as liveEventCalendarLoader } from "../../app/routes/live-event-calendar.ts";
import { loader as redirectLoader } from "../../app/routes/redirect.tsx";
import {
  upcomingEventCalendarResponse,
  upcomingFeedResponse,
  upcomingLoader,
} from "../../app/upcoming/upcoming.server.ts";
import type { UpcomingView } from "../../app/upcoming/view.ts";
import * as t from "../../platform/store/schema.ts";
import { accountWithSession } from "../fixtures/accounts.ts";
import { useSeededPlatform } from "../fixtures/platform.ts";
import { icsText, icsUtcOf, vevents } from "../fixtures/ics.ts";
import {
  guestSessionCookie,
  loaderArgs,
  sessionCookieFor,
  thrownResponse,
  thrownStatus,
  webContext,
} from "../fixtures/web-context.ts";

const platform = useSeededPlatform();

type Realm = "arena" | "liga";

async function customerCookie(realm: Realm) {
  const account = await accountWithSession(platform.store, realm, {
    profiles: [{ name: "Sam", type: "ADULT" }],
  });
  return sessionCookieFor(realm, {
    accessToken: account.authorisationToken,
    refreshToken: account.refreshToken,
  });
}

function args(
  path: string,
  headers: Record<string, string> = {},
  params: Record<string, string> = {},
  context = webContext(platform.api),
): LoaderFunctionArgs {
  const base = loaderArgs(context, path, headers);
  return { ...base, params: { ...base.params, ...params } };
}

/** The realm's events whose start is still ahead, soonest first, as the store has them. */
async function upcomingIds(realm: Realm) {
  const rows = await platform.store.db
    .select({ id: t.events.id })
    .from(t.events)
    .where(and(eq(t.events.realm, realm), gt(t.events.startAt, new Date())))
    .orderBy(asc(t.events.startAt), asc(t.events.id));
  return rows.map((row) => row.id);
}

async function eventIds(realm: Realm, where: "ended" | "live") {
  const now = new Date();
  const rows = await platform.store.db
    .select({ id: t.events.id })
    .from(t.events)
    .where(
      where === "ended"
        ? and(eq(t.events.realm, realm), lte(t.events.endAt, now))
        : and(
            eq(t.events.realm, realm),
            eq(t.events.live, true),
            lte(t.events.startAt, now),
            gt(t.events.endAt, now),
          ),
    )
    .orderBy(asc(t.events.startAt), asc(t.events.id));
  return rows.map((row) => row.id);
}

describe("the upcoming page", () => {
  it("lists only the realm's events still to start, soonest first, to signed-out viewers", async () => {
    const answer = await upcomingLoader(args("/realm/liga/upcoming"));
    const view = answer.data as UpcomingView;
    expect(view.state).toBe("ready");
    if (view.state !== "ready") return;
    const expected = await upcomingIds("liga");
    expect(expected.length).toBeGreaterThan(0);
    expect(view.events.map((entry) => entry.card.id)).toEqual(expected);
    for (const entry of view.events) {
      expect(Date.parse(entry.card.startDate!)).toBeGreaterThan(Date.now());
      expect(entry.href).toBe(`/realm/liga/live/${entry.card.id}`);
      expect(entry.calendarHref).toBe(`/realm/liga/upcoming/${entry.card.id}/calendar.ics`);
    }
    expect(view.feed).toEqual({
      href: "/realm/liga/upcoming.ics",
      // Liga's pages are canonical on its own domain (its preferredDomain).
      url: "http://liga.localhost/upcoming.ics",
      webcal: "webcal://liga.localhost/upcoming.ics",
    });
    // None of arena's events, and nothing live or over.
    const others = new Set([
      ...(await upcomingIds("arena")),
      ...(await eventIds("liga", "live")),
      ...(await eventIds("liga", "ended")),
    ]);
    expect(view.events.filter((entry) => others.has(entry.card.id))).toEqual([]);
  });

  it("shows guests and customers of the realm the same events", async () => {
    const anonymous = (await upcomingLoader(args("/realm/liga/upcoming"))).data;
    const guest = (
      await upcomingLoader(
        args("/realm/liga/upcoming", { Cookie: await guestSessionCookie(platform.api, "liga") }),
      )
    ).data;
    const customer = (
      await upcomingLoader(args("/realm/liga/upcoming", { Cookie: await customerCookie("liga") }))
    ).data;
    expect(guest).toEqual(anonymous);
    expect(customer).toEqual(anonymous);
  });

  it("does not exist, for anyone, in a realm without the guest schedule", async () => {
    expect(await thrownStatus(() => upcomingLoader(args("/realm/arena/upcoming")))).toBe(404);
    const cookie = await customerCookie("arena");
    expect(
      await thrownStatus(() => upcomingLoader(args("/realm/arena/upcoming", { Cookie: cookie }))),
    ).toBe(404);
    expect(await thrownStatus(() => upcomingFeedResponse(args("/realm/arena/upcoming.ics")))).toBe(
      404,
    );
    const [arenaEvent] = await upcomingIds("arena");
    expect(
      await thrownStatus(() =>
        upcomingEventCalendarResponse(
          args(`/realm/arena/upcoming/${arenaEvent}/calendar.ics`, {}, { id: String(arenaEvent) }),
        ),
      ),
    ).toBe(404);
  });

  it("shows its error state, 503, when the platform fails to list the events", async () => {
    const failing = webContext(platform.api, {
      intercept: (request) =>
        new URL(request.url).pathname === "/api/v2/events"
          ? Response.json(
              { status: 503, code: "STORE_UNAVAILABLE", messages: ["down"] },
              { status: 503 },
            )
          : undefined,
    });
    const answer = await upcomingLoader(args("/realm/liga/upcoming?x=1", {}, {}, failing));
    expect(answer.init?.status).toBe(503);
    expect(answer.data).toEqual({ state: "failed", retry: "/realm/liga/upcoming?x=1" });
  });
});

describe("the realm's calendar feed", () => {
  it("is text/calendar of the realm's upcoming events, each with UID, UTC times and its page", async () => {
    const response = await upcomingFeedResponse(args("/realm/liga/upcoming.ics"));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBeNull();
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=300");
    expect(response.headers.get("Vary")).toBe("Accept-Language, Cookie");
    const ics = await response.text();
    expect(ics.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(ics).toContain("REFRESH-INTERVAL;VALUE=DURATION:PT60M");
    const events = vevents(ics);
    const ids = await upcomingIds("liga");
    expect(events.map((event) => event.URL)).toEqual(
      ids.map((id) => `http://liga.localhost/live/${id}`),
    );
    const rows = await platform.store.db.select().from(t.events).where(eq(t.events.realm, "liga"));
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const [i, event] of events.entries()) {
      const row = byId.get(ids[i]!)!;
      expect(event.UID).toBe(`event-${row.id}.liga@liga.localhost`);
      expect(event.DTSTAMP).toMatch(/^\d{8}T\d{6}Z$/);
      expect(event.DTSTART).toBe(icsUtcOf(row.startAt));
      expect(event.DTEND).toBe(icsUtcOf(row.endAt));
      expect(icsText(event.SUMMARY!)).toBe(row.title);
    }
    for (const physical of ics.split("\r\n")) {
      expect(new TextEncoder().encode(physical).length).toBeLessThanOrEqual(75);
    }
  });

  it("is the same for a signed-in customer as for a calendar app without a session", async () => {
    const strip = (ics: string) => ics.replace(/DTSTAMP:\d{8}T\d{6}Z/g, "DTSTAMP");
    const anonymous = await (await upcomingFeedResponse(args("/realm/liga/upcoming.ics"))).text();
    const signedIn = await (
      await upcomingFeedResponse(
        args("/realm/liga/upcoming.ics", { Cookie: await customerCookie("liga") }),
      )
    ).text();
    expect(strip(signedIn)).toBe(strip(anonymous));
  });
});

/** An .ics attachment of that one event of the realm, its URL the event's page. */
async function expectOneEventDownload(response: Response, realm: Realm, id: number) {
  expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
  expect(response.headers.get("Content-Disposition")).toBe(
    `attachment; filename="event-${id}.ics"`,
  );
  const events = vevents(await response.text());
  expect(events).toHaveLength(1);
  expect(events[0]).toMatchObject({
    UID: `event-${id}.${realm}@${realm}.localhost`,
    URL: `http://${realm}.localhost/live/${id}`,
  });
}

describe("one event's calendar download", () => {
  const download = (realm: Realm, id: string) =>
    upcomingEventCalendarResponse(args(`/realm/${realm}/upcoming/${id}/calendar.ics`, {}, { id }));

  it("is an .ics attachment of that one event", async () => {
    const [id] = await upcomingIds("liga");
    await expectOneEventDownload(await download("liga", String(id)), "liga", id!);
  });

  it("is not found for an event that is over, another realm's, or no event at all", async () => {
    const [ended] = await eventIds("liga", "ended");
    const [arenaEvent] = await upcomingIds("arena");
    expect(await thrownStatus(() => download("liga", String(ended)))).toBe(404);
    expect(await thrownStatus(() => download("liga", String(arenaEvent)))).toBe(404);
    expect(await thrownStatus(() => download("liga", "abc"))).toBe(404);
    expect(await thrownStatus(() => download("liga", "2147483647"))).toBe(404);
  });
});

describe("an event's reminder from its live page (/live/{id}/calendar.ics)", () => {
  const reminder = (realm: Realm, id: string, headers: Record<string, string> = {}) =>
    liveEventCalendarLoader(args(`/realm/${realm}/live/${id}/calendar.ics`, headers, { id }));

  it("is there in a realm without the guest schedule, for whoever may open the event's page", async () => {
    const [id] = await upcomingIds("arena");
    const cookie = await customerCookie("arena");
    const response = await reminder("arena", String(id), { Cookie: cookie });
    expect(response.status).toBe(200);
    await expectOneEventDownload(response, "arena", id!);
    // Arena's pages are for signed-in viewers: so is the reminder.
    const signedOut = await thrownResponse(() => reminder("arena", String(id)));
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toBe(
      `/realm/arena/login?from=${encodeURIComponent(`/live/${id}/calendar.ics`)}`,
    );
  });

  it("is the same file as the upcoming page's where the realm has one, and not found once over", async () => {
    const [id] = await upcomingIds("liga");
    const cookie = { Cookie: await customerCookie("liga") };
    const strip = (ics: string) => ics.replace(/DTSTAMP:\d{8}T\d{6}Z/g, "DTSTAMP");
    const fromLive = await (await reminder("liga", String(id), cookie)).text();
    const fromUpcoming = await (
      await upcomingEventCalendarResponse(
        args(`/realm/liga/upcoming/${id}/calendar.ics`, {}, { id: String(id) }),
      )
    ).text();
    expect(strip(fromLive)).toBe(strip(fromUpcoming));
    const [ended] = await eventIds("liga", "ended");
    expect(await thrownStatus(() => reminder("liga", String(ended), cookie))).toBe(404);
  });
});

describe("the live-events page", () => {
  it("lists what is live now and the next events to start, for a customer", async () => {
    const cookie = await customerCookie("arena");
    const view = (await liveEventsLoader(args("/realm/arena/live-events", { Cookie: cookie })))
      .data as LiveEventsView;
    expect(view.state).toBe("ready");
    if (view.state !== "ready") return;
    const live = await eventIds("arena", "live");
    expect(live.length).toBeGreaterThan(0);
    expect(view.live.events.map((event) => event.id)).toEqual(live);
    expect(view.live.totalHits).toBe(live.length);
    expect(view.next.map((event) => event.id)).toEqual(
      (await upcomingIds("arena")).slice(0, NEXT_EVENTS),
    );
    // Arena has no upcoming page to point to; liga has.
    expect(view.upcoming).toBeNull();
    const liga = (
      await liveEventsLoader(
        args("/realm/liga/live-events", { Cookie: await customerCookie("liga") }),
      )
    ).data as LiveEventsView;
    expect(liga.state === "ready" && liga.upcoming).toBe("/realm/liga/upcoming");
  });

  it("sends signed-out viewers to sign in and guests home, as the live-now overlay", async () => {
    const signedOut = await thrownResponse(() =>
      liveEventsLoader(args("/realm/arena/live-events")),
    );
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toBe("/realm/arena/login?from=%2Flive-events");
    const cookie = await guestSessionCookie(platform.api, "liga");
    const guest = await thrownResponse(() =>
      liveEventsLoader(args("/realm/liga/live-events", { Cookie: cookie })),
    );
    expect(guest.status).toBe(302);
    expect(guest.headers.get("Location")).toBe("/realm/liga/home");
  });

  it("is where /live sends viewers", async () => {
    const answer = await redirectLoader(args("/realm/arena/live"));
    expect(answer.status).toBe(301);
    expect(answer.headers.get("Location")).toBe("/realm/arena/live-events");
  });
});
