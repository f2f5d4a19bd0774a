import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { axeViolations } from "./axe.ts";
import { createTokenIssuer } from "../../platform/auth/tokens.ts";
import { TEST_TOKEN_SECRET } from "../fixtures/secrets.ts";
import { unbuiltOpenRoutes } from "./built-routes.ts";
import { expect, test } from "./fixtures.ts";
import { passwordSession, signIn, signInWithPassword, useDemoDevice } from "./signed-in.ts";
import { platformCall, type Realm } from "./watching.ts";

/**
 * No link leads nowhere: from a realm's root, for each kind of viewer, every link of every page
 * reached within the realm (menu folders and the account menu opened, to depth 3) answers a
 * page, a redirect to one, or sign-in; never a 404 or a server error.
 */
const DEPTH = 3;

type Role = "signed out" | "guest" | "adult" | "child profile" | "admin";
/** The kinds of viewer each realm has: liga has no profiles, so no child profile. */
const ROLES: Record<Realm, Role[]> = {
  arena: ["signed out", "guest", "adult", "child profile", "admin"],
  liga: ["signed out", "guest", "adult", "admin"],
};

/** Puts the role's session into the browser context (and so into its request context). */
async function becomeRole(context: BrowserContext, baseURL: string, realm: Realm, role: Role) {
  switch (role) {
    case "signed out":
      return;
    case "guest": {
      const token = await createTokenIssuer(TEST_TOKEN_SECRET).issueAccess({
        sub: "guest-crawl",
        rlm: realm,
        rol: [],
        gue: true,
      });
      return signIn(context, baseURL, token);
    }
    case "adult":
      await signInWithPassword(context, baseURL, realm, `viewer@${realm}.test`);
      return;
    case "admin":
      await signInWithPassword(context, baseURL, realm, `admin@${realm}.test`);
      return;
    case "child profile": {
      const adult = await passwordSession(baseURL, realm, `viewer@${realm}.test`);
      const listed = await platformCall(baseURL, realm, "/v2/user/profiles", {
        token: adult.authorisationToken,
      });
      expect(listed.status).toBe(200);
      const { profiles } = (await listed.json()) as {
        profiles: { id: string; type: string }[];
      };
      const child = profiles.find((profile) => profile.type === "CHILD");
      expect(child, "the demo viewer has a child profile").toBeTruthy();
      const switched = await platformCall(baseURL, realm, `/v2/user/profiles/${child!.id}/switch`, {
        method: "POST",
        token: adult.authorisationToken,
        body: { refreshToken: adult.refreshToken },
      });
      expect(switched.status, await switched.clone().text()).toBe(200);
      const tokens = (await switched.json()) as {
        authorisationToken: string;
        refreshToken: string;
      };
      await signIn(context, baseURL, tokens.authorisationToken, tokens.refreshToken);
      // Its watch pages start playback on the account's one device, as the adult's do.
      return useDemoDevice(context, baseURL, `viewer@${realm}.test`);
    }
  }
}

/** Links of the menu's folders and the header's account menu, which open only on demand. */
async function onDemandLinks(page: Page): Promise<string[]> {
  const hrefs: string[] = [];
  const collect = async (selector: string) => {
    for (const href of await page
      .locator(selector)
      .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""))) {
      hrefs.push(href);
    }
  };
  const menu = page.getByRole("navigation", { name: "Main menu" });
  const folders = menu.locator("button[aria-expanded]");
  for (let i = 0; i < (await folders.count()); i++) {
    await folders.nth(i).click();
    await expect(folders.nth(i)).toHaveAttribute("aria-expanded", "true");
    await collect('nav[aria-label="Main menu"] a[href]');
    await page.keyboard.press("Escape");
  }
  const account = page.locator("button.header-account");
  if ((await account.count()) > 0) {
    await account.click();
    await expect(page.getByRole("menu")).toBeVisible();
    await collect('[role="menu"] a[href]');
    await page.keyboard.press("Escape");
  }
  return hrefs;
}

const ANCHOR = /<a\s[^>]*?href="([^"]*)"/g;
const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&quot;": '"',
  "&#x27;": "'",
  "&#39;": "'",
};

/** The same-origin links of a page, without their fragments. */
function linksOf(html: string, from: URL): URL[] {
  const found: URL[] = [];
  for (const [, raw] of html.matchAll(ANCHOR)) {
    const href = raw!.replace(/&(amp|quot|#x27|#39);/g, (entity) => ENTITIES[entity]!);
    if (!href || href.startsWith("#") || /^(mailto|tel|javascript):/i.test(href)) continue;
    const url = new URL(href, from);
    if (url.origin !== from.origin) continue;
    url.hash = "";
    found.push(url);
  }
  return found;
}

interface Broken {
  url: string;
  status: number;
  from: string;
}

/** Requests in flight at once: pages render while others wait on the store. */
const CONCURRENCY = 4;

/**
 * The page a URL stands for. Sign-in and sign-up are one page whatever they come back to, so
 * the hundreds of links a signed-out viewer is sent to sign-in from are fetched once. A page
 * whose links differ only in query values (the fighters list by letter, weight class and
 * carousel position: hundreds of states of one route, whose own spec walks them) is one page
 * per set of parameters.
 */
function pageKey(url: URL, realmBase: string): string {
  const route = url.pathname.slice(realmBase.length);
  if (route === "/login" || route === "/signup") return url.pathname;
  const names = [...new Set(url.searchParams.keys())].sort();
  return names.length > 0 ? `${url.pathname}?${names.join("&")}` : url.pathname;
}

/** Follows every link from `start` to `DEPTH`; answers what was visited and what broke. */
async function crawl(
  request: APIRequestContext,
  realmBase: string,
  start: URL[],
): Promise<{ visited: number; broken: Broken[] }> {
  const seen = new Set<string>();
  const broken: Broken[] = [];

  /** Fetches one link, following redirects within the realm; answers the links of its page. */
  async function visit(url: URL, from: string, wantLinks: boolean): Promise<URL[]> {
    let current = url;
    let previous = "";
    for (let hop = 0; hop < 5; hop++) {
      const key = pageKey(current, realmBase);
      if (!current.pathname.startsWith(realmBase)) return [];
      // A redirect to the same address (a session renewed, a guest checked in) is followed.
      if (seen.has(key) && key !== previous) return [];
      seen.add(key);
      const res = await request.get(current.pathname + current.search, {
        maxRedirects: 0,
        failOnStatusCode: false,
      });
      const status = res.status();
      if (status === 404 || status >= 500) {
        broken.push({ url: key, status, from });
        return [];
      }
      const location = res.headers()["location"];
      if (status >= 300 && status < 400 && location) {
        previous = key;
        current = new URL(location, current);
        current.hash = "";
        continue;
      }
      if (!wantLinks || !(res.headers()["content-type"] ?? "").includes("text/html")) return [];
      return linksOf(await res.text(), current);
    }
    return [];
  }

  let level = start.map((url) => ({ url, from: "(start)" }));
  for (let depth = 0; depth <= DEPTH && level.length > 0; depth++) {
    const next: { url: URL; from: string }[] = [];
    let index = 0;
    const worker = async () => {
      while (index < level.length) {
        const { url, from } = level[index++]!;
        const links = await visit(url, from, depth < DEPTH);
        for (const link of links) next.push({ url: link, from: url.pathname + url.search });
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    level = next.filter(({ url }) => !seen.has(pageKey(url, realmBase)));
  }
  return { visited: seen.size, broken };
}

for (const realm of ["arena", "liga"] as const) {
  test.describe(`${realm}: no link leads nowhere`, () => {
    // Hundreds of pages per viewer, each rendered by the server.
    test.slow();

    for (const role of ROLES[realm]) {
      test(`${role}: every link within the realm, to depth ${DEPTH}`, async ({
        page,
        context,
        baseURL,
      }) => {
        await becomeRole(context, baseURL!, realm, role);
        const realmBase = `/realm/${realm}`;
        await page.goto(realmBase);
        await page.locator("html[data-hydrated]").waitFor();
        const here = new URL(page.url());
        const start = [here, ...(await onDemandLinks(page)).map((href) => new URL(href, here))];
        const { visited, broken } = await crawl(context.request, realmBase, start);
        expect(broken).toEqual([]);
        // A crawl that reached a handful of pages proves nothing.
        expect(visited).toBeGreaterThan(role === "signed out" && realm === "arena" ? 3 : 20);
      });
    }
  });
}

test("a route whose page is not built answers the not-found page inside the realm's header and menu", async ({
  page,
}) => {
  const [unbuilt] = unbuiltOpenRoutes();
  test.skip(!unbuilt, "every route open to anyone is built");
  const response = await page.goto(`/realm/liga/${unbuilt!.path}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
