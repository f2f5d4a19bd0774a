import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigValidationError } from "../../platform/realm-config/load-realms.ts";
import { demoRealmsDir } from "../../platform/seed/config.ts";
import { seed } from "../../platform/seed/seed.ts";
import { useSeededPlatform } from "../fixtures/platform.ts";

const platform = useSeededPlatform();
const scratch = await mkdtemp(path.join(os.tmpdir(), "pages-test-"));
afterAll(() => rm(scratch, { recursive: true, force: true }));

const json = async (realm: "arena" | "liga", url: string) => {
  const res = await platform.api.call(realm, url);
  expect(res.status, url).toBe(200);
  return res.json();
};

describe("published pages and sections", () => {
  it("serves each realm's composed home page and sections", async () => {
    const home = await json("arena", "/api/v2/page/home");
    expect(home.version).toBe(1);
    expect(home.document).toMatchObject({ key: "home", layout: "default" });
    expect(home.document.zones.main.map((b: { type: string }) => b.type)).toEqual(
      expect.arrayContaining(["hero", "rail", "sponsor", "promo"]),
    );
    expect(home.document).not.toHaveProperty("$schema");
    const schedule = await json("liga", "/api/v2/section/schedule");
    expect(schedule.document).toMatchObject({ name: "schedule", layout: "schedule" });
    expect((await platform.api.call("liga", "/api/v2/section/fight-nights")).status).toBe(404);
    expect((await platform.api.call("arena", "/api/v2/page/Bad_Key")).status).toBe(400);
  });

  it("publishes a new version only when a page changed, keeping the old one", async () => {
    await seed(platform.store.db);
    expect((await json("arena", "/api/v2/page/home")).version).toBe(1);
    const dir = path.join(scratch, "changed");
    await cp(demoRealmsDir, dir, { recursive: true });
    const file = path.join(dir, "arena", "pages", "home.json");
    const page = JSON.parse(await readFile(file, "utf8"));
    page.title = "Arena Fight Pass: home";
    await writeFile(file, JSON.stringify(page));
    await seed(platform.store.db, { dir });
    const latest = await json("arena", "/api/v2/page/home");
    expect(latest).toMatchObject({ version: 2, document: { title: "Arena Fight Pass: home" } });
  });

  it("refuses a page whose key does not match its file, or whose blocks are invalid", async () => {
    const dir = path.join(scratch, "broken");
    await cp(demoRealmsDir, dir, { recursive: true });
    const file = path.join(dir, "liga", "pages", "browse.json");
    const page = JSON.parse(await readFile(file, "utf8"));
    page.key = "jogos";
    await writeFile(file, JSON.stringify(page));
    const sectionFile = path.join(dir, "arena", "sections", "series.json");
    const section = JSON.parse(await readFile(sectionFile, "utf8"));
    section.zones.main[0].itemsPerPage = 500;
    await writeFile(sectionFile, JSON.stringify(section));
    const error = (await seed(platform.store.db, { dir }).catch(
      (e: unknown) => e,
    )) as ConfigValidationError;
    expect(error).toBeInstanceOf(ConfigValidationError);
    expect(error.issues.map((i) => `${path.basename(i.file)} ${i.pointer} ${i.message}`)).toEqual([
      "series.json /zones/main/0/itemsPerPage zones/main/0 (rail 'fight-camp'): itemsPerPage must be ≤ 50",
      "browse.json /key must match the file name ('browse')",
    ]);
  });
});

describe("content by key", () => {
  it("returns cards in the order asked and leaves out unknown keys", async () => {
    const { hits } = await json(
      "arena",
      "/api/v2/cards?ref=PLAYLIST:best-knockouts-of-the-year&ref=EVENT:afc-24-7&ref=VIDEO:no-such-video&ref=SERIES:fight-camp",
    );
    expect(hits.map((h: { type: string }) => h.type)).toEqual([
      "VOD_PLAYLIST",
      "LIVE_EVENT",
      "VOD_SERIES",
    ]);
    expect(hits[0].vodCount).toBeGreaterThanOrEqual(5);
    expect(hits[1]).toMatchObject({ title: "AFC 24/7", live: true });
    expect(hits[2].seasonCount).toBe(2);
  });

  it("refuses malformed references", async () => {
    for (const query of ["", "ref=EVENT", "ref=MOVIE:x1", "ref=EVENT:Bad_Key"]) {
      const res = await platform.api.call("arena", `/api/v2/cards?${query}`);
      expect(res.status, query).toBe(400);
    }
  });

  it("finds playlist and series ids by key, within the realm", async () => {
    const { id } = await json("liga", "/api/v2/playlist/by-key/gols-da-rodada");
    expect((await json("liga", `/api/v2/playlist/${id}`)).title).toBe("Gols da Rodada");
    expect(
      (await platform.api.call("arena", "/api/v2/playlist/by-key/gols-da-rodada")).status,
    ).toBe(404);
    expect((await json("arena", "/api/v2/series/by-key/cornered")).id).toEqual(expect.any(Number));
  });
});
