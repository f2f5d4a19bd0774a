/**
 * The programme guide under load: a copy of the demo realms where liga (whose guests may watch,
 * so no account is needed) has the guide ENABLED and 50 channels, seeded into the bench server's
 * data directory before it starts. Its guide page for one day is measured against its home
 * page, both rendered for every request.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadRealmConfigs } from "../../platform/realm-config/load-realms.ts";
import { demoRealmsDir } from "../../platform/seed/config.ts";
import { seed } from "../../platform/seed/seed.ts";
import { openStore } from "../../platform/store/store.ts";
import { BenchError } from "./server.ts";
import type { SeedContent } from "../../schemas/generated/seed-content.ts";

export const EPG_REALM = "liga";
export const EPG_CHANNELS = 50;
/** Programme lengths the generated channels cycle through, in minutes. */
const SLOT_LENGTHS = [30, 45, 60, 90, 120];

/** Seeds the demo realms, liga with its 50-channel guide, into an empty data directory. */
export async function prepareEpgStore(dataDir: string): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-realms-"));
  try {
    cpSync(demoRealmsDir, dir, { recursive: true });
    const realmFile = path.join(dir, EPG_REALM, "realm.json");
    const realm = JSON.parse(readFileSync(realmFile, "utf8"));
    realm.settings.epgMatrix = "ENABLED";
    writeFileSync(realmFile, JSON.stringify(realm));
    const contentFile = path.join(dir, EPG_REALM, "content.json");
    const content = JSON.parse(readFileSync(contentFile, "utf8")) as SeedContent;
    content.channels = benchChannels(content);
    writeFileSync(contentFile, JSON.stringify(content));
    const store = await openStore({ dataDir });
    try {
      await seed(store.db, { configs: await loadRealmConfigs(dir), demoAccounts: true });
    } finally {
      await store.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * One channel airing every event, the rest a day of back-to-back programmes each, of one
 * length per channel; catch-up from the realm's videos in turn.
 */
function benchChannels(content: SeedContent): NonNullable<SeedContent["channels"]> {
  const allDay = content.events.find((e) => e.durationMinutes >= 24 * 60 * 30);
  const videos = content.videos.map((v) => v.key);
  const channels: NonNullable<SeedContent["channels"]> = [
    {
      key: "bench-events",
      name: "Events",
      eventKeys: content.events.filter((e) => e !== allDay).map((e) => e.key),
    },
  ];
  for (let n = 1; n < EPG_CHANNELS; n++) {
    const length = SLOT_LENGTHS[n % SLOT_LENGTHS.length]!;
    const schedule = Array.from({ length: (24 * 60) / length }, (_, i) => ({
      title: `Programme ${i + 1} of channel ${n + 1}`,
      description: `A ${length}-minute programme.`,
      startMinute: i * length,
      durationMinutes: length,
      ...(videos.length > 0 ? { replayVideoKey: videos[(n + i) % videos.length]! } : {}),
    }));
    channels.push({
      key: `bench-channel-${n + 1}`,
      name: `Channel ${n + 1}`,
      ...(allDay ? { streamEventKey: allDay.key } : {}),
      schedule,
    });
  }
  return channels;
}

/** The session cookie a first visit to the realm hands a guest (liga checks guests in). */
export async function guestCookie(realmUrl: string): Promise<string> {
  const response = await fetch(realmUrl, {
    redirect: "manual",
    signal: AbortSignal.timeout(10_000),
  });
  await response.arrayBuffer();
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("__session="));
  if (!cookie) throw new BenchError(`${realmUrl} set no guest session (${response.status})`);
  return cookie.split(";")[0]!;
}
