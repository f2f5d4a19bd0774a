import { spawnSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { SESSION_COOKIE } from "../../app/session/session.server.ts";
import { routeIsBuilt } from "./built-routes.ts";
import { expect, test } from "./fixtures.ts";
import { DEMO_KEYS } from "../fixtures/secrets.ts";
import { demoDeviceCookie, passwordSession, sessionCookieValue } from "./signed-in.ts";
import type { Realm } from "./watching.ts";

/**
 * Every page type of both realms, as served to a browser (streamed, deferred data included),
 * is valid HTML: the Nu HTML checker (vnu-jar, run once over all pages in one Java process)
 * reports no error.
 */
const VNU_JAR = fileURLToPath(
  new URL("../../node_modules/vnu-jar/build/dist/vnu.jar", import.meta.url),
);
const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** Pages of a realm by route, as the signed-in viewer sees them (the path under the base). */
const LISTS = [
  "/home",
  "/browse",
  "/news",
  "/fighters",
  "/schedule",
  "/upcoming",
  "/epg",
  "/popular",
  "/releases",
  "/my-list",
  "/history",
  "/search?q=a",
] as const;
/** Pages whose address holds an id: the first link to each found on the realm's pages. */
const DETAILS = [
  "vod",
  "live",
  "playlist",
  "series",
  "season",
  "news",
  "fighter",
  "section",
  "grid",
] as const;
/** Routes whose name differs from the first segment of their path. */
const ROUTE_OF: Record<string, string> = {
  "/my-list": "myList",
  news: "newsItem",
};

interface Fetched {
  name: string;
  url: string;
  status: number;
  html: string;
}

/**
 * A page as a browser gets it: redirects followed (a guest checked in, a session renewed), with
 * the cookies they set.
 */
async function get(baseURL: string, path: string, cookie?: string): Promise<Fetched> {
  const jar = new Map<string, string>();
  for (const part of (cookie ?? "").split("; ").filter(Boolean)) {
    jar.set(part.slice(0, part.indexOf("=")), part);
  }
  let url = new URL(path, baseURL);
  for (let hop = 0; hop < 5; hop++) {
    const res = await fetch(url, {
      headers: {
        "User-Agent": BROWSER_UA,
        Accept: "text/html",
        "Accept-Language": "en-US,en;q=0.9",
        Cookie: [...jar.values()].join("; "),
      },
      redirect: "manual",
    });
    for (const set of res.headers.getSetCookie()) {
      const pair = set.split(";")[0]!;
      jar.set(pair.slice(0, pair.indexOf("=")), pair);
    }
    const location = res.headers.get("Location");
    if (res.status >= 300 && res.status < 400 && location) {
      url = new URL(location, url);
      continue;
    }
    return { name: "", url: url.pathname + url.search, status: res.status, html: await res.text() };
  }
  throw new Error(`${path} redirects too often`);
}

/** The first realm link of each detail kind in the given pages. */
function detailLinks(base: string, pages: Fetched[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const page of pages) {
    for (const [, kind, rest] of page.html.matchAll(
      new RegExp(`href="${base}/(${DETAILS.join("|")})/([^"?#/]+)"`, "g"),
    )) {
      if (!found.has(kind!)) found.set(kind!, `${base}/${kind}/${rest}`);
    }
  }
  return found;
}

/** Every page type of a realm: signed out (landing, sign-in, sign-up) and as its demo viewer. */
async function pagesOf(baseURL: string, realm: Realm): Promise<Fetched[]> {
  const base = `/realm/${realm}`;
  const email = `viewer@${realm}.test`;
  const session = await passwordSession(baseURL, realm, email);
  // Watch pages start playback: as the demo viewer's one device, not a new one per page.
  const cookie = [
    `${SESSION_COOKIE}=${await sessionCookieValue(session.authorisationToken, session.refreshToken)}`,
    `device_id=${await demoDeviceCookie(email)}`,
  ].join("; ");
  const pages: Fetched[] = [];
  const add = async (name: string, path: string, withSession: boolean) => {
    const page = await get(baseURL, path, withSession ? cookie : undefined);
    pages.push({ ...page, name: `${realm}-${name}` });
  };
  await add("landing", base, false);
  await add("login", `${base}/login`, false);
  await add("signup", `${base}/signup`, false);
  await add("not-found", `${base}/no-such-page`, false);
  await add("request-password", `${base}/login/request-password`, false);
  await add("tv-login", `${base}/tv`, false);
  await add("landing-signed-in", base, true);
  for (const path of LISTS) {
    const route = ROUTE_OF[path] ?? path.slice(1).split("?")[0]!;
    if (routeIsBuilt(route)) await add(route, `${base}${path}`, true);
  }
  if (realm === "arena") {
    // No menu or rail of the demo links to a series: its page is reached by its id.
    const res = await fetch(new URL("/api/v2/series/by-key/fight-camp", baseURL), {
      headers: { Realm: realm, "X-Api-Key": DEMO_KEYS[realm], App: "e2e-tests" },
    });
    expect(res.status, "the demo series").toBe(200);
    await add("series-detail", `${base}/series/${((await res.json()) as { id: number }).id}`, true);
  }
  // The administration pages, as the realm's admin.
  const admin = await passwordSession(baseURL, realm, `admin@${realm}.test`);
  const adminCookie = `${SESSION_COOKIE}=${await sessionCookieValue(admin.authorisationToken, admin.refreshToken)}`;
  for (const [route, path] of [
    ["adminUsers", "/admin/users"],
    ["adminOutbox", "/admin/outbox"],
    ["liveEvents", "/live-events"],
  ] as const) {
    if (routeIsBuilt(route)) {
      pages.push({
        ...(await get(baseURL, `${base}${path}`, adminCookie)),
        name: `${realm}-${route}`,
      });
    }
  }
  // Detail pages link to further ones (a section to a series, a series to its seasons).
  const added = new Set<string>(realm === "arena" ? ["series"] : []);
  for (let round = 0; round < 3; round++) {
    const found = [...detailLinks(base, pages)].filter(([kind]) => !added.has(kind));
    for (const [kind, path] of found) {
      added.add(kind);
      if (routeIsBuilt(ROUTE_OF[kind] ?? kind)) await add(`${kind}-detail`, path, true);
    }
  }
  return pages;
}

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  message: string;
  lastLine?: number;
  extract?: string;
}

/** Runs the Nu HTML checker over the files; answers its errors. */
function checkHtml(files: string[]): VnuMessage[] {
  const java = spawnSync("java", ["-version"], { encoding: "utf8" });
  if (java.error || java.status !== 0) {
    throw new Error(
      "The HTML check needs Java (11 or later) to run the Nu HTML checker (vnu-jar): " +
        `install a Java runtime and put \`java\` on the PATH (${java.error?.message ?? java.stderr})`,
    );
  }
  const run = spawnSync(
    "java",
    ["-Xss2m", "-jar", VNU_JAR, "--errors-only", "--format", "json", ...files],
    { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  if (run.error) throw run.error;
  const report = JSON.parse(run.stderr || run.stdout) as { messages: VnuMessage[] };
  return report.messages.filter((m) => m.type === "error" || m.subType === "fatal");
}

test("every page type of both realms is valid HTML (Nu HTML checker)", async ({ baseURL }) => {
  test.setTimeout(90_000);
  const pages = [
    { ...(await get(baseURL!, "/")), name: "realm-directory" },
    { ...(await get(baseURL!, "/disconnected")), name: "disconnected" },
    ...(await pagesOf(baseURL!, "arena")),
    ...(await pagesOf(baseURL!, "liga")),
  ];
  // Every page type was reached, on one realm at least.
  const names = new Set(pages.map((page) => page.name.replace(/^(arena|liga)-/, "")));
  for (const kind of DETAILS) {
    if (routeIsBuilt(ROUTE_OF[kind] ?? kind))
      expect(names, `a ${kind} page`).toContain(`${kind}-detail`);
  }
  for (const page of pages) {
    expect(page.html, `${page.url} (${page.status}) is an HTML document`).toMatch(
      /^<!DOCTYPE html>/i,
    );
  }

  const dir = await mkdtemp(join(tmpdir(), "valid-html-"));
  try {
    const files = await Promise.all(
      pages.map(async (page) => {
        const file = join(dir, `${page.name}.html`);
        await writeFile(file, page.html);
        return file;
      }),
    );
    const errors = checkHtml(files).map((m) => {
      const file = (m.url ?? "")
        .split("/")
        .pop()!
        .replace(/\.html$/, "");
      const url = pages.find((page) => page.name === file)?.url ?? file;
      return `${url}:${m.lastLine ?? "?"}: ${m.message}${m.extract ? ` [${m.extract.trim()}]` : ""}`;
    });
    expect(errors, `checked ${pages.length} pages`).toEqual([]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
