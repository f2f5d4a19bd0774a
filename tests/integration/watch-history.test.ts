import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { validateBody } from "../../contract/validator.ts";
import { createTokenIssuer } from "../../platform/auth/tokens.ts";
import * as t from "../../platform/store/schema.ts";
import { accountWithSession } from "../fixtures/accounts.ts";
import { TEST_TOKEN_SECRET, useSeededPlatform } from "../fixtures/platform.ts";

const platform = useSeededPlatform();

const FAMILY = [
  { name: "Sam", type: "ADULT" as const },
  { name: "Kid", type: "CHILD" as const },
];

async function idOf(table: typeof t.videos | typeof t.events, key: string) {
  const [row] = await platform.store.db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.realm, "arena"), eq(table.externalKey, key)));
  return row!.id;
}

async function start(what: string, auth: Record<string, string>) {
  const res = await platform.api.call("arena", `/api/v2/playback/${what}`, { headers: auth });
  expect(res.status).toBe(200);
  return (await res.json()) as { sessionId: string; position: number | null };
}

const heartbeat = (auth: Record<string, string>, body: unknown) =>
  platform.api.call("arena", "/api/v2/playback/heartbeat", {
    method: "POST",
    body: JSON.stringify(body),
    headers: auth,
  });

async function historyOf(auth: Record<string, string>) {
  const res = await platform.api.call("arena", "/api/v2/history", { headers: auth });
  expect(res.status).toBe(200);
  const body = await res.json();
  expect(validateBody("watchHistory", body).issues).toEqual([]);
  return body as { items: { kind: string; card: { id: number }; position: number }[] };
}

describe("resume positions from heartbeats", () => {
  it("keeps the position a heartbeat reports and offers it on the next playback", async () => {
    const viewer = await accountWithSession(platform.store, "arena", { profiles: FAMILY });
    const video = await idOf(t.videos, "replay-afc-208-prelims");
    const first = await start(`vod/${video}`, viewer.auth);
    expect(first.position).toBeNull();
    expect(
      (await heartbeat(viewer.auth, { sessionId: first.sessionId, position: 61.5 })).status,
    ).toBe(204);
    expect(
      (await heartbeat(viewer.auth, { sessionId: first.sessionId, position: 125 })).status,
    ).toBe(204);
    expect((await start(`vod/${video}`, viewer.auth)).position).toBe(125);
  });

  it("keeps each profile's own position", async () => {
    const adult = await accountWithSession(platform.store, "arena", { profiles: FAMILY });
    const video = await idOf(t.videos, "replay-afc-fight-night-85");
    const session = await start(`vod/${video}`, adult.auth);
    await heartbeat(adult.auth, { sessionId: session.sessionId, position: 300 });
    // The same account acting as its child profile.
    const child = await createTokenIssuer(TEST_TOKEN_SECRET).issueAccess({
      sub: String(adult.user.id),
      rlm: "arena",
      rol: ["CUSTOMER"],
      gue: false,
      pro: { id: adult.profiles[1]!.id, type: "c" },
    });
    const childAuth = { Authorization: `Bearer ${child}` };
    expect((await start(`vod/${video}`, childAuth)).position).toBeNull();
    expect((await historyOf(childAuth)).items).toEqual([]);
    expect((await historyOf(adult.auth)).items.map((i) => i.card.id)).toEqual([video]);
  });

  it("accepts heartbeats only for the viewer's own sessions and sane positions", async () => {
    const viewer = await accountWithSession(platform.store, "arena");
    const stranger = await accountWithSession(platform.store, "arena");
    const channel = await idOf(t.events, "afc-24-7");
    const session = await start(`live/${channel}`, viewer.auth);
    const code = async (res: Response) => [
      res.status,
      ((await res.json()) as { code: string }).code,
    ];
    expect(
      await code(await heartbeat(stranger.auth, { sessionId: session.sessionId, position: 1 })),
    ).toEqual([404, "SESSION_NOT_FOUND"]);
    expect(
      await code(await heartbeat(viewer.auth, { sessionId: session.sessionId, position: -1 })),
    ).toEqual([400, "INVALID_POSITION"]);
    expect(await code(await heartbeat(viewer.auth, { sessionId: "a.b", position: 1 }))).toEqual([
      400,
      "INVALID_SESSION_ID",
    ]);
    expect(await code(await heartbeat({}, { sessionId: session.sessionId, position: 1 }))).toEqual([
      401,
      "AUTHENTICATION_REQUIRED",
    ]);
  });

  it("tells a lapsed session that other devices took its place", async () => {
    const viewer = await accountWithSession(platform.store, "arena", {
      details: { concurrentStreams: 1 },
    });
    const channel = await idOf(t.events, "afc-24-7");
    const on = (device: string) => ({ ...viewer.auth, "X-Device-Id": device });
    const paused = await start(`live/${channel}`, on("laptop"));
    await platform.store.db
      .update(t.playbackSessions)
      .set({ lastHeartbeatAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(t.playbackSessions.id, paused.sessionId));
    await start(`live/${channel}`, on("tv"));
    const res = await heartbeat(viewer.auth, { sessionId: paused.sessionId, position: 42 });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { code: string }).code).toBe("OTHER_DEVICE");
  });
});

describe("GET /api/v2/history", () => {
  it("lists what was watched, most recent first, with cards and positions", async () => {
    const viewer = await accountWithSession(platform.store, "arena");
    const video = await idOf(t.videos, "replay-afc-209-main-card");
    const channel = await idOf(t.events, "afc-24-7");
    const watched = await start(`vod/${video}`, viewer.auth);
    await heartbeat(viewer.auth, { sessionId: watched.sessionId, position: 90 });
    const live = await start(`live/${channel}`, viewer.auth);
    await heartbeat(viewer.auth, { sessionId: live.sessionId, position: 12 });
    const { items } = await historyOf(viewer.auth);
    expect(items.map((i) => [i.kind, i.card.id, i.position])).toEqual([
      ["live", channel, 12],
      ["vod", video, 90],
    ]);
    expect(items[1]!.card).toMatchObject({ type: "VOD_VIDEO", duration: 10740 });
    // Watching the video again moves it to the top.
    await heartbeat(viewer.auth, { sessionId: watched.sessionId, position: 95 });
    expect((await historyOf(viewer.auth)).items[0]).toMatchObject({ kind: "vod", position: 95 });
  });

  it("needs an account", async () => {
    expect((await platform.api.call("arena", "/api/v2/history")).status).toBe(401);
    const guest = await createTokenIssuer(TEST_TOKEN_SECRET).issueAccess({
      sub: "guest-history",
      rlm: "arena",
      rol: [],
      gue: true,
    });
    const res = await platform.api.call("arena", "/api/v2/history", {
      headers: { Authorization: `Bearer ${guest}` },
    });
    expect(res.status).toBe(403);
  });
});
