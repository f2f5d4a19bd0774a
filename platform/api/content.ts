import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  lte,
  sql,
  type SQL,
} from "drizzle-orm";
import { Hono } from "hono";
import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";
import {
  type Card,
  eventCard,
  imageUrl,
  newsCard,
  playlistCard,
  seasonCard,
  seriesCard,
  videoCard,
} from "./cards.ts";
import type { PlatformEnv } from "./context.ts";
import { badRequest, notFound } from "./errors.ts";
import { idParam, readPage, resultSet, type Page } from "./pagination.ts";

/** Videos in each playlist row of a query over playlists. */
export const playlistVodCount = sql<number>`(select count(*)::int from "playlist_items" where "playlist_items"."playlist_id" = "playlists"."id")`;

/** Seasons of each series row of a query over series. */
export const seriesSeasonCount = sql<number>`(select count(*)::int from "seasons" where "seasons"."series_id" = "series"."id")`;

/** Catalogue reads: events, videos, playlists, series, seasons, news and fighters. */
export const content = new Hono<PlatformEnv>();

/** A page of rows and the total count, run together, as the contract's result set. */
async function pageOf<R, H>(
  page: Page,
  rows: PromiseLike<R[]>,
  total: PromiseLike<{ n: number }[]>,
  toHit: (row: R) => H,
) {
  const [list, [count]] = await Promise.all([rows, total]);
  return resultSet(list.map(toHit), count?.n ?? 0, page);
}

const EVENT_STATUSES = ["LIVE", "UPCOMING", "PAST"] as const;

content.get("/events", async (c) => {
  const { db } = c.get("store");
  const realm = c.get("realm").name;
  const status = c.req.query("status")?.toUpperCase();
  if (status && !EVENT_STATUSES.includes(status as never)) {
    throw badRequest(
      "INVALID_QUERY",
      `Query parameter 'status' must be one of ${EVENT_STATUSES.join(", ")}`,
    );
  }
  const page = readPage((n) => c.req.query(n));
  const now = new Date();
  const where: SQL[] = [eq(t.events.realm, realm)];
  let order = asc(t.events.startAt);
  if (status === "LIVE")
    where.push(eq(t.events.live, true), lte(t.events.startAt, now), gt(t.events.endAt, now));
  if (status === "UPCOMING") where.push(gt(t.events.startAt, now));
  if (status === "PAST") {
    where.push(lte(t.events.endAt, now));
    order = desc(t.events.startAt);
  }
  return c.json(
    await pageOf(
      page,
      db
        .select()
        .from(t.events)
        .where(and(...where))
        .orderBy(order, asc(t.events.id))
        .limit(page.rpp)
        .offset(page.offset),
      db
        .select({ n: count() })
        .from(t.events)
        .where(and(...where)),
      (r) => eventCard(r, now),
    ),
  );
});

content.get("/event/:id", async (c) => {
  const { db } = c.get("store");
  const [row] = await db
    .select()
    .from(t.events)
    .where(
      and(eq(t.events.realm, c.get("realm").name), eq(t.events.id, idParam(c.req.param("id")))),
    );
  if (!row) throw notFound("Event");
  const replay = row.replayVideoId ? await findVideo(db, row.realm, row.replayVideoId) : undefined;
  return c.json({
    ...eventCard(row),
    competition: row.competition,
    venue: row.venue,
    replay: replay ? videoCard(replay) : null,
    licence: row.licence,
  });
});

content.get("/vods", async (c) => {
  const { db } = c.get("store");
  const page = readPage((n) => c.req.query(n));
  const where = eq(t.videos.realm, c.get("realm").name);
  return c.json(
    await pageOf(
      page,
      db
        .select()
        .from(t.videos)
        .where(where)
        .orderBy(desc(t.videos.publishedAt), asc(t.videos.id))
        .limit(page.rpp)
        .offset(page.offset),
      db.select({ n: count() }).from(t.videos).where(where),
      videoCard,
    ),
  );
});

content.get("/vod/:id", async (c) => {
  const { db } = c.get("store");
  const row = await findVideo(db, c.get("realm").name, idParam(c.req.param("id")));
  if (!row) throw notFound("Video");
  return c.json({
    ...videoCard(row),
    publishedAt: row.publishedAt.toISOString(),
    tags: row.tags,
    seasonId: row.seasonId,
    episodeNumber: row.episodeNumber,
    sponsor: row.sponsor ?? null,
    licence: row.licence,
  });
});

content.get("/playlists", async (c) => {
  const { db } = c.get("store");
  const page = readPage((n) => c.req.query(n));
  const where = eq(t.playlists.realm, c.get("realm").name);
  return c.json(
    await pageOf(
      page,
      db
        .select({
          playlist: t.playlists,
          vodCount: playlistVodCount,
        })
        .from(t.playlists)
        .where(where)
        .orderBy(asc(t.playlists.id))
        .limit(page.rpp)
        .offset(page.offset),
      db.select({ n: count() }).from(t.playlists).where(where),
      (r) => playlistCard(r.playlist, r.vodCount),
    ),
  );
});

content.get("/playlist/:id", async (c) => {
  const { db } = c.get("store");
  const [row] = await db
    .select()
    .from(t.playlists)
    .where(
      and(
        eq(t.playlists.realm, c.get("realm").name),
        eq(t.playlists.id, idParam(c.req.param("id"))),
      ),
    );
  if (!row) throw notFound("Playlist");
  const items = await db
    .select({ video: t.videos })
    .from(t.playlistItems)
    .innerJoin(t.videos, eq(t.videos.id, t.playlistItems.videoId))
    .where(eq(t.playlistItems.playlistId, row.id))
    .orderBy(asc(t.playlistItems.position));
  return c.json({
    ...playlistCard(row, items.length),
    sponsor: row.sponsor ?? null,
    videos: items.map((i) => videoCard(i.video)),
  });
});

content.get("/series/:id", async (c) => {
  const { db } = c.get("store");
  const [row] = await db
    .select()
    .from(t.series)
    .where(
      and(eq(t.series.realm, c.get("realm").name), eq(t.series.id, idParam(c.req.param("id")))),
    );
  if (!row) throw notFound("Series");
  const seasons = await db
    .select({
      season: t.seasons,
      vodCount: sql<number>`(select count(*)::int from "videos" where "videos"."season_id" = "seasons"."id")`,
    })
    .from(t.seasons)
    .where(eq(t.seasons.seriesId, row.id))
    .orderBy(asc(t.seasons.seasonNumber));
  return c.json({
    ...seriesCard(row, seasons.length),
    sponsor: row.sponsor ?? null,
    seasons: seasons.map((s) => ({
      ...seasonCard(s.season, s.vodCount),
      seasonNumber: s.season.seasonNumber,
    })),
  });
});

content.get("/season/:id", async (c) => {
  const { db } = c.get("store");
  const [row] = await db
    .select()
    .from(t.seasons)
    .where(
      and(eq(t.seasons.realm, c.get("realm").name), eq(t.seasons.id, idParam(c.req.param("id")))),
    );
  if (!row) throw notFound("Season");
  const episodes = await db
    .select()
    .from(t.videos)
    .where(eq(t.videos.seasonId, row.id))
    .orderBy(asc(t.videos.episodeNumber));
  return c.json({
    ...seasonCard(row, episodes.length),
    seasonNumber: row.seasonNumber,
    seriesId: row.seriesId,
    sponsor: row.sponsor ?? null,
    episodes: episodes.map((e) => ({ ...videoCard(e), episodeNumber: e.episodeNumber })),
  });
});

content.get("/news", async (c) => {
  const { db } = c.get("store");
  const page = readPage((n) => c.req.query(n));
  const where = eq(t.news.realm, c.get("realm").name);
  return c.json(
    await pageOf(
      page,
      db
        .select()
        .from(t.news)
        .where(where)
        .orderBy(desc(t.news.publishedAt), asc(t.news.id))
        .limit(page.rpp)
        .offset(page.offset),
      db.select({ n: count() }).from(t.news).where(where),
      newsCard,
    ),
  );
});

content.get("/news/:id", async (c) => {
  const { db } = c.get("store");
  const [row] = await db
    .select()
    .from(t.news)
    .where(and(eq(t.news.realm, c.get("realm").name), eq(t.news.id, idParam(c.req.param("id")))));
  if (!row) throw notFound("News item");
  return c.json({
    ...newsCard(row),
    body: row.body,
    author: row.author,
    publishedAt: row.publishedAt.toISOString(),
  });
});

const WEIGHT_CLASSES = [
  "FLYWEIGHT",
  "BANTAMWEIGHT",
  "FEATHERWEIGHT",
  "LIGHTWEIGHT",
  "WELTERWEIGHT",
  "MIDDLEWEIGHT",
  "LIGHT_HEAVYWEIGHT",
  "HEAVYWEIGHT",
  "STRAWWEIGHT",
  "POUND_FOR_POUND",
] as const;

/**
 * Fighters (spec section 2, Fighters): `p`, `rpp` (default 5), `ctt` category (`rankings`,
 * the default, lists ranked fighters of one division in rank order; `all` lists everyone by
 * last name), `weightClass` (default POUND_FOR_POUND), `gender` (default MALE) and
 * `lastNameStartLetter`.
 */
content.get("/fighters", async (c) => {
  const { db } = c.get("store");
  const page = readPage((n) => c.req.query(n), 5, 5000);
  const category = (c.req.query("ctt") ?? "rankings").toLowerCase();
  if (category !== "rankings" && category !== "all") {
    throw badRequest("INVALID_QUERY", "Query parameter 'ctt' must be rankings or all");
  }
  const weightClass = (c.req.query("weightClass") ?? "POUND_FOR_POUND").toUpperCase();
  if (!WEIGHT_CLASSES.includes(weightClass as never)) {
    throw badRequest(
      "INVALID_QUERY",
      `Query parameter 'weightClass' must be one of ${WEIGHT_CLASSES.join(", ")}`,
    );
  }
  const gender = (c.req.query("gender") ?? "MALE").toUpperCase();
  if (gender !== "MALE" && gender !== "FEMALE") {
    throw badRequest("INVALID_QUERY", "Query parameter 'gender' must be MALE or FEMALE");
  }
  const letter = c.req.query("lastNameStartLetter");
  if (letter !== undefined && !/^\p{L}$/u.test(letter)) {
    throw badRequest(
      "INVALID_QUERY",
      "Query parameter 'lastNameStartLetter' must be a single letter",
    );
  }
  const where: SQL[] = [eq(t.fighters.realm, c.get("realm").name)];
  if (letter) where.push(ilike(t.fighters.lastName, `${letter}%`));
  let order: SQL[] = [asc(t.fighters.lastName), asc(t.fighters.firstName)];
  if (category === "rankings") {
    where.push(eq(t.fighters.gender, gender));
    if (weightClass === "POUND_FOR_POUND") {
      where.push(gte(t.fighters.poundForPoundRank, 1));
      order = [asc(t.fighters.poundForPoundRank)];
    } else {
      where.push(eq(t.fighters.weightClass, weightClass), gte(t.fighters.rank, 0));
      order = [asc(t.fighters.rank)];
    }
  }
  return c.json(
    await pageOf(
      page,
      db
        .select()
        .from(t.fighters)
        .where(and(...where))
        .orderBy(...order, asc(t.fighters.id))
        .limit(page.rpp)
        .offset(page.offset),
      db
        .select({ n: count() })
        .from(t.fighters)
        .where(and(...where)),
      fighterJson,
    ),
  );
});

content.get("/fighter/:id", async (c) => {
  const { db } = c.get("store");
  const [row] = await db
    .select()
    .from(t.fighters)
    .where(
      and(eq(t.fighters.realm, c.get("realm").name), eq(t.fighters.id, idParam(c.req.param("id")))),
    );
  if (!row) throw notFound("Fighter");
  return c.json(fighterJson(row));
});

/** The fights of a fighter: events linked to them, the latest first. */
content.get("/fighter/:id/events", async (c) => {
  const { db } = c.get("store");
  const realm = c.get("realm").name;
  const id = idParam(c.req.param("id"));
  const [fighter] = await db
    .select({ id: t.fighters.id })
    .from(t.fighters)
    .where(and(eq(t.fighters.realm, realm), eq(t.fighters.id, id)));
  if (!fighter) throw notFound("Fighter");
  const page = readPage((n) => c.req.query(n));
  const linked = and(
    eq(t.events.realm, realm),
    inArray(
      t.events.id,
      db
        .select({ id: t.eventFighters.eventId })
        .from(t.eventFighters)
        .where(eq(t.eventFighters.fighterId, id)),
    ),
  );
  const now = new Date();
  return c.json(
    await pageOf(
      page,
      db
        .select()
        .from(t.events)
        .where(linked)
        .orderBy(desc(t.events.startAt), asc(t.events.id))
        .limit(page.rpp)
        .offset(page.offset),
      db.select({ n: count() }).from(t.events).where(linked),
      (r) => eventCard(r, now),
    ),
  );
});

function fighterJson(row: typeof t.fighters.$inferSelect) {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    nickname: row.nickname,
    nationality: row.nationality,
    gender: row.gender,
    weightClass: row.weightClass,
    record: { wins: row.wins, losses: row.losses, draws: row.draws },
    height: { value: row.heightM, unit: "m" },
    reach: { value: row.reachInches, unit: "inches" },
    weight: { value: row.weightLbs, unit: "lbs" },
    strikingAccuracy:
      row.strikingAccuracyPercent === null
        ? null
        : { value: row.strikingAccuracyPercent, unit: "percent" },
    rank: row.rank,
    poundForPoundRank: row.poundForPoundRank,
    imageUrl: imageUrl(row.imageId),
    thumbnailUrl: imageUrl(row.thumbnailImageId),
  };
}

async function findVideo(db: Db, realm: string, id: number) {
  const [row] = await db
    .select()
    .from(t.videos)
    .where(and(eq(t.videos.realm, realm), eq(t.videos.id, id)));
  return row;
}

/** Live-now count and heroes, for init. */
export async function countLiveEvents(db: Db, realm: string, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(t.events)
    .where(
      and(
        eq(t.events.realm, realm),
        eq(t.events.live, true),
        lte(t.events.startAt, now),
        gt(t.events.endAt, now),
      ),
    );
  return row?.n ?? 0;
}

export async function loadHeroes(
  db: Db,
  realm: { name: string; heroKeys: string[] },
  now = new Date(),
) {
  const featured = (table: typeof t.events | typeof t.videos) =>
    realm.heroKeys.length > 0
      ? and(eq(table.realm, realm.name), inArray(table.externalKey, realm.heroKeys))
      : and(eq(table.realm, realm.name), eq(table.featured, true));
  const [events, videos] = await Promise.all([
    db.select().from(t.events).where(featured(t.events)),
    db.select().from(t.videos).where(featured(t.videos)),
  ]);
  const heroes = [
    ...events.map((e) => ({
      key: e.externalKey,
      card: eventCard(e, now),
      link: { type: isLiveOrUpcoming(e, now) ? "LIVE" : "VOD", id: e.id },
    })),
    ...videos.map((v) => ({
      key: v.externalKey,
      card: videoCard(v),
      link: { type: "VOD", id: v.id },
    })),
  ];
  const order = realm.heroKeys;
  if (order.length > 0) heroes.sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key));
  return heroes.map(({ key, card, link }) => ({
    id: card.id,
    type: card.type,
    title: card.title,
    description: card.description,
    imageUrl: imageUrl(`${realm.name}/hero/${key}`),
    portraitImageUrl: imageUrl(`${realm.name}/hero/${key}/portrait`),
    startDate: card.startDate,
    endDate: card.endDate,
    live: card.live,
    link,
  }));
}

function isLiveOrUpcoming(e: typeof t.events.$inferSelect, now: Date) {
  return e.endAt > now;
}

const REF_TYPES = {
  EVENT: t.events,
  VIDEO: t.videos,
  PLAYLIST: t.playlists,
  SERIES: t.series,
} as const;
const KEY = /^[a-z0-9][a-z0-9-]{1,79}$/;

/**
 * Cards for content named by key (`ref=EVENT:afc-24-7&ref=VIDEO:...`, at most 50), in the order
 * asked; keys that name nothing are left out. Config files name content by key, not by id.
 */
content.get("/cards", async (c) => {
  const { db } = c.get("store");
  const realm = c.get("realm").name;
  const refs = c.req.queries("ref") ?? [];
  if (refs.length === 0 || refs.length > 50) {
    throw badRequest("INVALID_QUERY", "Give 1 to 50 'ref' parameters of the form TYPE:key");
  }
  const parsed = refs.map((ref) => {
    const [type, key] = ref.split(":");
    if (!type || !(type in REF_TYPES) || !key || !KEY.test(key)) {
      throw badRequest(
        "INVALID_QUERY",
        `'${ref.slice(0, 60)}' is not TYPE:key with TYPE one of ${Object.keys(REF_TYPES).join(", ")}`,
      );
    }
    return { type: type as keyof typeof REF_TYPES, key };
  });
  const now = new Date();
  const byType = async (type: keyof typeof REF_TYPES) => {
    const keys = parsed.filter((r) => r.type === type).map((r) => r.key);
    if (keys.length === 0) return new Map<string, Card>();
    const cards = new Map<string, Card>();
    if (type === "EVENT") {
      for (const row of await db
        .select()
        .from(t.events)
        .where(and(eq(t.events.realm, realm), inArray(t.events.externalKey, keys))))
        cards.set(row.externalKey, eventCard(row, now));
    } else if (type === "VIDEO") {
      for (const row of await db
        .select()
        .from(t.videos)
        .where(and(eq(t.videos.realm, realm), inArray(t.videos.externalKey, keys))))
        cards.set(row.externalKey, videoCard(row));
    } else if (type === "PLAYLIST") {
      const rows = await db
        .select({
          playlist: t.playlists,
          vodCount: playlistVodCount,
        })
        .from(t.playlists)
        .where(and(eq(t.playlists.realm, realm), inArray(t.playlists.externalKey, keys)));
      for (const row of rows)
        cards.set(row.playlist.externalKey, playlistCard(row.playlist, row.vodCount));
    } else {
      const rows = await db
        .select({
          series: t.series,
          seasonCount: seriesSeasonCount,
        })
        .from(t.series)
        .where(and(eq(t.series.realm, realm), inArray(t.series.externalKey, keys)));
      for (const row of rows)
        cards.set(row.series.externalKey, seriesCard(row.series, row.seasonCount));
    }
    return cards;
  };
  const found = Object.fromEntries(
    await Promise.all(
      (Object.keys(REF_TYPES) as (keyof typeof REF_TYPES)[]).map(
        async (type) => [type, await byType(type)] as const,
      ),
    ),
  ) as Record<keyof typeof REF_TYPES, Map<string, Card>>;
  return c.json({
    hits: parsed.map((r) => found[r.type].get(r.key)).filter((card) => card !== undefined),
  });
});

/** Ids of a playlist or series named by key, for routes and queries that start from config. */
content.get("/:type{playlist|series}/by-key/:key", async (c) => {
  const key = c.req.param("key");
  if (!KEY.test(key)) throw badRequest("INVALID_ID", `'${key.slice(0, 40)}' is not a valid key`);
  const table = c.req.param("type") === "playlist" ? t.playlists : t.series;
  const [row] = await c
    .get("store")
    .db.select({ id: table.id })
    .from(table)
    .where(and(eq(table.realm, c.get("realm").name), eq(table.externalKey, key)));
  if (!row) throw notFound(c.req.param("type") === "playlist" ? "Playlist" : "Series");
  return c.json({ id: row.id });
});
