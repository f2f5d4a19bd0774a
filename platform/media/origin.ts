import { readFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { Hono, type Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import * as t from "../store/schema.ts";
import type { Store } from "../store/store.ts";
import { liveMediaPlaylist, liveWindowSeconds } from "./hls/live.ts";
import { masterPlaylist } from "./hls/master.ts";
import { findRendition, loopedSegmentFile, SAMPLE_MEDIA } from "./hls/sample.ts";
import { findMediaTrack, isLanguageShaped, subtitleSegment } from "./hls/subtitles.ts";
import { vodMediaPlaylist } from "./hls/vod.ts";
import { mediaScope, verifyMediaToken } from "./signing.ts";

export interface MediaOriginOptions {
  store: Store;
  /** The secret media URLs are signed with (resolved once, from the environment or the store). */
  mediaSecret: () => Promise<string>;
  /** Folder of the committed sample stream every video and event is built from. */
  sampleDir: string;
  now?: () => Date;
}

type Kind = "vod" | "live";

/**
 * Query flags a player may add to its master URL, passed on to the media playlists:
 * `window=short` asks for the short DVR window (spec section 9), `window=replay` for an ended
 * event from its start.
 */
const WINDOW_PARAM = "window";

const HLS = "application/vnd.apple.mpegurl";

/**
 * Every route names its stream with this one pattern, the signature check's included, so no
 * spelling of an id (leading zeros, more digits) reaches a route without passing the check.
 */
const STREAM = "/:kind{vod|live}/:id{[1-9][0-9]{0,8}}";

/** What a signature segment looks like (`{expires}.{session}.{mac}`), unlike a file name. */
const TOKEN_SHAPE = /^\d+\.[^/]*\.[^/]*$/;

const refuse = (c: Context, status: ContentfulStatusCode, code: string, message: string) =>
  c.json({ status, code, messages: [message] }, status);

const SIGNATURE_ERRORS = {
  missing: ["MEDIA_SIGNATURE_MISSING", "This media URL needs a signature from the playback API"],
  malformed: ["MEDIA_SIGNATURE_INVALID", "The media signature is not valid for this URL"],
  invalid: ["MEDIA_SIGNATURE_INVALID", "The media signature is not valid for this URL"],
  expired: ["MEDIA_SIGNATURE_EXPIRED", "The media signature has expired; ask for playback again"],
} as const;

/**
 * `/media/{vod|live}/{id}/…`: the HLS origin of every video and live event. Each request must
 * carry a signature for its video or event (platform/media/signing.ts), so only viewers the
 * playback API let in can fetch playlists or segments.
 */
export function mediaOrigin(options: MediaOriginOptions) {
  const { store, mediaSecret, sampleDir } = options;
  const now = options.now ?? (() => new Date());
  const app = new Hono();

  // The signature is the first path segment after the stream's own prefix, so every relative
  // URI in its playlists inherits it: no query on each of a long video's thousands of segments.
  app.use(`${STREAM}/*`, async (c, next) => {
    const kind = c.req.param("kind") as Kind;
    const id = c.req.param("id");
    const scope = mediaScope(kind, Number(id));
    const first = c.req.path.split(`/${kind}/${id}/`)[1]?.split("/")[0];
    const token = first && TOKEN_SHAPE.test(first) ? first : undefined;
    const check = verifyMediaToken(await mediaSecret(), scope, token, now().getTime() / 1000);
    if (!check.ok) {
      const [code, message] = SIGNATURE_ERRORS[check.reason];
      return refuse(c, 403, code, message);
    }
    // The signature is the credential (no cookies), so players on other origins may fetch.
    c.header("Access-Control-Allow-Origin", "*");
    await next();
  });

  /** The media playlist's query: the player's window flag, the only thing it may choose. */
  const windowQuery = (c: Context) => {
    const window = c.req.query(WINDOW_PARAM);
    return window === "short" || window === "replay" ? `?${WINDOW_PARAM}=${window}` : "";
  };

  app.get(`${STREAM}/:token/master.m3u8`, async (c) => {
    const kind = c.req.param("kind") as Kind;
    const id = Number(c.req.param("id"));
    const found = kind === "vod" ? await findVideo(store, id) : await findLiveEvent(store, id);
    if (!found) return refuse(c, 404, "NOT_FOUND", `No ${kind} stream ${id}`);
    const query = windowQuery(c);
    c.header("Content-Type", HLS);
    c.header("Cache-Control", "private, max-age=60");
    return c.body(masterPlaylist(SAMPLE_MEDIA, (child) => `${child}${query}`, found.languages));
  });

  app.get(`${STREAM}/:token/:rendition/index.m3u8`, async (c) => {
    if (!findRendition(SAMPLE_MEDIA, c.req.param("rendition"))) {
      return refuse(c, 404, "NOT_FOUND", "No such rendition");
    }
    return mediaPlaylist(c, (n) => `${n}.ts`);
  });

  // Subtitles and audio, one track per language of the stream's realm, on the video's timeline
  // (platform/media/hls/subtitles.ts). A track's playlist checks the realm has the language;
  // its segments, like the video's, are served without a store lookup.
  app.get(`${STREAM}/:token/subs/:language/index.m3u8`, async (c) => {
    return mediaPlaylist(c, (n) => `${n}.vtt`, c.req.param("language"));
  });

  app.get(`${STREAM}/:token/subs/:language/:segment{[0-9]{1,9}\\.vtt}`, (c) => {
    const language = c.req.param("language");
    if (!isLanguageShaped(language)) {
      return refuse(c, 404, "NOT_FOUND", "No such subtitle track");
    }
    const n = Number(c.req.param("segment").replace(/\.vtt$/, ""));
    c.header("Content-Type", "text/vtt; charset=utf-8");
    c.header("Cache-Control", "private, max-age=86400");
    return c.body(subtitleSegment(SAMPLE_MEDIA, n, language));
  });

  app.get(`${STREAM}/:token/audio/:language/index.m3u8`, async (c) => {
    return mediaPlaylist(c, (n) => `${n}.ts`, c.req.param("language"));
  });

  // The audio of every language is the sample's own soundtrack, muxed with the lowest
  // rendition's picture (which hls.js's audio stream drops).
  app.get(`${STREAM}/:token/audio/:language/:segment{[0-9]{1,9}\\.ts}`, async (c) => {
    if (!isLanguageShaped(c.req.param("language"))) {
      return refuse(c, 404, "NOT_FOUND", "No such audio track");
    }
    const n = Number(c.req.param("segment").replace(/\.ts$/, ""));
    const lowest = SAMPLE_MEDIA.renditions[SAMPLE_MEDIA.renditions.length - 1]!;
    return segment(c, lowest.name, n);
  });

  /**
   * A media playlist of the stream (a rendition's, or with `language` a subtitle or audio
   * track's) as it stands now.
   */
  async function mediaPlaylist(c: Context, segmentUri: (n: number) => string, language?: string) {
    const kind = c.req.param("kind") as Kind;
    const id = Number(c.req.param("id"));
    const noTrack = (languages: string[] | undefined) =>
      language !== undefined && !findMediaTrack(language, languages);
    if (kind === "vod") {
      const video = await findVideo(store, id);
      if (!video) return refuse(c, 404, "NOT_FOUND", `No vod stream ${id}`);
      if (noTrack(video.languages)) return refuse(c, 404, "NOT_FOUND", "No such track");
      c.header("Content-Type", HLS);
      c.header("Cache-Control", "private, max-age=60");
      return c.body(vodMediaPlaylist(SAMPLE_MEDIA, video.durationSeconds, segmentUri));
    }
    const event = await findLiveEvent(store, id);
    if (!event) return refuse(c, 404, "NOT_FOUND", `No live stream ${id}`);
    if (noTrack(event.languages)) return refuse(c, 404, "NOT_FOUND", "No such track");
    c.header("Content-Type", HLS);
    const at = now();
    if (at < event.startAt) return refuse(c, 404, "NOT_STARTED", "The event has not started yet");
    const window = c.req.query(WINDOW_PARAM);
    // A live playlist changes every segment: players must always ask again.
    c.header("Cache-Control", "no-cache");
    return c.body(
      liveMediaPlaylist(SAMPLE_MEDIA, event, at, {
        windowSeconds: liveWindowSeconds(event.hasDvr, window === "short"),
        replay: window === "replay",
        segmentUri,
      }),
    );
  }

  app.get(`${STREAM}/:token/:rendition/:segment{[0-9]{1,9}\\.ts}`, async (c) => {
    if (!findRendition(SAMPLE_MEDIA, c.req.param("rendition"))) {
      return refuse(c, 404, "NOT_FOUND", "No such rendition");
    }
    // Segment numbers past a video's end or a live edge only repeat sample media the viewer
    // may watch anyway, so segments are served without a store lookup.
    const n = Number(c.req.param("segment").replace(/\.ts$/, ""));
    return segment(c, c.req.param("rendition"), n);
  });

  /** Segment `n` of a rendition: its sample segment's file. */
  async function segment(c: Context, rendition: string, n: number) {
    const file = path.join(sampleDir, rendition, loopedSegmentFile(SAMPLE_MEDIA, n));
    c.header("Content-Type", "video/mp2t");
    c.header("Cache-Control", "private, max-age=86400");
    return c.body(new Uint8Array(await readFile(file)));
  }

  return app;
}

/** The realm's audio and subtitle languages, from its settings. */
const languagesOf = (settings: unknown) =>
  (settings as { audioSubtitleLanguages?: string[] }).audioSubtitleLanguages;

async function findVideo(store: Store, id: number) {
  const [video] = await store.db
    .select({ durationSeconds: t.videos.durationSeconds, settings: t.realms.settings })
    .from(t.videos)
    .innerJoin(t.realms, eq(t.realms.name, t.videos.realm))
    .where(eq(t.videos.id, id));
  return video && { ...video, languages: languagesOf(video.settings) };
}

async function findLiveEvent(store: Store, id: number) {
  const [event] = await store.db
    .select({
      startAt: t.events.startAt,
      endAt: t.events.endAt,
      live: t.events.live,
      settings: t.realms.settings,
    })
    .from(t.events)
    .innerJoin(t.realms, eq(t.realms.name, t.events.realm))
    .where(eq(t.events.id, id));
  if (!event?.live) return undefined;
  return {
    ...event,
    hasDvr: (event.settings as { hasDvr?: boolean }).hasDvr === true,
    languages: languagesOf(event.settings),
  };
}
