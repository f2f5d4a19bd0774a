import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loadComposedPageRoute } from "../../app/composer/page-route.server.ts";
import { loadNewsItem } from "../../app/news/news-item.server.ts";
import type { ResolvedBlock } from "../../blocks/resolve.ts";
import type { ResultSet } from "../../contract/generated/result-set.ts";
import * as t from "../../platform/store/schema.ts";
import { accountWithSession } from "../fixtures/accounts.ts";
import { useSeededPlatform } from "../fixtures/platform.ts";
import { loaderArgs, sessionCookieFor, thrownStatus, webContext } from "../fixtures/web-context.ts";

const platform = useSeededPlatform();

type Realm = "arena" | "liga";

async function cookieOf(realm: Realm) {
  const account = await accountWithSession(platform.store, realm, {
    profiles: [{ name: "Sam", type: "ADULT" }],
  });
  return sessionCookieFor(realm, {
    accessToken: account.authorisationToken,
    refreshToken: account.refreshToken,
  });
}

async function newsIds(realm: Realm) {
  const rows = await platform.store.db
    .select({ id: t.news.id })
    .from(t.news)
    .where(eq(t.news.realm, realm))
    .orderBy(desc(t.news.publishedAt), t.news.id);
  return rows.map((row) => row.id);
}

async function article(realm: Realm, id: number | string, cookie: string) {
  const args = loaderArgs(webContext(platform.api), `/realm/${realm}/news/${id}`, {
    Cookie: cookie,
  });
  return loadNewsItem({ ...args, params: { realm, id: String(id) } });
}

describe("the news pages", () => {
  it("list the realm's news newest first", async () => {
    const cookie = await cookieOf("liga");
    const answer = await loadComposedPageRoute(
      loaderArgs(webContext(platform.api), "/realm/liga/news", { Cookie: cookie }),
      "page",
      "news",
    );
    const grid = (Object.values(answer.data.zones).flat() as ResolvedBlock[]).find(
      (b) => b.config.type === "grid",
    ) as ResolvedBlock & { data: ResultSet };
    expect(grid.status).toBe("ok");
    const ids = await newsIds("liga");
    expect(grid.data.hits.map((hit) => hit.id)).toEqual(ids.slice(0, grid.data.hits.length));
    expect(grid.data.hits.every((hit) => hit.type === "NEWS")).toBe(true);
  });

  it("show an article with its body as HTML, then more news without it and the latest videos", async () => {
    const cookie = await cookieOf("arena");
    const [id] = await newsIds("arena");
    const answer = await article("arena", id!, cookie);
    const { article: shown, bodyHtml, related } = answer.data;
    expect(shown).toMatchObject({ id, type: "NEWS" });
    expect(shown).not.toHaveProperty("body");
    expect(bodyHtml).toMatch(/^<p>/);
    expect(related.map((rail) => rail.titleKey)).toEqual(["moreNews", "latestVideos"]);
    expect(related[0]!.cards.map((card) => card.id)).not.toContain(id);
    expect(related[0]!.cards.length).toBeGreaterThan(3);
  });

  it("never lets markup stored in an article reach the page", async () => {
    const cookie = await cookieOf("liga");
    const [row] = await platform.store.db
      .insert(t.news)
      .values({
        realm: "liga",
        externalKey: "hostile-article",
        title: "Hostile",
        description: "Markup in the body",
        body: 'Hello <script>alert(1)</script><img src=x onerror="alert(2)"> [x](javascript:alert(3)) ~~gone~~ ~kept~',
        author: "Nobody",
        publishedAt: new Date(),
      })
      .returning();
    const { bodyHtml } = (await article("liga", row!.id, cookie)).data;
    expect(bodyHtml).not.toMatch(/<script|<img|onerror|javascript:|alert\(1\)/i);
    expect(bodyHtml).toContain("<del>gone</del> ~kept~");
  });

  it("answers 404 for an article that does not exist or belongs to another realm", async () => {
    const cookie = await cookieOf("liga");
    const [arenaId] = await newsIds("arena");
    expect(await thrownStatus(() => article("liga", arenaId!, cookie))).toBe(404);
    expect(await thrownStatus(() => article("liga", 999_999, cookie))).toBe(404);
    expect(await thrownStatus(() => article("liga", "abc", cookie))).toBe(404);
  });
});
