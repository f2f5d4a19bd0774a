import * as t from "../../platform/store/schema.ts";
import { openStore } from "../../platform/store/store.ts";
import { expect, test } from "./fixtures.ts";
import { seededDataDir, removeDir, ServerProcess } from "./server-process.ts";
import { signInAs } from "./signed-in.ts";

/** The server's URL under another host name (Chromium resolves *.localhost to this machine). */
const onHost = (baseURL: string, host: string, path: string) => {
  const url = new URL(path, baseURL);
  url.hostname = host;
  return url.toString();
};

test.describe("realm resolution and routing", () => {
  test("a realm's own domain serves it from the root, with links without the /realm prefix", async ({
    page,
    baseURL,
  }) => {
    const home = await page.goto(onHost(baseURL!, "liga.localhost", "/"));
    expect(home?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Liga Play");
    const seeAll = page.getByRole("link", { name: /Ver tudo|See all|Ver todo/ }).first();
    await expect(seeAll).toHaveAttribute("href", /^\/grid\//);
    await seeAll.click();
    await expect(page).toHaveURL(/liga\.localhost:\d+\/grid\/[a-z-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // The same realm, another of its domains; a host that is no realm's lists the realms.
    expect((await page.goto(onHost(baseURL!, "nobody.localhost", "/")))?.status()).toBe(200);
    await expect(page.getByRole("link", { name: "Arena Fight Pass" })).toBeVisible();
    expect((await page.goto(onHost(baseURL!, "nobody.localhost", "/browse")))?.status()).toBe(404);
  });

  test("old dce., test. and shd. hosts go to /realm{path}", async ({ page, baseURL }) => {
    for (const host of ["dce.localhost", "test.localhost", "shd.localhost"]) {
      await page.goto(onHost(baseURL!, host, "/liga/section/schedule?x=1"));
      await expect(page).toHaveURL(
        new RegExp(`${host.replace(".", "\\.")}:\\d+/realm/liga/schedule\\?x=1$`),
      );
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    }
  });

  test("guards: arena's content needs sign-in, liga checks visitors in as guests", async ({
    page,
    context,
    baseURL,
  }) => {
    const response = await page.goto("/realm/arena/browse?sort=new");
    await expect(page).toHaveURL(/\/realm\/arena\/login\?from=%2Fbrowse%3Fsort%3Dnew$/);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");

    await page.goto("/realm/liga/browse");
    await expect(page).toHaveURL(/\/realm\/liga\/browse$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const session = (await context.cookies()).find((c) => c.name === "__session");
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax" });

    // A signed-in customer at a visitor-only page goes to the default page.
    await signInAs(context, baseURL!, "arena", "CUSTOMER");
    await page.goto("/realm/arena");
    await expect(page).toHaveURL(/\/realm\/arena\/home$/);
    await page.goto("/realm/arena/browse");
    await expect(page).toHaveURL(/\/realm\/arena\/browse$/);
  });

  test("routes that depend on settings, redirects and fixed paths", async ({ page }) => {
    // Liga's search engine is not vesper: /search opens the overlay over the default page.
    await page.goto("/realm/liga/search");
    await expect(page).toHaveURL(/\/realm\/liga\/home\?search=#search$/);
    // Watch-together exists in liga (REACTOO enabled) but not in arena.
    await page.goto("/realm/liga/watch-together");
    await expect(page).not.toHaveURL(/\/$/);
    expect((await page.goto("/realm/arena/gifts"))?.status()).toBe(404);
    await page.goto("/realm/liga/secao/schedule");
    await expect(page).toHaveURL(/\/realm\/liga\/schedule$/);
    await page.goto("/realm/liga/competicao/schedule");
    await expect(page).toHaveURL(/\/realm\/liga\/schedule$/);
    await page.goto("/realm/liga/reset-password?token=abc");
    await expect(page).toHaveURL(/\/realm\/liga\/login\/reset-password\?token=abc$/);
    await page.goto("/realm/liga/home?pwrt=1");
    await expect(page).toHaveURL(/\/realm\/liga\/login\/reset-password\?pwrt=1$/);
  });

  test("marketing referral parameters are stored and removed from the URL", async ({ page }) => {
    test.setTimeout(120_000);
    const dataDir = await seededDataDir();
    try {
      const server = await ServerProcess.start({ DATA_DIR: dataDir, LOG_REQUESTS: "false" });
      await page.goto(
        `${server.url}/realm/liga/schedule?esrefid=autumn-promo&esclkid=clk_42&utm=x`,
      );
      await expect(page).toHaveURL(/\/realm\/liga\/schedule\?utm=x$/);
      await server.stop();
      const store = await openStore({ dataDir });
      try {
        const rows = await store.db.select().from(t.referrals);
        expect(rows).toEqual([
          expect.objectContaining({ realm: "liga", referralId: "autumn-promo", clickId: "clk_42" }),
        ]);
      } finally {
        await store.close();
      }
    } finally {
      await removeDir(dataDir);
    }
  });
});

test.describe("frames and payment results", () => {
  test("no site frames a page of ours; the realm itself frames its previews and the fallback page", async ({
    page,
    baseURL,
  }) => {
    const frameIn = (src: string) =>
      page.evaluate((url) => {
        const frame = document.createElement("iframe");
        frame.src = url;
        frame.title = "framed";
        document.body.append(frame);
      }, src);
    /** Where the frame ended up: a browser error page when our answer refused the frame. */
    const framedUrl = async () => {
      await expect.poll(() => page.frames().length).toBe(2);
      const frame = page.frames()[1]!;
      await frame.waitForLoadState();
      return frame.url();
    };

    // The realm's own pages: its previews and /disconnected show, any other page is refused.
    await page.goto("/disconnected");
    await frameIn("/realm/liga/preview/page/home");
    await expect(page.frameLocator("iframe").getByRole("heading", { level: 1 })).toBeVisible();
    await page.goto("/disconnected");
    await frameIn("/disconnected");
    await expect(page.frameLocator("iframe").getByRole("heading", { level: 1 })).toBeVisible();
    await page.goto("/disconnected");
    await frameIn("/realm/liga/schedule");
    expect(await framedUrl()).toMatch(/^chrome-error:/);
    await expect(page).toHaveURL(/\/disconnected$/);

    // Another site's page (one without a policy of ours): not even a preview.
    await page.goto("about:blank");
    await page.setContent("<title>elsewhere</title>");
    await frameIn(new URL("/realm/liga/preview/page/home", baseURL).toString());
    expect(await framedUrl()).toMatch(/^chrome-error:/);
  });

  test("a redirectResult parameter is kept in local storage and removed from the URL", async ({
    page,
  }) => {
    await page.goto("/realm/liga/schedule?redirectResult=ok-123&tab=2");
    await page.locator("html[data-hydrated]").waitFor();
    await expect(page).toHaveURL(/\/realm\/liga\/schedule\?tab=2$/);
    expect(await page.evaluate(() => localStorage.getItem("redirectResult"))).toBe("ok-123");
  });
});
