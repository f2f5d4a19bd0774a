import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { validateBody } from "../../contract/validator.ts";
import type { WatchRoom } from "../../contract/generated/watch-room.ts";
import { createTokenIssuer } from "../../platform/auth/tokens.ts";
import {
  inProcessBus,
  openInvalidationBus,
  type InvalidationBus,
} from "../../platform/store/invalidation-bus.ts";
import * as t from "../../platform/store/schema.ts";
import { REACTION_BURST } from "../../platform/watch-together/rooms.ts";
import { accountWithSession } from "../fixtures/accounts.ts";
import { platformApp, TEST_TOKEN_SECRET, useSeededPlatform } from "../fixtures/platform.ts";

const DATABASE_URL = process.env.DATABASE_URL;
const platform = useSeededPlatform();
const issuer = createTokenIssuer(TEST_TOKEN_SECRET);
const opened: InvalidationBus[] = [];
afterAll(async () => {
  await Promise.all(opened.map((bus) => bus.close()));
});

type Api = ReturnType<typeof platformApp>;
type Auth = Record<string, string>;

async function videoId(realm: "arena" | "liga", key: string) {
  const [row] = await platform.store.db
    .select({ id: t.videos.id })
    .from(t.videos)
    .where(and(eq(t.videos.realm, realm), eq(t.videos.externalKey, key)));
  return row!.id;
}

const post = (
  api: Api,
  auth: Auth,
  path: string,
  body: unknown,
  realm: "liga" | "arena" = "liga",
) =>
  api.call(realm, `/api/v2/watch-together${path}`, {
    method: "POST",
    headers: auth,
    body: JSON.stringify(body),
  });

async function openRoom(api: Api, auth: Auth): Promise<WatchRoom> {
  const res = await post(api, auth, "/rooms", {
    kind: "vod",
    id: await videoId("liga", "gols-da-rodada-32"),
  });
  expect(res.status).toBe(201);
  const room = (await res.json()) as WatchRoom;
  expect(validateBody("watchRoom", room).issues).toEqual([]);
  return room;
}

/** An open event stream, read event by event. */
async function events(api: Api, auth: Auth, roomId: string) {
  const controller = new AbortController();
  const res = await api.call("liga", `/api/v2/watch-together/rooms/${roomId}/events`, {
    headers: auth,
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  const received: { event: string; data: unknown }[] = [];
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) received.push({ event, data: JSON.parse(data) });
        }
      }
    } catch {
      // Aborted by the test.
    }
  })();
  return {
    received,
    /** The first event after `from` for which `match` holds, waiting up to `ms`. */
    async next<T>(kind: string, match: (data: T) => boolean = () => true, ms = 3_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = received.find((e) => e.event === kind && match(e.data as T));
        if (found) return found.data as T;
        if (Date.now() > deadline)
          throw new Error(`no '${kind}' event came; got ${JSON.stringify(received)}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    async close() {
      controller.abort();
      await reader.cancel().catch(() => {});
      await pump;
    },
  };
}

async function until(ms: number, check: () => Promise<void>) {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

describe("watch-together rooms", () => {
  it("opens a room for content the viewer may watch, in realms that offer it only", async () => {
    const host = await accountWithSession(platform.store, "liga");
    const room = await openRoom(platform.api, host.auth);
    expect(room).toMatchObject({ kind: "vod", isHost: true, locked: false, members: [] });
    expect(room.title).not.toBe("");
    expect(room.state).toMatchObject({ playing: false, position: 0, seq: 0 });

    // Arena does not offer watch-together.
    const arena = await accountWithSession(platform.store, "arena");
    const inArena = await post(
      platform.api,
      arena.auth,
      "/rooms",
      { kind: "vod", id: await videoId("arena", "replay-afc-208-main-card") },
      "arena",
    );
    expect(inArena.status).toBe(404);
    // Signed out, a guest, another realm's video, a body the contract refuses.
    const video = await videoId("liga", "gols-da-rodada-32");
    expect((await post(platform.api, {}, "/rooms", { kind: "vod", id: video })).status).toBe(401);
    const guest = {
      Authorization: `Bearer ${await issuer.issueAccess({ sub: `guest-${crypto.randomUUID()}`, rlm: "liga", rol: [], gue: true })}`,
    };
    expect((await post(platform.api, guest, "/rooms", { kind: "vod", id: video })).status).toBe(
      403,
    );
    const arenaVideo = await videoId("arena", "replay-afc-208-main-card");
    expect(
      (await post(platform.api, host.auth, "/rooms", { kind: "vod", id: arenaVideo })).status,
    ).toBe(404);
    const bad = await post(platform.api, host.auth, "/rooms", { kind: "vod", id: "1; drop table" });
    expect(bad.status).toBe(400);
    // Nobody outside the realm reads a room; an unknown id is not found.
    expect(
      (
        await platform.api.call("liga", "/api/v2/watch-together/rooms/not-a-room", {
          headers: host.auth,
        })
      ).status,
    ).toBe(404);
  });

  it("shares play, pause and seek with every member, and lets the host lock the controls", async () => {
    const host = await accountWithSession(platform.store, "liga");
    const friend = await accountWithSession(platform.store, "liga");
    const room = await openRoom(platform.api, host.auth);
    const hostStream = await events(platform.api, host.auth, room.id);
    const friendStream = await events(platform.api, friend.auth, room.id);
    try {
      // Both are members once connected; each sees itself as "you".
      const both = await hostStream.next<WatchRoom>("room", (r) => r.members.length === 2);
      expect(both.members.filter((m) => m.you)).toHaveLength(1);
      expect(both.members.find((m) => m.host)?.you).toBe(true);

      const played = await post(platform.api, friend.auth, `/rooms/${room.id}/commands`, {
        action: "play",
        position: 12.5,
      });
      expect(played.status).toBe(200);
      const seen = await hostStream.next<WatchRoom>("room", (r) => r.state.seq === 1);
      expect(seen.state).toMatchObject({ playing: true, position: 12.5 });
      expect(seen.state.changedBy).not.toBeNull();
      expect(validateBody("watchRoom", seen).issues).toEqual([]);

      const sought = await post(platform.api, host.auth, `/rooms/${room.id}/commands`, {
        action: "seek",
        position: 300,
      });
      expect(((await sought.json()) as WatchRoom).state).toMatchObject({
        playing: true,
        position: 300,
        seq: 2,
      });
      await friendStream.next<WatchRoom>(
        "room",
        (r) => r.state.seq === 2 && r.state.position === 300,
      );
      // Play, pause and seek need a position; lock and unlock are the host's alone.
      expect(
        (await post(platform.api, friend.auth, `/rooms/${room.id}/commands`, { action: "pause" }))
          .status,
      ).toBe(400);
      const friendLocks = await post(platform.api, friend.auth, `/rooms/${room.id}/commands`, {
        action: "lock",
      });
      expect(friendLocks.status).toBe(403);
      expect(((await friendLocks.json()) as { code: string }).code).toBe("ROOM_HOST_ONLY");

      expect(
        (await post(platform.api, host.auth, `/rooms/${room.id}/commands`, { action: "lock" }))
          .status,
      ).toBe(200);
      await friendStream.next<WatchRoom>("room", (r) => r.locked);
      const refused = await post(platform.api, friend.auth, `/rooms/${room.id}/commands`, {
        action: "pause",
        position: 301,
      });
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { code: string }).code).toBe("ROOM_LOCKED");
      const paused = await post(platform.api, host.auth, `/rooms/${room.id}/commands`, {
        action: "pause",
        position: 301,
      });
      expect(((await paused.json()) as WatchRoom).state).toMatchObject({
        playing: false,
        position: 301,
        seq: 3,
      });

      // Reactions from the fixed set reach everyone; others are refused by the contract.
      expect(
        (await post(platform.api, friend.auth, `/rooms/${room.id}/reactions`, { emoji: "🔥" }))
          .status,
      ).toBe(204);
      const reaction = await hostStream.next<{ emoji: string; name: string }>("reaction");
      expect(reaction.emoji).toBe("🔥");
      expect(
        (
          await post(platform.api, friend.auth, `/rooms/${room.id}/reactions`, {
            emoji: "<script>",
          })
        ).status,
      ).toBe(400);
    } finally {
      await friendStream.close();
    }
    // The friend's leaving is seen; the room stays while the host is in it.
    await hostStream.next<WatchRoom>("room", (r) => r.members.length === 1 && r.state.seq === 3);
    await hostStream.close();
    // Empty, the room closes.
    await until(2_000, async () => {
      const res = await platform.api.call("liga", `/api/v2/watch-together/rooms/${room.id}`, {
        headers: host.auth,
      });
      expect(res.status).toBe(410);
      expect(((await res.json()) as { code: string }).code).toBe("ROOM_CLOSED");
    });
  });

  it("caps a burst of reactions in one statement, whatever the parallelism", async () => {
    const host = await accountWithSession(platform.store, "liga");
    const room = await openRoom(platform.api, host.auth);
    const stream = await events(platform.api, host.auth, room.id);
    try {
      const answers = await Promise.all(
        Array.from({ length: REACTION_BURST + 4 }, () =>
          post(platform.api, host.auth, `/rooms/${room.id}/reactions`, { emoji: "👏" }),
        ),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses.filter((s) => s === 204)).toHaveLength(REACTION_BURST);
      expect(statuses.filter((s) => s === 429)).toHaveLength(4);
    } finally {
      await stream.close();
    }
  });

  it("reaches a member connected to another server within half a second", async () => {
    // Two servers on one store, each with its own bus: PostgreSQL LISTEN/NOTIFY when there is
    // one, so the change really leaves the process.
    const [here, there] = DATABASE_URL
      ? [
          await openInvalidationBus({ databaseUrl: DATABASE_URL }),
          await openInvalidationBus({ databaseUrl: DATABASE_URL }),
        ]
      : [inProcessBus(), inProcessBus()];
    opened.push(here, there);
    if (!DATABASE_URL) {
      // One process alone: bridge the two buses as the transport would.
      here.subscribe((m) => void (m.kind === "room" && there.publish(m)));
    }
    const one = platformApp(platform.store, { invalidation: here });
    const other = platformApp(platform.store, { invalidation: there });
    const host = await accountWithSession(platform.store, "liga");
    const friend = await accountWithSession(platform.store, "liga");
    const room = await openRoom(one, host.auth);
    const friendStream = await events(other, friend.auth, room.id);
    try {
      await friendStream.next<WatchRoom>("room");
      const sent = Date.now();
      await post(one, host.auth, `/rooms/${room.id}/commands`, { action: "play", position: 42 });
      const seen = await friendStream.next<WatchRoom>("room", (r) => r.state.seq === 1, 2_000);
      expect(seen.state).toMatchObject({ playing: true, position: 42 });
      expect(Date.now() - sent).toBeLessThan(500);
    } finally {
      await friendStream.close();
    }
  });
});
