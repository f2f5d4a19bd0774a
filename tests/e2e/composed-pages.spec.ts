import { and, desc, eq } from "drizzle-orm";
import * as t from "../../platform/store/schema.ts";
import { openStore } from "../../platform/store/store.ts";
import { expect, test } from "./fixtures.ts";
import { freshDataDir, removeDir, ServerProcess } from "./server-process.ts";
import { sessionCookieValue, signInAs, tokenFor } from "./signed-in.ts";

test.describe("composed pages", () => {
  // Arena shows its content to signed-in customers only (no full guest access).
  test.beforeEach(({ context, baseURL }) => signInAs(context, baseURL!, "arena", "CUSTOMER"));

  test("arena's home is its composed page: hero, rails, sponsor and promo", async ({ page }) => {
    const response = await page.goto("/realm/arena");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Arena Fight Pass");
    for (const title of [
      "Live now",
      "Coming up",
      "Latest replays",
      "Best knockouts of the year",
      "News",
    ]) {
      await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
    }
    const sponsor = page.getByRole("link", { name: "Titan Energy" });
    await expect(sponsor).toHaveAttribute("target", "_blank");
    await expect(sponsor).toHaveAttribute("href", "https://titan-energy.example.com");
    await expect(sponsor.getByRole("img")).toHaveAttribute("src", /w=600/);
    await expect(page.getByRole("link", { name: "Watch AFC 212" })).toHaveAttribute(
      "href",
      /\/realm\/arena\/live\/\d+$/,
    );
    await expect(page.getByRole("link", { name: "See all" }).first()).toHaveAttribute(
      "href",
      "/realm/arena/grid/all-events",
    );
  });

  test("a signed-in viewer's page keeps its server HTML: its blocks hydrate, never render again", async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto("/realm/arena/home", { waitUntil: "domcontentloaded" });
    const card = page.locator(".block-rail a.card").first();
    // Ids from the server's render start with ":R"; a block rendered again in the browser
    // (an update reached it before it hydrated, React's #421) gets new ones.
    const served = await card.getAttribute("aria-labelledby");
    expect(served).toMatch(/^:R/);
    await page.locator("html[data-hydrated]").waitFor();
    // The page's list memberships arrive after hydration, as a transition.
    await expect(card.locator("xpath=..").locator(".list-toggle")).toBeEnabled();
    await page.waitForLoadState("networkidle");
    expect(await card.getAttribute("aria-labelledby")).toBe(served);
    expect(errors).toEqual([]);
  });

  test("anonymous pages may be shared-cached briefly; requests with cookies never", async ({
    playwright,
    baseURL,
  }) => {
    const request = await playwright.request.newContext({ baseURL });
    const anonymous = await request.get("/realm/arena");
    expect(anonymous.headers()["cache-control"]).toBe(
      "public, max-age=0, s-maxage=30, stale-while-revalidate=60",
    );
    expect(anonymous.headers()["vary"]).toBe(
      "Accept-Language, Cookie, User-Agent, Accept-Encoding",
    );
    // An Android browser's page has the app banner of the realm: never shared.
    const android = await request.get("/realm/liga", {
      headers: { "User-Agent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/124.0 Mobile" },
    });
    expect(android.headers()["cache-control"]).toBe("private, no-cache");
    const withCookie = await request.get("/realm/arena", { headers: { Cookie: "session=x" } });
    expect(withCookie.headers()["cache-control"]).toBe("private, no-cache");
    const withCredentials = await request.get("/realm/arena", {
      headers: { Authorization: "Bearer x" },
    });
    expect(withCredentials.headers()["cache-control"]).toBe("private, no-cache");
    expect(withCredentials.headers()["x-page-cache"]).toBe("bypass");
    // A guest of liga (checked in on the first visit) holds a session cookie from then on:
    // whatever carries a session is never stored.
    const guest = await request.get("/realm/liga/browse");
    expect(guest.status()).toBe(200);
    expect(guest.headers()["cache-control"]).toBe("private, no-store");
    const missing = await request.get("/realm/liga/grid/no-such-page");
    expect(missing.status()).toBe(404);
    expect(missing.headers()["cache-control"] ?? "no-store").not.toMatch(/public/);
    await request.dispose();
  });

  test("checked-in guests of a realm share one render of a page; signed-in viewers never", async ({
    playwright,
    baseURL,
  }) => {
    // Each guest checks in on a first visit of their own and holds their own session cookie.
    const request = await playwright.request.newContext({ baseURL });
    const sessions = await Promise.all(
      [1, 2].map(async () => {
        const visit = await request.get("/realm/liga/browse", { headers: { Cookie: "" } });
        const cookie = visit
          .headersArray()
          .find((h) => h.name.toLowerCase() === "set-cookie" && h.value.startsWith("__session="));
        return cookie!.value.split(";")[0]!;
      }),
    );
    expect(sessions[0]).not.toBe(sessions[1]);
    const url = "/realm/liga/home?probe=shared-by-guests";
    const asGuest = (i: number, more = "") =>
      request.get(url, { headers: { Cookie: `${sessions[i]}${more}` } });
    const first = await asGuest(0);
    const second = await asGuest(1);
    expect([first.headers()["x-page-cache"], second.headers()["x-page-cache"]]).toEqual([
      "miss",
      "hit",
    ]);
    for (const answer of [first, second]) {
      // Shared inside the server only: to the browser it is an answer carrying a session.
      expect(answer.headers()["cache-control"]).toBe("private, no-store");
      expect(answer.headers()["set-cookie"]).toBeUndefined();
    }
    // The same page, each with the nonce its own Content-Security-Policy names.
    const [firstHtml, secondHtml] = [await first.text(), await second.text()];
    const withoutNonces = (html: string) => html.replace(/ nonce="[^"]*"/g, "");
    expect(withoutNonces(secondHtml)).toBe(withoutNonces(firstHtml));
    const nonceOf = (answer: typeof first) =>
      /'nonce-([^']+)'/.exec(answer.headers()["content-security-policy"]!)![1]!;
    expect(secondHtml).toContain(`nonce="${nonceOf(second)}"`);
    expect(secondHtml).not.toContain(nonceOf(first));

    // Another cookie beside the session (a language chosen, say) is another page.
    expect((await asGuest(1, "; language=en")).headers()["x-page-cache"]).toBe("miss");

    // A signed-in customer's page is theirs alone, however many guests saw this one.
    const signedIn = await request.get(url, {
      headers: {
        Cookie: `__session=${await sessionCookieValue(await tokenFor("liga", "CUSTOMER"))}`,
      },
    });
    expect(signedIn.status()).toBe(200);
    expect(signedIn.headers()["x-page-cache"]).toBe("bypass");
    expect(signedIn.headers()["cache-control"]).toBe("private, no-store");
    await request.dispose();
  });

  test("the server answers repeat anonymous page requests from its page cache", async ({
    request,
  }) => {
    // A query of its own, so no earlier test has filled the entry.
    const url = "/realm/arena?probe=page-cache";
    const english = { "Accept-Language": "en" };
    const first = await request.get(url, { headers: english });
    expect(first.headers()["x-page-cache"]).toBe("miss");
    const second = await request.get(url, { headers: english });
    expect(second.headers()["x-page-cache"]).toBe("hit");
    expect(second.headers()["age"]).toMatch(/^\d+$/);
    expect(second.headers()["x-request-id"]).not.toBe(first.headers()["x-request-id"]);
    // The same page, each answer with its own script nonce (docs/decisions/012-csp-nonces.md).
    const withoutNonces = (html: string) => html.replace(/ nonce="[^"]*"/g, "");
    const [firstHtml, secondHtml] = [await first.text(), await second.text()];
    expect(withoutNonces(secondHtml)).toBe(withoutNonces(firstHtml));
    expect(secondHtml).not.toBe(firstHtml);
    // Another language is another entry.
    const spanish = await request.get(url, { headers: { "Accept-Language": "es" } });
    expect(spanish.headers()["x-page-cache"]).toBe("miss");

    // A request with cookies is rendered for itself and never stored.
    const signedIn = await request.get(url, { headers: { ...english, Cookie: "session=x" } });
    expect(signedIn.headers()["x-page-cache"]).toBe("bypass");
    expect(signedIn.headers()["cache-control"]).toBe("private, no-cache");
    const afterCookie = await request.get(url, { headers: english });
    expect(afterCookie.headers()["x-page-cache"]).toBe("hit");
    expect(afterCookie.headers()["cache-control"]).toMatch(/^public/);

    // Errors are rendered every time.
    for (let i = 0; i < 2; i++) {
      const missing = await request.get("/realm/arena/no-such-page?probe=page-cache");
      expect(missing.status()).toBe(404);
      expect(missing.headers()["x-page-cache"]).toBe("miss");
    }
  });

  test("rails move focus between cards with the arrow keys", async ({ page }) => {
    await page.goto("/realm/arena");
    await page.locator("html[data-hydrated]").waitFor();
    const rail = page.getByRole("region", { name: "Latest replays" });
    const cards = rail.getByRole("list").getByRole("link");
    await cards.first().focus();
    await page.keyboard.press("ArrowRight");
    await expect(cards.nth(1)).toBeFocused();
    await page.keyboard.press("End");
    await expect(cards.last()).toBeFocused();
  });

  test("sections, the legacy competicao path, browse and plugin pages", async ({ page }) => {
    await page.goto("/realm/arena/section/fight-nights");
    await expect(page.getByRole("heading", { level: 1, name: "Fight Nights" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Past events" })).toBeVisible();

    await page.goto("/realm/liga/competicao/schedule");
    await expect(page).toHaveURL(/\/realm\/liga\/schedule$/);
    // In English, the language the browser asks for; liga's Portuguese is its default.
    await expect(page.getByRole("heading", { level: 2, name: "Match schedule" })).toBeVisible();

    await page.goto("/realm/arena/browse");
    await expect(page.getByRole("heading", { level: 2, name: "Fight Camp" })).toBeVisible();

    expect((await page.goto("/realm/liga/plugin/standings"))?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 2, name: "Title race" })).toBeVisible();
    expect((await page.goto("/realm/arena/plugin/standings"))?.status()).toBe(404);
    expect((await page.goto("/realm/arena/grid/no-such-page"))?.status()).toBe(404);
    expect((await page.goto("/realm/arena/section/no-such-section"))?.status()).toBe(404);
  });

  test("playlist, series and season pages show their item, reached from cards", async ({
    page,
    request,
  }) => {
    await page.goto("/realm/arena");
    const collection = page
      .getByRole("region", { name: "Collections" })
      .getByRole("list")
      .getByRole("link")
      .first();
    const titleId = await collection.getAttribute("aria-labelledby");
    const collectionTitle = (await page.locator(`[id="${titleId}"]`).textContent())!.trim();
    await collection.click();
    await expect(page).toHaveURL(/\/realm\/arena\/playlist\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(collectionTitle);
    await expect(
      page.getByRole("region", { name: "Videos" }).getByRole("listitem").first(),
    ).toBeVisible();
    // Arena enables the interstitial page, which stands in for its playlist and season pages.
    await expect(page.getByRole("link", { name: "Play", exact: true })).toBeVisible();

    const lookup = await request.get("/api/v2/series/by-key/fight-camp", {
      headers: { Realm: "arena", "X-Api-Key": "arena-web-5b1f0c9e2d7a4e61", App: "e2e" },
    });
    const { id } = (await lookup.json()) as { id: number };
    await page.goto(`/realm/arena/series/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Fight Camp/);
    const season = page
      .getByRole("region", { name: "Seasons" })
      .getByRole("list")
      .getByRole("link")
      .first();
    await season.click();
    await expect(page).toHaveURL(/\/realm\/arena\/season\/\d+$/);
    await expect(
      page.getByRole("region", { name: "Episodes" }).getByRole("listitem"),
    ).not.toHaveCount(0);
    await expect(page.getByRole("link", { name: "Play", exact: true })).toBeVisible();

    expect((await page.goto("/realm/arena/playlist/999999"))?.status()).toBe(404);
    expect((await page.goto("/realm/arena/season/not-a-number"))?.status()).toBe(404);
  });

  test("a grid shows a viewport-sized page and loads more", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/realm/arena/grid/all-videos");
    await page.locator("html[data-hydrated]").waitFor();
    const grid = page.getByRole("region", { name: "All videos" });
    await expect(grid.getByRole("listitem")).toHaveCount(16);
    await grid.getByRole("button", { name: "Load more" }).click();
    await expect(grid.getByRole("listitem")).toHaveCount(32);
    await page.setViewportSize({ width: 600, height: 900 });
    await page.reload();
    await expect(grid.getByRole("listitem")).toHaveCount(9);
  });
});

test.describe("faulty page config", () => {
  test.describe.configure({ timeout: 180_000 });

  test("an invalid block is left out and the rest of the page stands; an invalid page is a 500", async ({
    page,
  }) => {
    const dataDir = await freshDataDir();
    try {
      const first = await ServerProcess.start({ DATA_DIR: dataDir, LOG_REQUESTS: "false" });
      await first.stop();
      // Write past the platform's validation, as a faulty import or an old version could.
      const store = await openStore({ dataDir });
      const [home] = await store.db
        .select()
        .from(t.composedPages)
        .where(and(eq(t.composedPages.realm, "arena"), eq(t.composedPages.pageKey, "home")))
        .orderBy(desc(t.composedPages.version))
        .limit(1);
      const document = structuredClone(home!.document) as {
        zones: { main: Record<string, unknown>[] };
      };
      document.zones.main.splice(1, 0, {
        id: "broken",
        type: "rail",
        title: "Broken",
        source: { kind: "nowhere" },
      });
      await store.db
        .insert(t.composedPages)
        .values({ realm: "arena", pageKey: "home", version: home!.version + 1, document });
      await store.db.insert(t.composedPages).values({
        realm: "arena",
        pageKey: "all-events",
        version: 99,
        document: { layout: "nope" },
      });
      await store.close();

      const server = await ServerProcess.start({ DATA_DIR: dataDir });
      await signInAs(page.context(), server.url, "arena", "CUSTOMER");
      try {
        expect((await page.goto(`${server.url}/realm/arena/home`))?.status()).toBe(200);
        await expect(page.getByRole("heading", { level: 2, name: "Latest replays" })).toBeVisible();
        await expect(page.getByRole("heading", { level: 2, name: "Broken" })).toHaveCount(0);
        await page.goto(`${server.url}/realm/arena/home`);
        const warnings = server.output
          .join("")
          .split("\n")
          .filter((l) => l.includes('"invalid page config"'));
        expect(warnings).toHaveLength(1);
        expect(warnings[0]).toContain('"pointer":"/zones/main/1/source/kind"');

        const broken = await page.goto(`${server.url}/realm/arena/grid/all-events`);
        expect(broken?.status()).toBe(500);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("An error occurred");
        expect(await page.content()).not.toMatch(/at .*\.(ts|js):\d+/);
      } finally {
        await server.stop();
      }
    } finally {
      await removeDir(dataDir);
    }
  });
});
