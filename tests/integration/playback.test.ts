import { readFileSync } from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { validateBody } from "../../contract/validator.ts";
import { resolveSecret } from "../../platform/auth/secrets.ts";
import { createTokenIssuer } from "../../platform/auth/tokens.ts";
import { mediaScope, signMediaToken } from "../../platform/media/signing.ts";
import * as t from "../../platform/store/schema.ts";
import { accountWithSession } from "../fixtures/accounts.ts";
import { parseMediaPlaylist } from "../unit/media/parse-playlist.ts";
import { TEST_TOKEN_SECRET, useSeededPlatform } from "../fixtures/platform.ts";

const TERRITORY = "X-Edge-Country";
const platform = useSeededPlatform({ territoryHeader: TERRITORY });
const issuer = createTokenIssuer(TEST_TOKEN_SECRET);
const sampleSegment = (rendition: string, file: string) =>
  readFileSync(path.resolve(import.meta.dirname, "../../public/media/sample", rendition, file));

type Realm = "arena" | "liga";

async function idOf(table: typeof t.videos | typeof t.events, realm: Realm, key: string) {
  const [row] = await platform.store.db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.realm, realm), eq(table.externalKey, key)));
  return row!.id;
}

/** A demo account's access token, as sign-in would give it. */
async function demoAuth(realm: Realm, local: string) {
  const [user] = await platform.store.db
    .select()
    .from(t.users)
    .where(and(eq(t.users.realm, realm), eq(t.users.email, `${local}@${realm}.test`)));
  const token = await issuer.issueAccess({
    sub: String(user!.id),
    rlm: realm,
    rol: ["CUSTOMER"],
    gue: false,
  });
  return { Authorization: `Bearer ${token}` };
}

const play = (realm: Realm, what: string, headers: Record<string, string> = {}) =>
  platform.api.call(realm, `/api/v2/playback/${what}`, { headers });

const media = (url: string) => platform.api.app.request(url);

async function grant(realm: Realm, what: string, headers: Record<string, string>) {
  const res = await play(realm, what, headers);
  expect(res.status).toBe(200);
  const body = await res.json();
  expect(validateBody("playbackGrant", body).issues).toEqual([]);
  return body;
}

async function refusal(res: Response) {
  return { status: res.status, code: ((await res.json()) as { code: string }).code };
}

describe("GET /api/v2/playback/{kind}/{id}", () => {
  it("answers a licensed viewer with a signed URL, and refuses one without the licence", async () => {
    const event = await idOf(t.events, "arena", "afc-fight-night-89-main-card");
    const body = await grant("arena", `live/${event}`, await demoAuth("arena", "viewer"));
    expect(body).toMatchObject({ kind: "live", id: event, live: true, dvrWindowSeconds: 1740 });
    expect(body.url).toMatch(
      new RegExp(`^/media/live/${event}/\\d+\\.[\\w-]+\\.[\\w-]+/master\\.m3u8$`),
    );
    expect(Date.parse(body.expiresAt) - Date.now()).toBeGreaterThan(3600_000);
    const fan = await demoAuth("arena", "fan");
    expect(await refusal(await play("arena", `live/${event}`, fan))).toEqual({
      status: 403,
      code: "NOT_LICENSED",
    });
    const video = await idOf(t.videos, "arena", "replay-afc-208-main-card");
    expect((await refusal(await play("arena", `vod/${video}`, fan))).code).toBe("NOT_LICENSED");
    // Content without a licence is open to every customer.
    const channel = await idOf(t.events, "arena", "afc-24-7");
    expect((await play("arena", `live/${channel}`, fan)).status).toBe(200);
  });

  it("needs a viewer, an active account, and (in arena) more than a guest check-in", async () => {
    const channel = await idOf(t.events, "arena", "afc-24-7");
    expect(await refusal(await play("arena", `live/${channel}`))).toEqual({
      status: 401,
      code: "AUTHENTICATION_REQUIRED",
    });
    const guest = async (realm: Realm) => ({
      Authorization: `Bearer ${await issuer.issueAccess({ sub: `guest-${crypto.randomUUID()}`, rlm: realm, rol: [], gue: true })}`,
    });
    expect(await refusal(await play("arena", `live/${channel}`, await guest("arena")))).toEqual({
      status: 403,
      code: "FORBIDDEN",
    });
    // Liga gives guests full access: its free channel plays for them.
    const ligaChannel = await idOf(t.events, "liga", "liga-nacional-24h");
    await grant("liga", `live/${ligaChannel}`, await guest("liga"));
    const suspended = await accountWithSession(platform.store, "arena", {
      details: { status: "SUSPENDED" },
    });
    expect(await refusal(await play("arena", `live/${channel}`, suspended.auth))).toEqual({
      status: 403,
      code: "FORBIDDEN",
    });
  });

  it("refuses a geo-blocked event in its territory, from the trusted header", async () => {
    const match = await idOf(t.events, "liga", "r33-serrano-x-porto-real");
    const viewer = await accountWithSession(platform.store, "liga");
    const inUs = await play("liga", `live/${match}`, { ...viewer.auth, [TERRITORY]: "us" });
    expect(await refusal(inUs)).toEqual({ status: 403, code: "GEO_BLOCKED" });
    await grant("liga", `live/${match}`, { ...viewer.auth, [TERRITORY]: "BR" });
  });

  it("refuses streams beyond the account's limit on other devices, until one lapses or ends", async () => {
    const channel = await idOf(t.events, "arena", "afc-24-7");
    const viewer = await accountWithSession(platform.store, "arena");
    const on = (device: string) =>
      play("arena", `live/${channel}`, { ...viewer.auth, "X-Device-Id": device });
    const first = await (await on("tv")).json();
    const second = await (await on("phone")).json();
    expect(await refusal(await on("laptop"))).toEqual({ status: 409, code: "OTHER_DEVICE" });
    // Starting again on a device that already plays replaces its own session.
    expect((await on("tv")).status).toBe(200);
    // A session without a recent heartbeat no longer counts.
    await platform.store.db
      .update(t.playbackSessions)
      .set({ lastHeartbeatAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(t.playbackSessions.id, second.sessionId));
    const laptop = await (await on("laptop")).json();
    expect(await refusal(await on("tablet"))).toEqual({ status: 409, code: "OTHER_DEVICE" });
    // Closing the player frees its place at once.
    const end = await platform.api.call("arena", `/api/v2/playback/session/${laptop.sessionId}`, {
      method: "DELETE",
      headers: viewer.auth,
    });
    expect(end.status).toBe(204);
    expect((await on("tablet")).status).toBe(200);
    // The first tv session was replaced, so it is gone.
    const gone = await platform.api.call("arena", `/api/v2/playback/session/${first.sessionId}`, {
      method: "DELETE",
      headers: viewer.auth,
    });
    expect(gone.status).toBe(404);
  });

  it("counts a multi-view's tiles as one stream, at most four of them, each ended on its own", async () => {
    const ids = await Promise.all(
      ["afc-24-7", "afc-fight-night-89-cage-side", "afc-fight-night-89-studio"].map((key) =>
        idOf(t.events, "arena", key),
      ),
    );
    const viewer = await accountWithSession(platform.store, "arena");
    const tile = (id: number, multiview: string, device = "desk") =>
      play("arena", `live/${id}?multiview=${multiview}`, {
        ...viewer.auth,
        "X-Device-Id": device,
      });
    // Another device already plays one of the account's two streams.
    expect(
      (await play("arena", `live/${ids[0]}`, { ...viewer.auth, "X-Device-Id": "tv" })).status,
    ).toBe(200);
    const mv = "mv-0001-aaaa";
    const tiles = [];
    for (const id of ids) {
      const res = await tile(id, mv);
      expect(res.status).toBe(200);
      tiles.push(await res.json());
    }
    // A fourth tile fits; a fifth does not.
    expect((await tile(ids[0]!, mv)).status).toBe(200);
    expect(await refusal(await tile(ids[1]!, mv))).toEqual({ status: 409, code: "MULTIVIEW_FULL" });
    // The multi-view holds the account's second place: a third device is refused.
    expect(
      await refusal(
        await play("arena", `live/${ids[0]}`, { ...viewer.auth, "X-Device-Id": "phone" }),
      ),
    ).toEqual({ status: 409, code: "OTHER_DEVICE" });
    // Closing a tile ends its stream only.
    const end = await platform.api.call("arena", `/api/v2/playback/session/${tiles[0].sessionId}`, {
      method: "DELETE",
      headers: viewer.auth,
    });
    expect(end.status).toBe(204);
    const left = await platform.store.db
      .select()
      .from(t.playbackSessions)
      .where(eq(t.playbackSessions.multiviewId, mv));
    expect(left).toHaveLength(3);
    // A heartbeat of a lapsed tile keeps its place: its multi-view still holds one.
    await platform.store.db
      .update(t.playbackSessions)
      .set({ lastHeartbeatAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(t.playbackSessions.id, tiles[1].sessionId));
    const beat = await platform.api.call("arena", "/api/v2/playback/heartbeat", {
      method: "POST",
      headers: { ...viewer.auth, "Content-Type": "application/json" },
      body: JSON.stringify({ sessionId: tiles[1].sessionId, position: 10 }),
    });
    expect(beat.status).toBe(204);
    // A new multi-view on the same device (a new pick, a reload) replaces the old one's tiles.
    expect((await tile(ids[2]!, "mv-0002-bbbb")).status).toBe(200);
    const after = await platform.store.db
      .select()
      .from(t.playbackSessions)
      .where(eq(t.playbackSessions.account, String(viewer.user.id)));
    expect(after.map((row) => row.multiviewId).sort()).toEqual(["mv-0002-bbbb", null]);
    expect((await tile(ids[0]!, "not ok!")).status).toBe(400);
  });

  it("forgets an account's sessions silent for a day when it starts another", async () => {
    const channel = await idOf(t.events, "arena", "afc-24-7");
    const viewer = await accountWithSession(platform.store, "arena");
    const old = await (await play("arena", `live/${channel}`, viewer.auth)).json();
    await platform.store.db
      .update(t.playbackSessions)
      .set({ lastHeartbeatAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(t.playbackSessions.id, old.sessionId));
    await grant("arena", `live/${channel}`, viewer.auth);
    const left = await platform.store.db
      .select()
      .from(t.playbackSessions)
      .where(eq(t.playbackSessions.account, String(viewer.user.id)));
    expect(left.map((row) => row.id)).not.toContain(old.sessionId);
    expect(left).toHaveLength(1);
  });

  it("says an upcoming event has not started, and plays an ended one whole as its replay", async () => {
    const viewer = await accountWithSession(platform.store, "arena");
    const upcoming = await idOf(t.events, "arena", "afc-tonight-fight-night-89");
    expect(await refusal(await play("arena", `live/${upcoming}`, viewer.auth))).toEqual({
      status: 409,
      code: "NOT_STARTED",
    });
    const ended = await idOf(t.events, "arena", "afc-fight-night-85");
    const body = await grant("arena", `live/${ended}`, viewer.auth);
    expect(body).toMatchObject({ live: false, dvrWindowSeconds: null });
    expect(body.url).toMatch(/\/master\.m3u8\?window=replay$/);
    const child = await childOf(body.url, "360p");
    expect(child).toMatch(/\/360p\/index\.m3u8\?window=replay$/);
    const playlist = await (await media(child)).text();
    expect(playlist).toContain("#EXT-X-MEDIA-SEQUENCE:0\n");
    expect(playlist).toMatch(/#EXT-X-ENDLIST\n$/);
    expect(playlist.match(/#EXTINF/g)).toHaveLength((240 * 60) / 2);
  });

  it("gives the short DVR window to a client that asks for it, and none without DVR", async () => {
    const viewer = await accountWithSession(platform.store, "arena");
    const channel = await idOf(t.events, "arena", "afc-24-7");
    const short = await grant("arena", `live/${channel}?window=short`, viewer.auth);
    expect(short.dvrWindowSeconds).toBe(10);
    const playlist = await (await media(await childOf(short.url, "360p"))).text();
    expect(playlist.match(/#EXTINF/g)).toHaveLength(5);
    const liga = await accountWithSession(platform.store, "liga");
    const ligaChannel = await idOf(t.events, "liga", "liga-nacional-24h");
    expect((await grant("liga", `live/${ligaChannel}`, liga.auth)).dvrWindowSeconds).toBe(10);
  });
});

/** The absolute path of a rendition's media playlist, as the master names it. */
async function childOf(masterUrl: string, rendition: string) {
  const master = await (await media(masterUrl)).text();
  const uri = master.split("\n").find((l) => l.startsWith(`${rendition}/`))!;
  const url = new URL(uri, new URL(masterUrl, "http://origin"));
  return url.pathname + url.search;
}

describe("the signed media origin", () => {
  it("serves a granted video: master, media playlist and segments, each carrying the signature", async () => {
    const viewer = await accountWithSession(platform.store, "arena");
    const video = await idOf(t.videos, "arena", "replay-afc-208-prelims");
    const body = await grant("arena", `vod/${video}`, viewer.auth);
    const master = await media(body.url);
    expect(master.status).toBe(200);
    expect(master.headers.get("Content-Type")).toBe("application/vnd.apple.mpegurl");
    const token = body.url.split("/")[4];
    const mediaUrl = await childOf(body.url, "180p");
    expect(mediaUrl).toBe(`/media/vod/${video}/${token}/180p/index.m3u8`);
    const playlist = await (await media(mediaUrl)).text();
    // The video's own length: 6960 s in 2 s segments.
    expect(playlist.match(/#EXTINF/g)).toHaveLength(3480);
    // Segment URIs are relative: they inherit the signature from the playlist's path.
    expect(playlist).toContain(`\n17.ts\n`);
    const segment = await media(`/media/vod/${video}/${token}/180p/17.ts`);
    expect(segment.status).toBe(200);
    expect(segment.headers.get("Content-Type")).toBe("video/mp2t");
    expect(
      Buffer.from(await segment.arrayBuffer()).equals(sampleSegment("180p", "seg_002.ts")),
    ).toBe(true);
  });

  it("serves a stream's subtitles on the video's timeline, under the same signature", async () => {
    const viewer = await accountWithSession(platform.store, "arena");
    const video = await idOf(t.videos, "arena", "replay-afc-208-prelims");
    const body = await grant("arena", `vod/${video}`, viewer.auth);
    const token = body.url.split("/")[4]!;
    const master = await (await media(body.url)).text();
    const uri = /TYPE=SUBTITLES,.*URI="([^"]+)"/.exec(master)![1]!;
    const subs = new URL(uri, new URL(body.url, "http://origin")).pathname;
    expect(subs).toBe(`/media/vod/${video}/${token}/subs/en/index.m3u8`);
    const cues = parseMediaPlaylist(await (await media(subs)).text());
    const video360 = parseMediaPlaylist(
      await (await media(await childOf(body.url, "360p"))).text(),
    );
    // One cue file per video segment, with the same discontinuities.
    expect(cues.segments.map((s) => [s.sequence, s.discontinuity])).toEqual(
      video360.segments.map((s) => [s.sequence, s.discontinuity]),
    );
    expect(cues.segments[17]!.uri).toBe("17.vtt");
    const cue = await media(`/media/vod/${video}/${token}/subs/en/17.vtt`);
    expect(cue.headers.get("Content-Type")).toBe("text/vtt; charset=utf-8");
    expect(await cue.text()).toContain("Subtitles 00:00:34");
    expect((await media(`/media/vod/${video}/${token}/subs/xx/index.m3u8`)).status).toBe(404);
    expect((await media(`/media/vod/${video}/not.a-token/subs/en/17.vtt`)).status).toBe(403);
  });

  it("lists an audio and a subtitle track per language of the realm, and no other realm's", async () => {
    const viewer = await accountWithSession(platform.store, "arena");
    const video = await idOf(t.videos, "arena", "replay-afc-208-prelims");
    const body = await grant("arena", `vod/${video}`, viewer.auth);
    const token = body.url.split("/")[4]!;
    const master = await (await media(body.url)).text();
    // Arena's audioSubtitleLanguages: en, es.
    expect([...master.matchAll(/TYPE=AUDIO,.*LANGUAGE="([^"]+)"/g)].map((m) => m[1])).toEqual([
      "en",
      "es",
    ]);
    expect([...master.matchAll(/TYPE=SUBTITLES,.*LANGUAGE="([^"]+)"/g)].map((m) => m[1])).toEqual([
      "en",
      "es",
    ]);
    const audio = parseMediaPlaylist(
      await (await media(`/media/vod/${video}/${token}/audio/es/index.m3u8`)).text(),
    );
    expect(audio.segments[17]!.uri).toBe("17.ts");
    const segment = await media(`/media/vod/${video}/${token}/audio/es/17.ts`);
    expect(segment.headers.get("Content-Type")).toBe("video/mp2t");
    expect(
      Buffer.from(await segment.arrayBuffer()).equals(sampleSegment("180p", "seg_002.ts")),
    ).toBe(true);
    expect(await (await media(`/media/vod/${video}/${token}/subs/es/17.vtt`)).text()).toContain(
      "Subtítulos 00:00:34",
    );
    // Portuguese is liga's, not arena's.
    for (const path of ["audio/pt/index.m3u8", "subs/pt/index.m3u8"]) {
      expect((await media(`/media/vod/${video}/${token}/${path}`)).status).toBe(404);
    }
    expect((await media(`/media/vod/${video}/${token}/audio/..%2Fx/1.ts`)).status).toBe(404);
    expect((await media(`/media/vod/${video}/not.a-token/audio/es/17.ts`)).status).toBe(403);
  });

  it("refuses playlists and segments with a missing, expired or foreign signature", async () => {
    const viewer = await accountWithSession(platform.store, "arena");
    const video = await idOf(t.videos, "arena", "replay-afc-208-prelims");
    const other = await idOf(t.videos, "arena", "replay-afc-208-main-card");
    const body = await grant("arena", `vod/${video}`, viewer.auth);
    const token = body.url.split("/")[4]!;
    const code = async (url: string) => refusal(await media(url));
    for (const file of ["master.m3u8", "360p/index.m3u8", "360p/3.ts"]) {
      expect(await code(`/media/vod/${video}/${file}`)).toEqual({
        status: 403,
        code: "MEDIA_SIGNATURE_MISSING",
      });
      // Another video's signature, and a tampered one.
      expect(await code(`/media/vod/${other}/${token}/${file}`)).toEqual({
        status: 403,
        code: "MEDIA_SIGNATURE_INVALID",
      });
      const [expires, session] = token.split(".");
      expect(await code(`/media/vod/${video}/${expires}.${session}.AAAA/${file}`)).toEqual({
        status: 403,
        code: "MEDIA_SIGNATURE_INVALID",
      });
      expect(await code(`/media/live/${video}/${token}/${file}`)).toEqual({
        status: 403,
        code: "MEDIA_SIGNATURE_INVALID",
      });
    }
    // No other spelling of the stream's id gets past the check.
    expect((await media(`/media/vod/0${video}/${token}/master.m3u8`)).status).toBe(404);
    expect((await media(`/media/vod/0${video}/master.m3u8`)).status).toBe(404);
    // A genuine signature whose time has passed.
    const secret = await resolveSecret(platform.store.db, "media-signing", undefined);
    const expired = signMediaToken(secret, {
      scope: mediaScope("vod", video),
      session: body.sessionId,
      expiresAt: Math.floor(Date.now() / 1000) - 1,
    });
    expect(await code(`/media/vod/${video}/${expired}/360p/3.ts`)).toEqual({
      status: 403,
      code: "MEDIA_SIGNATURE_EXPIRED",
    });
    // The sample itself stays a public static file.
    expect((await media("/media/sample/master.m3u8")).status).toBe(200);
  });

  it("serves a live event's sliding window from the clock", async () => {
    const viewer = await accountWithSession(platform.store, "arena");
    const channel = await idOf(t.events, "arena", "afc-24-7");
    const body = await grant("arena", `live/${channel}`, viewer.auth);
    const res = await media(await childOf(body.url, "360p"));
    expect(res.headers.get("Cache-Control")).toBe("no-cache");
    const playlist = await res.text();
    expect(playlist).not.toContain("#EXT-X-ENDLIST");
    expect(playlist.match(/#EXTINF/g)).toHaveLength(870);
    expect(playlist).toContain("#EXT-X-PROGRAM-DATE-TIME:");
    expect(playlist).toContain("#EXT-X-DISCONTINUITY\n");
  });

  it("slides over HTTP as the clock moves: read twice, the window moved on and agrees", async () => {
    const viewer = await accountWithSession(platform.store, "arena");
    const channel = await idOf(t.events, "arena", "afc-24-7");
    const body = await grant("arena", `live/${channel}`, viewer.auth);
    const url = await childOf(body.url, "360p");
    const read = async () => parseMediaPlaylist(await (await media(url)).text());
    const first = await read();
    // A segment is 2 s long: within a few seconds the live edge has a new one.
    let second = await read();
    for (
      let tries = 0;
      tries < 40 && second.segments[0]!.sequence === first.segments[0]!.sequence;
      tries++
    ) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      second = await read();
    }
    const moved = second.segments[0]!.sequence - first.segments[0]!.sequence;
    expect(moved).toBeGreaterThan(0);
    expect(second.segments).toHaveLength(first.segments.length);
    for (const playlist of [first, second]) {
      // Continuous sequence numbers, each segment 2 s after the one before it.
      playlist.segments.forEach((segment, i) => {
        if (i === 0) return;
        const before = playlist.segments[i - 1]!;
        expect(segment.sequence).toBe(before.sequence + 1);
        expect(Date.parse(segment.programDateTime!) - Date.parse(before.programDateTime!)).toBe(
          2000,
        );
      });
    }
    // Where the two readings overlap they name the same segments at the same times, in the
    // same discontinuity sequence. A discontinuity before the first segment of a window is
    // carried by EXT-X-DISCONTINUITY-SEQUENCE rather than by a tag, so the first segment's
    // flag may differ between the readings; every later one must not.
    const overlap = (segments: typeof first.segments) =>
      segments.map((segment, i) => (i === 0 ? { ...segment, discontinuity: undefined } : segment));
    expect(overlap(second.segments.slice(0, -moved))).toEqual(overlap(first.segments.slice(moved)));
  });
});
