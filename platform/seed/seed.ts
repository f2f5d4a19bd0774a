import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { IMAGE_SIZES, renderImageSvg, type ImageKind } from "./artwork.ts";
import { artworkPalette } from "./artwork-palette.ts";
import { retireVouchersExcept, saveVoucher } from "../commerce/voucher-store.ts";
import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";
import { CANCELLATION_PROMO_KEY } from "../../schemas/document-kinds.ts";
import { publishIfChanged } from "../documents/versions.ts";
import { forgetRealms } from "../api/realms.ts";
import { loadRealmConfigs } from "../realm-config/load-realms.ts";
import type { RealmConfig } from "../realm-config/realm-config.ts";
import { demoRealmsDir } from "./config.ts";
import { seedDemoAccounts } from "./demo-accounts.ts";
import { seedDemoOAuthClient } from "./demo-oauth-clients.ts";

export interface SeedOptions {
  /** Folder holding one sub-folder per realm (default: the demo realms). */
  dir?: string;
  /** Configs already loaded and validated with `loadRealmConfigs` (then `dir` is not read). */
  configs?: RealmConfig[];
  /** Delete each realm first (and everything it owns), then rebuild it with fresh times. */
  reset?: boolean;
  /** Anchor of relative times for realms seeded for the first time (default: now). */
  now?: Date;
  /**
   * Add the demo accounts (platform/seed/demo-accounts.ts). Default: only when seeding the demo
   * realms themselves; a realm made from its own config gets no accounts it did not ask for.
   */
  demoAccounts?: boolean;
  /** Origin the server is reached at (PUBLIC_URL): the demo OAuth app may return there too. */
  publicUrl?: string;
}

export interface SeedSummary {
  realms: { name: string; events: number; videos: number; images: number }[];
}

const MINUTE = 60_000;

/**
 * Validates every config file first, then writes all realms in one transaction: an invalid
 * file changes nothing, and running it twice leaves the store as it was.
 */
export async function seed(db: Db, options: SeedOptions = {}): Promise<SeedSummary> {
  const configs = options.configs ?? (await loadRealmConfigs(options.dir ?? demoRealmsDir));
  const demoAccounts = options.demoAccounts ?? (!options.configs && !options.dir);
  const summary: SeedSummary = { realms: [] };
  await db.transaction(async (tx) => {
    for (const config of configs) {
      summary.realms.push(await seedRealm(tx as unknown as Db, config, options));
      if (demoAccounts) {
        const { settings } = config.realm;
        await seedDemoAccounts(tx as unknown as Db, settings.realm, settings.consentFields);
        await seedDemoOAuthClient(
          tx as unknown as Db,
          settings.realm,
          options.publicUrl,
          configs.map((other) => other.realm.settings.realm),
        );
      }
    }
  });
  forgetRealms(db);
  return summary;
}

/** True when the store holds no realm yet (a fresh data folder or database). */
export async function storeIsEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ name: t.realms.name }).from(t.realms).limit(1);
  return rows.length === 0;
}

async function seedRealm(db: Db, config: RealmConfig, options: SeedOptions) {
  const { realm: realmFile, content } = config;
  const name = realmFile.settings.realm;
  if (options.reset) await db.delete(t.realms).where(eq(t.realms.name, name));

  const [existing] = await db
    .select({ seededAt: t.realms.seededAt })
    .from(t.realms)
    .where(eq(t.realms.name, name));
  const anchor = existing?.seededAt ?? floorToMinute(options.now ?? new Date());
  const at = (minutes: number) => new Date(anchor.getTime() + minutes * MINUTE);

  const images = new ImageBatch(name, realmFile);
  const logoId = images.add("logo", "logo", realmFile.settings.realmFullName);

  const realmRow = {
    name,
    fullName: realmFile.settings.realmFullName,
    defaultLocale: realmFile.settings.realmLanguages[0]!,
    languages: realmFile.settings.realmLanguages,
    settings: realmFile.settings as unknown as Record<string, unknown>,
    theme: realmFile.theme as unknown as Record<string, unknown>,
    logoImageId: logoId,
    heroKeys: realmFile.heroKeys ?? [],
    licences: realmFile.licences ?? [],
    labels: (realmFile.labels ?? {}) as Record<string, Record<string, string>>,
    seededAt: anchor,
    updatedAt: new Date(),
  };
  await db
    .insert(t.realms)
    .values(realmRow)
    .onConflictDoUpdate({ target: t.realms.name, set: { ...realmRow, name: undefined } });

  await db.delete(t.realmApiKeys).where(eq(t.realmApiKeys.realm, name));
  await db.insert(t.realmApiKeys).values(realmFile.apiKeys.map((k) => ({ ...k, realm: name })));
  await db.delete(t.realmDomains).where(eq(t.realmDomains.realm, name));
  const domains = realmFile.settings.domains ?? [];
  if (domains.length > 0) {
    await db.insert(t.realmDomains).values(
      domains.map((domain) => ({
        domain,
        realm: name,
        preferred: domain === realmFile.settings.preferredDomain,
      })),
    );
  }

  for (const sponsor of realmFile.sponsors ?? [])
    images.add(`sponsor/${slug(sponsor)}`, "sponsor", sponsor);
  for (const key of realmFile.heroKeys ?? defaultHeroKeys(config)) {
    const item = [...content.events, ...content.videos].find((c) => c.key === key);
    if (!item) continue;
    images.add(`hero/${key}`, "hero", item.title);
    images.add(`hero/${key}/portrait`, "hero-portrait", item.title);
  }

  // Images first: content rows reference them.
  const coverAndThumb = (prefix: string, key: string, title: string, subtitle?: string) => ({
    coverImageId: images.add(`${prefix}/${key}/cover`, "poster", title, subtitle),
    thumbnailImageId: images.add(`${prefix}/${key}/thumbnail`, "thumbnail", title, subtitle),
  });
  const seriesRows = content.series.map((s) => ({
    realm: name,
    externalKey: s.key,
    title: s.title,
    description: s.description,
    sponsor: s.sponsor ?? null,
    coverImageId: images.add(`series/${s.key}/cover`, "series", s.title),
    thumbnailImageId: images.add(`series/${s.key}/thumbnail`, "thumbnail", s.title),
  }));
  const seasonRows = content.series.flatMap((s) =>
    s.seasons.map((season) => ({
      key: `${s.key}-s${season.number}`,
      seriesKey: s.key,
      season,
      row: {
        realm: name,
        externalKey: `${s.key}-s${season.number}`,
        title: season.title,
        description: season.description ?? s.description,
        seasonNumber: season.number,
        sponsor: season.sponsor ?? null,
        ...coverAndThumb("season", `${s.key}-s${season.number}`, season.title, s.title),
      },
    })),
  );
  const videoRows = content.videos.map((v) => ({
    realm: name,
    externalKey: v.key,
    title: v.title,
    description: v.description,
    durationSeconds: v.durationSeconds,
    publishedAt: at(v.publishedOffsetDays * 24 * 60),
    tags: v.tags ?? [],
    featured: v.featured ?? false,
    licence: v.licence ?? null,
    sponsor: v.sponsor ?? null,
    ...coverAndThumb("video", v.key, v.title),
  }));
  const episodeRows = seasonRows.flatMap(({ key, season }) =>
    season.episodes.map((episode, i) => ({
      seasonKey: key,
      row: {
        realm: name,
        externalKey: `${key}-e${i + 1}`,
        title: episode.title,
        description: episode.description,
        durationSeconds: episode.durationSeconds,
        publishedAt: at(-(season.episodes.length - i) * 7 * 24 * 60),
        tags: [],
        featured: false,
        licence: null,
        sponsor: episode.sponsor ?? null,
        episodeNumber: i + 1,
        ...coverAndThumb("video", `${key}-e${i + 1}`, episode.title, season.title),
      },
    })),
  );
  const eventRows = content.events.map((e) => ({
    realm: name,
    externalKey: e.key,
    title: e.title,
    description: e.description,
    competition: e.competition,
    venue: e.venue ?? null,
    startAt: at(e.startOffsetMinutes),
    endAt: at(e.startOffsetMinutes + e.durationMinutes),
    live: e.live ?? true,
    featured: e.featured ?? false,
    licence: e.licence ?? null,
    allowedTerritories: e.allowedTerritories ?? null,
    blockedTerritories: e.blockedTerritories ?? [],
    ...coverAndThumb("event", e.key, e.title, e.competition),
  }));
  const playlistRows = content.playlists.map((p) => ({
    realm: name,
    externalKey: p.key,
    title: p.title,
    description: p.description,
    sponsor: p.sponsor ?? null,
    coverImageId: images.add(`playlist/${p.key}/cover`, "playlist", p.title),
    thumbnailImageId: images.add(`playlist/${p.key}/thumbnail`, "playlist", p.title),
  }));
  const newsRows = content.news.map((n) => ({
    realm: name,
    externalKey: n.key,
    title: n.title,
    description: n.summary,
    body: n.body,
    author: n.author,
    publishedAt: at(n.publishedOffsetHours * 60),
    coverImageId: images.add(`news/${n.key}/cover`, "news", n.title),
    thumbnailImageId: images.add(`news/${n.key}/thumbnail`, "thumbnail", n.title),
  }));
  const fighterRows = (content.fighters ?? []).map((f) => ({
    realm: name,
    externalKey: f.key,
    firstName: f.firstName,
    lastName: f.lastName,
    nickname: f.nickname ?? null,
    nationality: f.nationality,
    gender: f.gender,
    weightClass: f.weightClass,
    wins: f.record.wins,
    losses: f.record.losses,
    draws: f.record.draws,
    heightM: f.heightM,
    reachInches: f.reachInches,
    weightLbs: f.weightLbs,
    strikingAccuracyPercent: f.strikingAccuracyPercent ?? null,
    rank: f.rank ?? null,
    poundForPoundRank: f.poundForPoundRank ?? null,
    imageId: images.add(`fighter/${f.key}`, "fighter", `${f.firstName} ${f.lastName}`, f.nickname),
    thumbnailImageId: images.add(
      `fighter/${f.key}/thumbnail`,
      "fighter-thumbnail",
      `${f.firstName} ${f.lastName}`,
    ),
  }));

  await upsert(db, t.images, images.rows(), [t.images.id]);
  const seriesIds = await upsertContent(db, t.series, seriesRows);
  const seasonIds = await upsertContent(
    db,
    t.seasons,
    seasonRows.map(({ seriesKey, row }) => ({ ...row, seriesId: seriesIds.get(seriesKey)! })),
  );
  const videoIds = await upsertContent(db, t.videos, [
    ...videoRows,
    ...episodeRows.map(({ seasonKey, row }) => ({ ...row, seasonId: seasonIds.get(seasonKey)! })),
  ]);
  const eventIds = await upsertContent(
    db,
    t.events,
    eventRows.map((row, i) => {
      const replayKey = content.events[i]!.replayVideoKey;
      return { ...row, replayVideoId: replayKey ? videoIds.get(replayKey)! : null };
    }),
  );
  const playlistIds = await upsertContent(db, t.playlists, playlistRows);
  const ids = [...playlistIds.values()];
  if (ids.length > 0)
    await db.delete(t.playlistItems).where(inArray(t.playlistItems.playlistId, ids));
  const items = content.playlists.flatMap((p) =>
    p.videoKeys.map((key, position) => ({
      playlistId: playlistIds.get(p.key)!,
      position,
      videoId: videoIds.get(key)!,
    })),
  );
  if (items.length > 0) await db.insert(t.playlistItems).values(items);
  await upsertContent(db, t.news, newsRows);
  const fighterIds =
    fighterRows.length > 0 ? await upsertContent(db, t.fighters, fighterRows) : new Map();
  await seedEventFighters(db, content.events, eventIds, fighterIds);
  await seedChannels(db, name, content.channels ?? [], eventIds, videoIds);

  await seedPromoNotifications(db, name, realmFile.promoNotifications ?? [], at);
  for (const voucher of realmFile.vouchers ?? []) await saveVoucher(db, name, voucher);
  await retireVouchersExcept(
    db,
    name,
    (realmFile.vouchers ?? []).map((v) => v.code),
  );

  const { $schema: _menuSchema, ...menu } = config.menu;
  await publishIfChanged(db, name, { kind: "menu", key: menu.targetPlatform ?? "WEB" }, menu);
  for (const { $schema: _schema, ...page } of config.pages) {
    await publishIfChanged(db, name, { kind: "page", key: page.key }, page);
  }
  for (const { $schema: _schema, ...section } of config.sections) {
    await publishIfChanged(db, name, { kind: "section", key: section.name }, section);
  }
  if (config.cancellationPromo) {
    const { $schema: _schema, ...promo } = config.cancellationPromo;
    await publishIfChanged(db, name, { kind: "promo", key: CANCELLATION_PROMO_KEY }, promo);
  }

  return {
    name,
    events: eventRows.length,
    videos: videoRows.length + episodeRows.length,
    images: images.size,
  };
}

/**
 * The realm's promo notifications, matched by key so dismissals survive re-seeding; those no
 * longer in the config are removed (with their dismissals).
 */
async function seedPromoNotifications(
  db: Db,
  realm: string,
  notifications: NonNullable<RealmConfig["realm"]["promoNotifications"]>,
  at: (minutes: number) => Date,
) {
  const rows = notifications.map((n, position) => ({
    realm,
    externalKey: n.key,
    position,
    title: n.title,
    description: n.description ?? null,
    imageUrl: n.imageUrl ?? null,
    cta: n.cta,
    linkUrl: "linkUrl" in n.link ? n.link.linkUrl : null,
    contentType: "contentLink" in n.link ? n.link.contentLink.type : null,
    contentKey: "contentLink" in n.link ? n.link.contentLink.key : null,
    openInNewTab: n.openInNewTab ?? false,
    startsAt: n.startOffsetHours === undefined ? null : at(n.startOffsetHours * 60),
    endsAt: n.endOffsetHours === undefined ? null : at(n.endOffsetHours * 60),
    updatedAt: new Date(),
  }));
  const keys = rows.map((r) => r.externalKey);
  await db
    .delete(t.promoNotifications)
    .where(
      keys.length > 0
        ? and(
            eq(t.promoNotifications.realm, realm),
            notInArray(t.promoNotifications.externalKey, keys),
          )
        : eq(t.promoNotifications.realm, realm),
    );
  await upsert(db, t.promoNotifications, rows, [
    t.promoNotifications.realm,
    t.promoNotifications.externalKey,
  ]);
}

/**
 * Who is on each event's bill (`fighterKeys`): the links are replaced only where they changed, so
 * re-seeding an unchanged realm leaves every event's search document as it was.
 */
async function seedEventFighters(
  db: Db,
  events: RealmConfig["content"]["events"],
  eventIds: Map<string, number>,
  fighterIds: Map<string, number>,
) {
  const ids = [...eventIds.values()];
  if (ids.length === 0) return;
  const wanted = events.flatMap((e) =>
    (e.fighterKeys ?? []).map((key, position) => ({
      eventId: eventIds.get(e.key)!,
      fighterId: fighterIds.get(key)!,
      position,
    })),
  );
  const current = await db
    .select()
    .from(t.eventFighters)
    .where(inArray(t.eventFighters.eventId, ids));
  const same = (a: typeof wanted, b: typeof wanted) =>
    JSON.stringify(a.map((l) => [l.eventId, l.fighterId, l.position]).sort()) ===
    JSON.stringify(b.map((l) => [l.eventId, l.fighterId, l.position]).sort());
  if (same(wanted, current)) return;
  await db.delete(t.eventFighters).where(inArray(t.eventFighters.eventId, ids));
  if (wanted.length > 0) await db.insert(t.eventFighters).values(wanted);
}

/**
 * The realm's guide channels, matched by key; each channel's events and daily schedule are
 * rewritten, and channels no longer in the config are removed.
 */
async function seedChannels(
  db: Db,
  realm: string,
  channels: NonNullable<RealmConfig["content"]["channels"]>,
  eventIds: Map<string, number>,
  videoIds: Map<string, number>,
) {
  const keys = channels.map((c) => c.key);
  await db
    .delete(t.channels)
    .where(
      keys.length > 0
        ? and(eq(t.channels.realm, realm), notInArray(t.channels.externalKey, keys))
        : eq(t.channels.realm, realm),
    );
  if (channels.length === 0) return;
  const ids = await upsertContent(
    db,
    t.channels,
    channels.map((c, position) => ({
      realm,
      externalKey: c.key,
      name: c.name,
      position,
      streamEventId: c.streamEventKey ? eventIds.get(c.streamEventKey)! : null,
      updatedAt: new Date(),
    })),
  );
  const channelIds = [...ids.values()];
  await db.delete(t.channelEvents).where(inArray(t.channelEvents.channelId, channelIds));
  await db.delete(t.channelSlots).where(inArray(t.channelSlots.channelId, channelIds));
  const aired = channels.flatMap((c) =>
    (c.eventKeys ?? []).map((key) => ({ channelId: ids.get(c.key)!, eventId: eventIds.get(key)! })),
  );
  if (aired.length > 0) await db.insert(t.channelEvents).values(aired);
  const slots = channels.flatMap((c) =>
    (c.schedule ?? []).map((slot) => ({
      channelId: ids.get(c.key)!,
      startMinute: slot.startMinute,
      durationMinutes: slot.durationMinutes,
      title: slot.title,
      description: slot.description ?? "",
      replayVideoId: slot.replayVideoKey ? videoIds.get(slot.replayVideoKey)! : null,
    })),
  );
  if (slots.length > 0) await db.insert(t.channelSlots).values(slots);
}

function defaultHeroKeys(config: RealmConfig): string[] {
  return [...config.content.events, ...config.content.videos]
    .filter((c) => c.featured)
    .map((c) => c.key);
}

type ContentTable = PgTable & { id: PgColumn; realm: PgColumn; externalKey: PgColumn };

/** Upserts rows by (realm, externalKey) and returns their ids by key. */
async function upsertContent<R extends { externalKey: string }>(
  db: Db,
  table: ContentTable,
  rows: R[],
): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map();
  const returned = (await upsert(db, table, rows, [table.realm, table.externalKey], {
    id: table.id,
    externalKey: table.externalKey,
  })) as { id: number; externalKey: string }[];
  return new Map(returned.map((r) => [r.externalKey, r.id]));
}

const BATCH = 200;

async function upsert(
  db: Db,
  table: PgTable,
  rows: Record<string, unknown>[],
  target: PgColumn[],
  returning?: Record<string, PgColumn>,
): Promise<unknown[]> {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]!).filter(
    (c) => !target.some((col) => col.name === toSnake(c)),
  );
  const set = Object.fromEntries(columns.map((c) => [c, sql.raw(`excluded."${toSnake(c)}"`)]));
  const out: unknown[] = [];
  for (let i = 0; i < rows.length; i += BATCH) {
    const query = db
      .insert(table)
      .values(rows.slice(i, i + BATCH) as never)
      .onConflictDoUpdate({ target, set: set as never });
    out.push(...(returning ? await query.returning(returning) : (await query, [])));
  }
  return out;
}

function toSnake(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

function floorToMinute(date: Date): Date {
  return new Date(Math.floor(date.getTime() / MINUTE) * MINUTE);
}

function slug(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** Collects generated artwork for one realm; ids are `{realm}/{path}`. */
class ImageBatch {
  private readonly images = new Map<string, typeof t.images.$inferInsert>();
  constructor(
    private readonly realm: string,
    private readonly config: RealmConfig["realm"],
  ) {}

  add(pathInRealm: string, kind: ImageKind, title: string, subtitle?: string | null): string {
    const id = `${this.realm}/${pathInRealm}`;
    const { width, height } = IMAGE_SIZES[kind];
    const source = renderImageSvg({
      kind,
      title,
      subtitle: subtitle ?? undefined,
      seed: id,
      sport: this.config.sport ?? "combat",
      palette: artworkPalette(this.config.theme, kind),
    });
    this.images.set(id, {
      id,
      realm: this.realm,
      kind,
      width,
      height,
      contentType: "image/svg+xml",
      source,
    });
    return id;
  }

  rows() {
    return [...this.images.values()];
  }

  get size() {
    return this.images.size;
  }
}
