import { describe, expect, it } from "vitest";
import { createTokenIssuer } from "../../platform/auth/tokens.ts";
import { useSeededPlatform } from "../fixtures/platform.ts";
import { viewerToken } from "../fixtures/viewers.ts";

const platform = useSeededPlatform();

type Realm = "arena" | "liga";
const as = (token: string | undefined) => (token ? { Authorization: `Bearer ${token}` } : {});

async function call(
  realm: Realm,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  extra: Record<string, string> = {},
) {
  const res = await platform.api.call(realm, `/api/v2${path}`, {
    method,
    headers: { ...as(token), ...extra },
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

const admin = (realm: Realm = "arena") => viewerToken(platform.store, realm, "ADMIN");

function page(title: string, extra: object = {}) {
  return {
    key: "browse",
    title,
    layout: "default",
    zones: {
      main: [
        {
          id: "latest",
          type: "rail",
          title: "Latest",
          source: { kind: "videos" },
          itemsPerPage: 12,
        },
      ],
    },
    ...extra,
  };
}

describe("admin drafts", () => {
  it("refuses callers without the admin role of the realm: 401 anonymous, 403 otherwise", async () => {
    const customer = await viewerToken(platform.store, "arena", "CUSTOMER");
    const ligaAdmin = await admin("liga");
    for (const [method, path] of [
      ["GET", "/admin/drafts/page/browse"],
      ["PUT", "/admin/drafts/page/browse"],
      ["POST", "/admin/publish/page/browse"],
      ["GET", "/admin/versions/page/browse"],
      ["POST", "/admin/restore-draft/page/1/browse"],
      ["GET", "/admin/audit"],
      ["POST", "/admin/validate"],
    ] as const) {
      const body =
        method === "GET" ? undefined : path.includes("/publish/") ? { note: "Nope" } : page("Nope");
      expect((await call("arena", method, path, undefined, body)).status, path).toBe(401);
      const forbidden = await call("arena", method, path, customer.token, body);
      expect(forbidden.status, path).toBe(403);
      expect(forbidden.body.code).toBe("FORBIDDEN");
      // An admin of another realm is not an admin here.
      expect((await call("arena", method, path, ligaAdmin.token, body)).status, path).toBe(401);
    }
    const forged = await createTokenIssuer("another-secret-0123456789abcdef012345").issueAccess({
      sub: String(customer.userId),
      rlm: "arena",
      rol: ["ADMIN"],
      gue: false,
    });
    const refused = await call("arena", "GET", "/admin/drafts/page/browse", forged);
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe("INVALID_TOKEN");
    const expired = await createTokenIssuer("test-token-secret-0123456789abcdef0123").issueAccess(
      { sub: "1", rlm: "arena", rol: ["ADMIN"], gue: false },
      -10,
    );
    expect((await call("arena", "GET", "/admin/drafts/page/browse", expired)).body.code).toBe(
      "TOKEN_EXPIRED",
    );
  });

  it("saves a valid draft, refuses an invalid one with 422 and keeps the previous draft", async () => {
    const { token, userId } = await admin();
    const saved = await call("arena", "PUT", "/admin/drafts/page/browse", token, page("Draft one"));
    expect(saved.status).toBe(200);
    expect(saved.body.draft).toMatchObject({ document: { title: "Draft one" }, updatedBy: userId });
    expect(saved.body.draft.baseVersion).toBe(1);

    const broken = page("Draft two");
    (broken.zones.main[0] as Record<string, unknown>).itemsPerPage = 500;
    const refused = await call("arena", "PUT", "/admin/drafts/page/browse", token, broken);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe("INVALID_CONFIG");
    expect(refused.body.details.issues).toEqual([
      expect.objectContaining({
        // Placed in the body sent, as `npm run validate` places it in a file.
        line: 1,
        column: JSON.stringify(broken).indexOf(":500") + 2,
        pointer: "/zones/main/0/itemsPerPage",
        blockId: "latest",
        blockType: "rail",
        message: expect.stringMatching(/^zones\/main\/0 \(rail 'latest'\): .*50/),
      }),
    ]);

    const malformed = await call(
      "arena",
      "PUT",
      "/admin/drafts/page/browse",
      token,
      '{\n  "key": "browse",\n  "title": nope\n}',
    );
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe("MALFORMED_JSON");
    // Where the JSON breaks, placed as `npm run validate` places it.
    expect(malformed.body.details.issues).toEqual([
      expect.objectContaining({
        line: 3,
        column: 12,
        message: expect.stringMatching(/^invalid JSON/),
      }),
    ]);

    const renamed = await call(
      "arena",
      "PUT",
      "/admin/drafts/page/browse",
      token,
      page("Renamed", { key: "home" }),
    );
    expect(renamed.status).toBe(422);
    expect(renamed.body.details.issues[0].pointer).toBe("/key");

    const kept = await call("arena", "GET", "/admin/drafts/page/browse", token);
    expect(kept.status).toBe(200);
    expect(kept.body.draft.document.title).toBe("Draft one");
    expect(kept.body.published.version).toBe(1);
    expect(kept.body.issues).toEqual([]);
    // The live page is untouched by drafts.
    const live = await call("arena", "GET", "/page/browse");
    expect(live.body.document.title).not.toBe("Draft one");
  });

  it("publishes a draft as a new version, keeps the old ones and restores one", async () => {
    const { token, userId } = await admin();
    const before = (await call("arena", "GET", "/page/all-videos")).body;
    const draft = { ...before.document, title: "Every video, newest first" };
    expect((await call("arena", "PUT", "/admin/drafts/page/all-videos", token, draft)).status).toBe(
      200,
    );
    // A publish says why: no note, or one of spaces only, is refused and leaves the draft.
    for (const body of [undefined, {}, { note: "   " }, { note: "x".repeat(501) }]) {
      const refused = await call("arena", "POST", "/admin/publish/page/all-videos", token, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    const published = await call("arena", "POST", "/admin/publish/page/all-videos", token, {
      note: "  Clearer title  ",
    });
    expect(published.status).toBe(201);
    expect(published.body.version).toBe(before.version + 1);
    expect((await call("arena", "GET", "/page/all-videos")).body.document.title).toBe(
      "Every video, newest first",
    );
    // The draft became the version: there is none left to publish.
    const again = await call("arena", "POST", "/admin/publish/page/all-videos", token, {
      note: "Again",
    });
    expect(again.status).toBe(404);

    const versions = await call("arena", "GET", "/admin/versions/page/all-videos", token);
    expect(versions.body.versions.map((v: { version: number }) => v.version)).toEqual([
      before.version + 1,
      before.version,
    ]);
    expect(versions.body.versions[0]).toMatchObject({
      publishedBy: userId,
      restoredFrom: null,
      note: "Clearer title",
      by: expect.stringContaining("@"),
    });

    const old = await call(
      "arena",
      "GET",
      `/admin/version/page/${before.version}/all-videos`,
      token,
    );
    expect(old.body.document.title).toBe(before.document.title);

    const restored = await call(
      "arena",
      "POST",
      `/admin/restore/page/${before.version}/all-videos`,
      token,
    );
    expect(restored.status).toBe(201);
    expect(restored.body).toMatchObject({
      version: before.version + 2,
      restoredFrom: before.version,
    });
    const live = await call("arena", "GET", "/page/all-videos");
    expect(live.body.document.title).toBe(before.document.title);
    expect(live.body.version).toBe(before.version + 2);
  });

  it("restores an earlier version into the draft, publishes it as a restore and logs both", async () => {
    const { token } = await admin();
    const before = (await call("arena", "GET", "/page/all-videos")).body;
    const edited = { ...before.document, title: "Edited for the log" };
    await call("arena", "PUT", "/admin/drafts/page/all-videos", token, edited);
    const first = await call("arena", "POST", "/admin/publish/page/all-videos", token, {
      note: "Try a new title",
    });
    expect(first.status).toBe(201);

    // Only over the draft revision named: a stale editor gets the conflict, not an overwrite.
    const stale = await call(
      "arena",
      "POST",
      `/admin/restore-draft/page/${before.version}/all-videos`,
      token,
      undefined,
      { "If-Match": '"7"' },
    );
    expect(stale.status).toBe(412);
    expect(
      (await call("arena", "POST", "/admin/restore-draft/page/999/all-videos", token)).status,
    ).toBe(404);
    const restored = await call(
      "arena",
      "POST",
      `/admin/restore-draft/page/${before.version}/all-videos`,
      token,
      undefined,
      { "If-Match": '"0"' },
    );
    expect(restored.status).toBe(200);
    expect(restored.body.draft).toMatchObject({ restoredFrom: before.version });
    expect(restored.body.draft.document.title).toBe(before.document.title);
    // Nothing went live yet.
    expect((await call("arena", "GET", "/page/all-videos")).body.document.title).toBe(
      "Edited for the log",
    );
    // An edit of the restored draft is still a restore of that version.
    const tweak = { ...restored.body.draft.document, title: `${before.document.title} ` };
    const saved = await call("arena", "PUT", "/admin/drafts/page/all-videos", token, tweak, {
      "If-Match": restored.headers.get("ETag")!,
    });
    expect(saved.status).toBe(200);
    const back = await call("arena", "POST", "/admin/publish/page/all-videos", token, {
      note: "Back to the old title",
    });
    expect(back.body.version).toBe(first.body.version + 1);

    const audit = await call("arena", "GET", "/admin/audit", token);
    expect(audit.status).toBe(200);
    expect(audit.headers.get("Cache-Control")).toContain("no-store");
    const ours = audit.body.entries.filter(
      (e: { target: string; key: string }) => e.target === "page" && e.key === "all-videos",
    );
    expect(ours.slice(0, 2)).toMatchObject([
      {
        action: "restore",
        version: first.body.version + 1,
        restoredFrom: before.version,
        note: "Back to the old title",
        by: expect.stringContaining("@"),
      },
      { action: "publish", version: first.body.version, note: "Try a new title" },
    ]);
    expect(audit.body.page).toBe(1);
    expect(audit.body.totalPages).toBeGreaterThanOrEqual(1);
    // The other realm's log holds none of arena's entries.
    const liga = await call("liga", "GET", "/admin/audit", (await admin("liga")).token);
    expect(
      liga.body.entries.some((e: { note: string | null }) => e.note === "Try a new title"),
    ).toBe(false);
    expect((await call("arena", "GET", "/admin/audit?page=0", token)).status).toBe(400);
  });

  it("addresses every kind the preview routes name, each with its own keys", async () => {
    const { token } = await admin("liga");
    const get = (path: string) => call("liga", "GET", `/admin/drafts/${path}`, token);
    expect((await get("page/home")).body.published.document.key).toBe("home");
    expect((await get("composed-page/series")).body.published.document.key).toBe("series");
    expect((await get("plugin/standings")).body.published.document.key).toBe("plugin-standings");
    expect((await get("section/schedule")).body.published.document.name).toBe("schedule");
    expect((await get("navbar/WEB")).body.published.document.items.length).toBeGreaterThan(0);
    expect((await get("cancellation-promo")).body.published.document.cta).toBeTruthy();
    // Not published yet, no draft: not found, with the name it was asked by.
    expect((await get("not-found-page")).status).toBe(404);

    // One name per document: the series template is a composed page, not a page.
    const wrongName = await get("page/series");
    expect(wrongName.status).toBe(400);
    expect(wrongName.body.messages[0]).toMatch(/composed-page/);
    expect((await get("composed-page/home")).status).toBe(400);
    expect((await get("navbar/TV")).status).toBe(400);
    expect((await get("widget/home")).status).toBe(404);

    const notFound = {
      key: "not-found",
      title: "Lost in the stands",
      layout: "default",
      zones: {
        main: [{ id: "latest", type: "rail", title: "Watch instead", source: { kind: "videos" } }],
      },
    };
    const saved = await call("liga", "PUT", "/admin/drafts/not-found-page", token, notFound);
    expect(saved.status).toBe(200);
    const promo = await call("liga", "PUT", "/admin/drafts/cancellation-promo", token, {
      title: "Fique",
      cta: "Manter",
      link: { contentLink: { key: "x", type: "SHOW" } },
    });
    expect(promo.status).toBe(422);
    expect(promo.body.details.issues[0].pointer).toMatch(/^\/link/);
  });

  it("validates a config document like the CLI, with line and column in the body sent", async () => {
    const { token } = await admin();
    const source = `{\n  "key": "home",\n  "title": "Home",\n  "layout": "default",\n  "zones": { "main": [\n    { "id": "r", "type": "rail", "title": "R", "source": { "kind": "videos" }, "itemsPerPage": 99 }\n  ] }\n}\n`;
    const report = await call(
      "arena",
      "POST",
      "/admin/validate?path=pages/home.json",
      token,
      source,
    );
    expect(report.status).toBe(200);
    expect(report.body).toMatchObject({ valid: false, schema: "page" });
    expect(report.body.issues).toEqual([
      expect.objectContaining({
        line: 6,
        column: 96,
        pointer: "/zones/main/0/itemsPerPage",
        blockId: "r",
        blockType: "rail",
      }),
    ]);
    const ok = await call("arena", "POST", "/admin/validate", token, {
      $schema: "https://schemas.streaming.local/section.schema.json",
      name: "x1",
      title: "X",
      layout: "default",
      zones: {},
    });
    expect(ok.body).toEqual({ valid: true, schema: "section", issues: [] });
    const unknown = await call("arena", "POST", "/admin/validate", token, { hello: 1 });
    expect(unknown.body.valid).toBe(false);
    expect(unknown.body.issues[0].message).toMatch(/cannot tell what kind of config/);
    const huge = await call(
      "arena",
      "POST",
      "/admin/validate",
      token,
      `"${"x".repeat(1_100_000)}"`,
    );
    expect(huge.status).toBe(413);
    const text = await call("arena", "POST", "/admin/validate", token, "{}", {
      "Content-Type": "text/plain",
    });
    expect(text.status).toBe(415);
  });
});

describe("the realm's documents and concurrent drafts", () => {
  it("lists every document with its live version and the draft ahead of it, for admins only", async () => {
    const customer = await viewerToken(platform.store, "arena", "CUSTOMER");
    expect((await call("arena", "GET", "/admin/documents", customer.token)).status).toBe(403);
    expect((await call("arena", "GET", "/admin/documents")).status).toBe(401);

    const email = `lister-${crypto.randomUUID().slice(0, 8)}@arena.test`;
    const { token } = await viewerToken(platform.store, "arena", "ADMIN", { email });
    // A section's draft that was never published is listed too.
    const section = { name: "draft-only", title: "Draft only", layout: "default", zones: {} };
    expect(
      (await call("arena", "PUT", "/admin/drafts/section/draft-only", token, section)).status,
    ).toBe(200);
    const before = await call("arena", "GET", "/admin/documents", token);
    expect(before.status).toBe(200);
    expect(before.headers.get("Cache-Control")).toBe("no-store");
    const docs = before.body.documents as {
      target: string;
      key: string | null;
      published: { version: number; publishedBy: string | null } | null;
      draft: { updatedBy: string | null; baseVersion: number | null } | null;
    }[];
    const find = (target: string, key: string | null) =>
      docs.find((d) => d.target === target && d.key === key);
    expect(find("page", "home")?.published).toMatchObject({ version: expect.any(Number) });
    expect(find("navbar", "WEB")?.published).not.toBeNull();
    expect(find("not-found-page", null)?.published).not.toBeNull();
    expect(find("cancellation-promo", null)).toBeDefined();
    expect(find("section", "draft-only")).toMatchObject({
      published: null,
      draft: { updatedBy: email, baseVersion: null },
    });
    // Only arena's: liga's documents stay with liga.
    const liga = await call("liga", "GET", "/admin/documents", (await admin("liga")).token);
    expect(liga.body.documents.some((d: { key: string }) => d.key === "draft-only")).toBe(false);
  });

  it("refuses a save over someone else's newer draft with 412 and both can be merged", async () => {
    const { token } = await admin();
    const path = "/admin/drafts/page/browse";
    await call("arena", "DELETE", path, token);
    const read = await call("arena", "GET", path, token);
    expect(read.headers.get("ETag")).toBe('"0"');

    const first = await call("arena", "PUT", path, token, page("Editor one"), {
      "If-Match": '"0"',
    });
    expect(first.status).toBe(200);
    expect(first.headers.get("ETag")).toBe('"1"');
    // The second editor read the same "no draft" state: their save is refused, nothing lost.
    const second = await call("arena", "PUT", path, token, page("Editor two"), {
      "If-Match": '"0"',
    });
    expect(second.status).toBe(412);
    expect(second.body.code).toBe("DRAFT_CONFLICT");
    expect(second.body.details.draft).toMatchObject({
      revision: 1,
      document: { title: "Editor one" },
    });
    expect(second.headers.get("ETag")).toBe('"1"');
    // Having merged, they save over the revision they now know.
    const merged = await call("arena", "PUT", path, token, page("Merged"), { "If-Match": '"1"' });
    expect(merged.status).toBe(200);
    expect(merged.body.draft).toMatchObject({ revision: 2, document: { title: "Merged" } });
    // A stale or unreadable tag matches nothing.
    for (const tag of ['"1"', "*", "garbage"]) {
      const stale = await call("arena", "PUT", path, token, page("Stale"), { "If-Match": tag });
      expect(stale.status, tag).toBe(412);
    }
    const now = await call("arena", "GET", path, token);
    expect(now.body.draft.document.title).toBe("Merged");
    expect(now.headers.get("ETag")).toBe('"2"');
    // Without If-Match a save is unconditional, as it always was.
    expect((await call("arena", "PUT", path, token, page("Forced"))).status).toBe(200);
    await call("arena", "DELETE", path, token);
  });
});
