import type { PageIssue } from "../../schemas/page-validation.ts";
import type { RealmConfig } from "./realm-config.ts";

/** An issue about a file of a realm folder, named by its path inside the folder. */
export interface FolderIssue extends PageIssue {
  file: string;
}

/** What a schema cannot say: keys that must name other items of the same realm, and the realm its folder. */
export function crossReferenceIssues(config: RealmConfig): FolderIssue[] {
  const issues: FolderIssue[] = [];
  const contentFile = "content.json";
  const realmFile = "realm.json";
  const { content } = config;

  if (config.realm.settings.realm !== config.name) {
    issues.push({
      file: realmFile,
      pointer: "/settings/realm",
      message: `must equal the folder name '${config.name}'`,
    });
  }
  const languages = config.realm.settings.realmLanguages;
  for (const language of Object.keys(config.realm.labels ?? {})) {
    if (!languages.includes(language)) {
      issues.push({
        file: realmFile,
        pointer: `/labels/${language}`,
        message: `'${language}' is not one of settings.realmLanguages (${languages.join(", ")})`,
      });
    }
  }
  const duplicates = (list: { key: string }[], pointer: string) => {
    const seen = new Set<string>();
    list.forEach((item, i) => {
      if (seen.has(item.key)) {
        issues.push({
          file: contentFile,
          pointer: `${pointer}/${i}/key`,
          message: `key '${item.key}' is used twice`,
        });
      }
      seen.add(item.key);
    });
  };
  duplicates(content.events, "/events");
  duplicates(content.videos, "/videos");
  duplicates(content.playlists, "/playlists");
  duplicates(content.series, "/series");
  duplicates(content.news, "/news");
  duplicates(content.fighters ?? [], "/fighters");

  const videoKeys = new Set(content.videos.map((v) => v.key));
  content.events.forEach((event, i) => {
    if (event.replayVideoKey && !videoKeys.has(event.replayVideoKey)) {
      issues.push({
        file: contentFile,
        pointer: `/events/${i}/replayVideoKey`,
        message: `no video has the key '${event.replayVideoKey}'`,
      });
    }
  });
  const fighterKeys = new Set((content.fighters ?? []).map((f) => f.key));
  content.events.forEach((event, i) => {
    (event.fighterKeys ?? []).forEach((key, j) => {
      if (!fighterKeys.has(key)) {
        issues.push({
          file: contentFile,
          pointer: `/events/${i}/fighterKeys/${j}`,
          message: `no fighter has the key '${key}'`,
        });
      }
    });
  });
  duplicates(content.channels ?? [], "/channels");
  const eventKeys = new Set(content.events.map((e) => e.key));
  (content.channels ?? []).forEach((channel, i) => {
    const missing = (pointer: string, kind: string, key: string) =>
      issues.push({
        file: contentFile,
        pointer: `/channels/${i}/${pointer}`,
        message: `no ${kind} has the key '${key}'`,
      });
    if (channel.streamEventKey && !eventKeys.has(channel.streamEventKey))
      missing("streamEventKey", "event", channel.streamEventKey);
    (channel.eventKeys ?? []).forEach((key, j) => {
      if (!eventKeys.has(key)) missing(`eventKeys/${j}`, "event", key);
    });
    (channel.schedule ?? []).forEach((slot, j) => {
      if (slot.replayVideoKey && !videoKeys.has(slot.replayVideoKey))
        missing(`schedule/${j}/replayVideoKey`, "video", slot.replayVideoKey);
    });
  });
  content.playlists.forEach((playlist, i) => {
    playlist.videoKeys.forEach((key, j) => {
      if (!videoKeys.has(key)) {
        issues.push({
          file: contentFile,
          pointer: `/playlists/${i}/videoKeys/${j}`,
          message: `no video has the key '${key}'`,
        });
      }
    });
  });
  const heroCandidates = new Set([...videoKeys, ...content.events.map((e) => e.key)]);
  (config.realm.heroKeys ?? []).forEach((key, i) => {
    if (!heroCandidates.has(key)) {
      issues.push({
        file: realmFile,
        pointer: `/heroKeys/${i}`,
        message: `no event or video has the key '${key}'`,
      });
    }
  });
  const promoKeys = new Set<string>();
  const linkTargets = {
    LIVE: new Set(content.events.map((e) => e.key)),
    // A VOD link may name a video or an event's replay, as the promo block's does.
    VOD: new Set([...videoKeys, ...content.events.map((e) => e.key)]),
    PLAYLIST: new Set(content.playlists.map((p) => p.key)),
  };
  (config.realm.promoNotifications ?? []).forEach((notification, i) => {
    const pointer = `/promoNotifications/${i}`;
    if (promoKeys.has(notification.key)) {
      issues.push({
        file: realmFile,
        pointer: `${pointer}/key`,
        message: `key '${notification.key}' is used twice`,
      });
    }
    promoKeys.add(notification.key);
    if ("contentLink" in notification.link) {
      const { key, type } = notification.link.contentLink;
      if (!linkTargets[type].has(key)) {
        issues.push({
          file: realmFile,
          pointer: `${pointer}/link/contentLink/key`,
          message: `no ${type === "LIVE" ? "event" : type === "VOD" ? "video or event" : "playlist"} has the key '${key}'`,
        });
      }
    }
    const { startOffsetHours, endOffsetHours } = notification;
    if (
      startOffsetHours !== undefined &&
      endOffsetHours !== undefined &&
      endOffsetHours <= startOffsetHours
    ) {
      issues.push({
        file: realmFile,
        pointer: `${pointer}/endOffsetHours`,
        message: "must be after startOffsetHours",
      });
    }
  });
  issues.push(...commerceIssues(config.realm, realmFile));
  issues.push(...payPerViewIssues(config, realmFile));
  issues.push(...partitionIssues(config.realm, realmFile));
  issues.push(...externalPageReferenceIssues(config));
  return issues;
}

/**
 * Licences and vouchers: ids and codes used once, subscriptions with a period, and vouchers
 * naming licences the realm has.
 */
function commerceIssues(realm: RealmConfig["realm"], file: string): FolderIssue[] {
  const issues: FolderIssue[] = [];
  const ids = new Set<string>();
  (realm.licences ?? []).forEach((licence, i) => {
    const pointer = `/licences/${i}`;
    if (ids.has(licence.id)) {
      issues.push({ file, pointer: `${pointer}/id`, message: `id '${licence.id}' is used twice` });
    }
    ids.add(licence.id);
    if (licence.kind === "SUBSCRIPTION" && !licence.purchaseStrategy) {
      issues.push({
        file,
        pointer,
        message: "a subscription needs purchaseStrategy.subscriptionPeriod",
      });
    }
    if (licence.kind !== "SUBSCRIPTION" && licence.trialDays) {
      issues.push({
        file,
        pointer: `${pointer}/trialDays`,
        message: "only subscriptions have trials",
      });
    }
    if (licence.amounts.filter((a) => a.default).length > 1) {
      issues.push({
        file,
        pointer: `${pointer}/amounts`,
        message: "at most one amount is the default",
      });
    }
  });
  const codes = new Set<string>();
  (realm.vouchers ?? []).forEach((voucher, i) => {
    const pointer = `/vouchers/${i}`;
    const code = voucher.code.toUpperCase();
    if (codes.has(code)) {
      issues.push({
        file,
        pointer: `${pointer}/code`,
        message: `code '${voucher.code}' is used twice`,
      });
    }
    codes.add(code);
    (voucher.licences ?? []).forEach((id, j) => {
      if (!ids.has(id)) {
        issues.push({
          file,
          pointer: `${pointer}/licences/${j}`,
          message: `no licence has the id '${id}'`,
        });
      }
    });
  });
  return issues;
}

/**
 * Pay-per-view passes: only a PAY_PER_VIEW licence names content, and each item it names is
 * one of this realm's events or videos that needs a licence (a pass for open content, or for
 * content that is not there, sells nothing). Ids and titles are the platform's answer, never
 * config.
 */
function payPerViewIssues(config: RealmConfig, file: string): FolderIssue[] {
  const issues: FolderIssue[] = [];
  const items = {
    EVENT: new Map(config.content.events.map((e) => [e.key, e.licence])),
    VIDEO: new Map(config.content.videos.map((v) => [v.key, v.licence])),
  };
  (config.realm.licences ?? []).forEach((licence, i) => {
    if (!licence.content) return;
    const pointer = `/licences/${i}/content`;
    if (licence.kind !== "PAY_PER_VIEW") {
      issues.push({ file, pointer, message: "only a PAY_PER_VIEW licence names content" });
    }
    licence.content.forEach((ref, j) => {
      const known = items[ref.type];
      const kind = ref.type === "EVENT" ? "event" : "video";
      if (!known.has(ref.key)) {
        issues.push({
          file,
          pointer: `${pointer}/${j}/key`,
          message: `no ${kind} of this realm has the key '${ref.key}'`,
        });
      } else if (!known.get(ref.key)) {
        issues.push({
          file,
          pointer: `${pointer}/${j}/key`,
          message: `the ${kind} '${ref.key}' needs no licence, so a pass for it sells nothing`,
        });
      }
      if (ref.id !== undefined || ref.title !== undefined) {
        issues.push({
          file,
          pointer: `${pointer}/${j}`,
          message: "id and title are answered by the platform; leave them out",
        });
      }
    });
  });
  return issues;
}

/**
 * A PARTITIONED realm has partitions (an unpartitioned one none): each with an id used once, a
 * name in every realm language, and licences the realm has, each listed once.
 */
function partitionIssues(realm: RealmConfig["realm"], file: string): FolderIssue[] {
  const issues: FolderIssue[] = [];
  const settings = realm.settings.partitionSettings;
  const partitions = settings?.partitions ?? [];
  const at = "/settings/partitionSettings";
  if (settings?.status === "PARTITIONED" && partitions.length === 0) {
    issues.push({ file, pointer: at, message: "a PARTITIONED realm needs partitions" });
  }
  if (settings?.status !== "PARTITIONED" && partitions.length > 0) {
    issues.push({
      file,
      pointer: `${at}/partitions`,
      message: "only a PARTITIONED realm has partitions",
    });
  }
  const licenceIds = new Set((realm.licences ?? []).map((l) => l.id));
  const seen = new Set<string>();
  partitions.forEach((partition, i) => {
    const pointer = `${at}/partitions/${i}`;
    if (seen.has(partition.id)) {
      issues.push({
        file,
        pointer: `${pointer}/id`,
        message: `id '${partition.id}' is used twice`,
      });
    }
    seen.add(partition.id);
    for (const language of realm.settings.realmLanguages) {
      if (!(partition.name as Record<string, string>)[language]) {
        issues.push({
          file,
          pointer: `${pointer}/name`,
          message: `needs a name in '${language}' (settings.realmLanguages)`,
        });
      }
    }
    const listed = new Set<string>();
    partition.licences.forEach((entry, j) => {
      if (!licenceIds.has(entry.id)) {
        issues.push({
          file,
          pointer: `${pointer}/licences/${j}/id`,
          message: `no licence has the id '${entry.id}'`,
        });
      }
      if (listed.has(entry.id)) {
        issues.push({
          file,
          pointer: `${pointer}/licences/${j}/id`,
          message: `licence '${entry.id}' is listed twice`,
        });
      }
      listed.add(entry.id);
    });
  });
  return issues;
}

/** Menu items that open an external page must name one of settings.externalPages. */
function externalPageReferenceIssues(config: RealmConfig): FolderIssue[] {
  const names = Object.keys(config.realm.settings.externalPages ?? {});
  const issues: FolderIssue[] = [];
  const walk = (items: RealmConfig["menu"]["items"], at: string) =>
    items.forEach((item, index) => {
      const pointer = `${at}/items/${index}`;
      if (item.type === "VIEW" && item.data?.view?.toLowerCase() === "external") {
        const name = item.data.externalPage;
        if (!name) {
          issues.push({
            file: "menu.json",
            pointer: `${pointer}/data`,
            message: "an external view needs data.externalPage, the name of the page to open",
          });
        } else if (!names.includes(name)) {
          issues.push({
            file: "menu.json",
            pointer: `${pointer}/data/externalPage`,
            message: `no external page is named '${name}' in settings.externalPages${names.length ? ` (${names.join(", ")})` : ""}`,
          });
        }
      }
      walk(item.items ?? [], pointer);
    });
  walk(config.menu.items, "");
  return issues;
}
