import { afterEach, describe, expect, it } from "vitest";
import type { EpgGrid } from "../../contract/generated/epg.ts";
import { validateBody } from "../../contract/validator.ts";
import { useSeededPlatform } from "../fixtures/platform.ts";
import { changeRealmSettings } from "../fixtures/realm-settings.ts";

const platform = useSeededPlatform();
const HOUR = 3_600_000;

const grid = async (realm: "arena" | "liga", from: Date, to: Date) => {
  const path = `/api/v2/epg?from=${from.toISOString()}&to=${to.toISOString()}`;
  const res = await platform.api.call(realm, path);
  expect(res.status, path).toBe(200);
  const body = (await res.json()) as EpgGrid;
  expect(validateBody("epgGrid", body).issues, path).toEqual([]);
  return body;
};

const channel = (body: EpgGrid, name: string) => {
  const found = body.channels.find((c) => c.name === name);
  expect(found, name).toBeDefined();
  return found!;
};

let restore: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const undo of restore.reverse()) await undo();
  restore = [];
});

describe("the programme guide", () => {
  it("answers the channels in guide order with the programmes overlapping the range", async () => {
    const now = Date.now();
    const from = new Date(now - 6 * HOUR);
    const to = new Date(now + 6 * HOUR);
    const body = await grid("arena", from, to);
    expect(body.channels.map((c) => c.name)).toEqual(["AFC Live", "AFC 24/7", "AFC Studio"]);
    for (const c of body.channels) {
      let previousEnd = 0;
      for (const p of c.programmes) {
        const start = Date.parse(p.startAt);
        const end = Date.parse(p.endAt);
        expect(start, p.id).toBeLessThan(to.getTime());
        expect(end, p.id).toBeGreaterThan(from.getTime());
        expect(start, `${p.id} starts after the one before ends`).toBeGreaterThanOrEqual(
          previousEnd,
        );
        previousEnd = end;
        const status = now < start ? "UPCOMING" : now >= end ? "PAST" : "LIVE";
        expect(p.status, p.id).toBe(status);
      }
    }
    // The 24/7 schedule fills every hour: twelve two-hour slots a day, one airing now.
    const allDay = channel(body, "AFC 24/7").programmes;
    expect(allDay.length).toBeGreaterThanOrEqual(6);
    expect(allDay.filter((p) => p.status === "LIVE")).toHaveLength(1);
  });

  it("places an event at its own start and end on the channel that airs it", async () => {
    const res = await platform.api.call("arena", "/api/v2/events?status=PAST&rpp=1");
    const [event] = (await res.json()).hits as { id: number; startDate: string; endDate: string }[];
    const start = Date.parse(event!.startDate);
    const body = await grid("arena", new Date(start - HOUR), new Date(start + HOUR));
    const programme = channel(body, "AFC Live").programmes.find(
      (p) => p.id === `event-${event!.id}`,
    );
    expect(programme).toMatchObject({
      startAt: new Date(start).toISOString(),
      endAt: new Date(Date.parse(event!.endDate)).toISOString(),
      status: "PAST",
    });
  });

  it("offers live, catch-up and reminders under the realm's playback settings", async () => {
    const now = Date.now();
    const from = new Date(now - 12 * HOUR);
    const to = new Date(now + 12 * HOUR);
    const allDay = channel(await grid("arena", from, to), "AFC 24/7").programmes;
    const live = allDay.find((p) => p.status === "LIVE")!;
    expect(live.playback).toMatchObject({ kind: "LIVE", eventId: expect.any(Number) });
    for (const p of allDay.filter((p) => p.status === "PAST")) {
      expect(p.playback).toMatchObject({ kind: "CATCH_UP", videoId: expect.any(Number) });
    }
    for (const p of allDay.filter((p) => p.status === "UPCOMING")) {
      expect(p.playback).toEqual({ kind: "REMINDER" });
    }
    // A channel without a stream has nothing to play live, whatever the settings say.
    const studio = channel(await grid("arena", from, to), "AFC Studio").programmes;
    for (const p of studio.filter((p) => p.status === "LIVE")) {
      expect(p.playback).toEqual({ kind: "NONE" });
    }

    restore.push(
      await changeRealmSettings(platform.store, "arena", {
        currentProgramPlaybackStatus: "DISABLED",
        epgPlaybackContentStatus: "DISABLED",
      }),
    );
    const withoutPlayback = channel(await grid("arena", from, to), "AFC 24/7").programmes;
    for (const p of withoutPlayback) {
      expect(p.playback, p.id).toEqual(
        p.status === "UPCOMING" ? { kind: "REMINDER" } : { kind: "NONE" },
      );
    }
  });

  it("exists only where epgMatrix is ENABLED, and shows a realm only its own channels", async () => {
    const from = new Date(Date.now() - HOUR);
    const to = new Date(Date.now() + HOUR);
    const query = `from=${from.toISOString()}&to=${to.toISOString()}`;
    const res = await platform.api.call("liga", `/api/v2/epg?${query}`);
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe("NOT_FOUND");

    restore.push(await changeRealmSettings(platform.store, "liga", { epgMatrix: "ENABLED" }));
    const liga = await grid("liga", from, to);
    const arena = await grid("arena", from, to);
    const arenaIds = new Set(arena.channels.map((c) => c.id));
    expect(arena.channels.length).toBeGreaterThan(0);
    expect(liga.channels.filter((c) => arenaIds.has(c.id))).toEqual([]);
  });

  it("refuses a missing, reversed or over-long range", async () => {
    const at = (hours: number) => new Date(Date.UTC(2026, 0, 10) + hours * HOUR).toISOString();
    for (const query of [
      "",
      `from=${at(0)}`,
      `from=yesterday&to=${at(1)}`,
      `from=${at(2)}&to=${at(1)}`,
      `from=${at(0)}&to=${at(0)}`,
      `from=${at(0)}&to=${at(8 * 24 + 1)}`,
    ]) {
      const res = await platform.api.call("arena", `/api/v2/epg?${query}`);
      expect(res.status, query).toBe(400);
      expect((await res.json()).code, query).toBe("INVALID_QUERY");
    }
    const week = await platform.api.call("arena", `/api/v2/epg?from=${at(0)}&to=${at(8 * 24)}`);
    expect(week.status).toBe(200);
  });
});
