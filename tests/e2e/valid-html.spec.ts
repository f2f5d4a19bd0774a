import { spawnSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { SESSION_COOKIE } from "../../app/session/session.server.ts";
import { routeIsBuilt } from "./built-routes.ts";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { hydrated } from "./keyboard.ts";
import { DEMO_KEYS } from "../fixtures/secrets.ts";
import {
  demoDeviceCookie,
  passwordSession,
  sessionCookieValue,
  signInWithPassword,
} from "./signed-in.ts";
import { platformCall, viewerAddress, type Realm } from "./watching.ts";

/** A new liga account, signed up as the sign-up page does, that has agreed to nothing yet. */
async function freshSignUp(baseURL: string) {
  const res = await platformCall(baseURL, "liga", "/v2/user/pbr", {
    method: "POST",
    body: {
      email: `html-${crypto.randomUUID().slice(0, 8)}@liga.test`,
      secret: "watch-pass-1",
      taxNumber: "123.456.789-09",
      country: "BR",
    },
    from: viewerAddress(),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { authorisationToken: string; refreshToken: string };
}

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
  await add("purchase", `${base}/purchase`, true);
  await add("purchase-signed-out", `${base}/purchase`, false);
  if (realm === "liga") {
    // Gifting is liga's: buying one, and a code checked (an unknown one answers its message).
    await add("gifts", `${base}/gifts`, true);
    await add("gift-redeem", `${base}/gifts/redeem?code=NO-SUCH-CODE`, true);
  }
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
  // Pages reached by a link in an e-mail, with a token that is no longer good.
  await add("reset-password", `${base}/login/reset-password?token=spent`, false);
  await add("pin-reset", `${base}/pin-reset/confirm?token=spent`, true);
  await add("logout", `${base}/logout`, true);
  // The consent prompt, over the page of a new liga account that has agreed to nothing yet.
  if (realm === "liga") {
    const fresh = await freshSignUp(baseURL);
    const freshCookie = `${SESSION_COOKIE}=${await sessionCookieValue(fresh.authorisationToken, fresh.refreshToken)}`;
    const consent = await get(baseURL, `${base}/home`, freshCookie);
    expect(consent.html, "the consent prompt").toContain("consent-dialog");
    pages.push({ ...consent, name: `${realm}-consent-prompt` });
  }
  // The missing-information form, over the page of an account that has agreed to the terms but
  // not given the details the realm requires (liga's tax number, arena's full name).
  const newcomer = await passwordSession(baseURL, realm, `newcomer@${realm}.test`);
  const newcomerCookie = `${SESSION_COOKIE}=${await sessionCookieValue(newcomer.authorisationToken, newcomer.refreshToken)}`;
  const details = await get(baseURL, `${base}/home`, newcomerCookie);
  expect(details.html, "the missing-information form").toContain("missing-information-dialog");
  pages.push({ ...details, name: `${realm}-missing-information` });
  if (realm === "arena") {
    // A playlist shown as its interstitial page (arena enables it).
    const res = await fetch(new URL("/api/v2/playlist/by-key/road-to-afc-212", baseURL), {
      headers: { Realm: realm, "X-Api-Key": DEMO_KEYS[realm], App: "e2e-tests" },
    });
    expect(res.status, "the demo playlist").toBe(200);
    const id = ((await res.json()) as { id: number }).id;
    await add("interstitial", `${base}/interstitial/${id}`, true);
  }
  // The administration pages, as the realm's admin.
  const admin = await passwordSession(baseURL, realm, `admin@${realm}.test`);
  const adminCookie = `${SESSION_COOKIE}=${await sessionCookieValue(admin.authorisationToken, admin.refreshToken)}`;
  for (const [route, path] of [
    ["adminUsers", "/admin/users"],
    ["adminOutbox", "/admin/outbox"],
    ["adminOrders", "/admin/orders"],
    ["adminErrors", "/admin/errors"],
    ["adminAnalytics", "/admin/analytics"],
    ["liveEvents", "/live-events"],
    ["preview", "/preview/page/home"],
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

/** Writes the pages to files, runs the checker once over them, and expects no error. */
async function expectValid(pages: Fetched[]) {
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
  await expectValid(pages);
});

/**
 * The document as the browser holds it now (what script drew included). A modal dialog hides
 * the page behind it from assistive technology by marking every other element `aria-hidden`
 * (radix, through the aria-hidden package, with `data-aria-hidden`); on a `<link>` (Remix's
 * module preloads, there until hydration ends) that mark is meaningless and not valid HTML,
 * and it is the library's, not our markup: those marks are taken off before the check.
 */
async function drawn(page: Page, name: string): Promise<Fetched> {
  await page.evaluate(() => {
    for (const link of document.querySelectorAll("link[data-aria-hidden]")) {
      link.removeAttribute("data-aria-hidden");
      link.removeAttribute("aria-hidden");
    }
  });
  const html = await page.content();
  return { name, url: `${new URL(page.url()).pathname} (${name})`, status: 200, html };
}

test("a dialog drawn in the browser is valid HTML too: the profile picker", async ({
  page,
  context,
  baseURL,
}) => {
  // Arena's picker is drawn only by script (it opens on #profiles): check the live document.
  await signInWithPassword(context, baseURL!, "arena", "viewer@arena.test");
  await page.goto("/realm/arena/home#profiles");
  await hydrated(page);
  const picker = page.getByRole("dialog", { name: "Who's watching?" });
  await expect(picker).toBeVisible();
  const snapshot = await drawn(page, "arena-profile-picker");
  expect(snapshot.html).toMatch(/role="dialog"[^>]*>[^]*Who.s watching\?/);
  await expectValid([snapshot]);
});
