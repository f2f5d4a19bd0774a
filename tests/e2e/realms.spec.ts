import { expect, test } from "./fixtures.ts";

test.describe("the web app boots", () => {
  test("arena renders its brand, logo and hero from init on the server", async ({ page }) => {
    const response = await page.goto("/realm/arena");
    expect(response?.status()).toBe(200);
    expect(response?.headers()["server-timing"]).toMatch(/platform;dur=[\d.]+.*render;dur=/);
    expect(response?.headers()["x-request-id"]).toBeTruthy();
    await expect(page).toHaveTitle("Arena Fight Pass");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Arena Fight Pass");
    const logo = page.getByRole("img", { name: "Arena Fight Pass home" });
    await expect(logo).toBeVisible();
    expect(
      await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
    ).toBeGreaterThan(0);
    await expect(page.getByRole("heading", { level: 2, name: "AFC 24/7" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
  });

  test("liga follows the browser language among its own, with its own light brand", async ({
    page,
    browser,
    server,
  }) => {
    await page.goto("/realm/liga");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
    const portuguese = await browser.newContext({ locale: "pt-BR", baseURL: server.url });
    const ptPage = await portuguese.newPage();
    await ptPage.goto("/realm/liga");
    await expect(ptPage.locator("html")).toHaveAttribute("lang", "pt");
    await expect(ptPage.getByRole("link", { name: "Entrar" })).toBeVisible();
    await portuguese.close();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Liga Play");
    const ligaBackground = await page.evaluate(
      () => getComputedStyle(document.body).backgroundColor,
    );
    await page.goto("/realm/arena");
    const arenaBackground = await page.evaluate(
      () => getComputedStyle(document.body).backgroundColor,
    );
    expect(ligaBackground).toBe("rgb(246, 247, 242)");
    expect(arenaBackground).toBe("rgb(11, 13, 18)");
  });

  test("content is in the first HTML, without JavaScript", async ({ browser, server }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: server.url });
    const page = await context.newPage();
    await page.goto("/realm/liga");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Liga Play");
    // The browser asks for English, which liga offers.
    await expect(page.getByRole("heading", { level: 2, name: "Live now" })).toBeVisible();
    await expect(page.getByRole("link", { name: /Liga Nacional 24h/ }).first()).toBeVisible();
    await context.close();
  });

  test("an unknown path is a not-found page with status 404; an unknown realm goes to the root", async ({
    page,
  }) => {
    for (const path of ["/realm/arena/no-such-page", "/no-such-page", "/realm/liga/vod/1/x"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    }
    const unknown = await page.goto("/realm/nowhere");
    expect(unknown?.status()).toBe(200);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: "Liga Play" })).toBeVisible();
  });

  test("the landing page lists the realms and works by keyboard", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Liga Play" })).toBeVisible();
    await page.getByRole("link", { name: "Arena Fight Pass" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/realm\/arena$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Arena Fight Pass");
  });

  test("/disconnected shows the Connection Failed page", async ({ page }) => {
    await page.goto("/disconnected");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Connection Failed");
    await expect(page.getByText("Please refresh the page")).toBeVisible();
  });

  test("fingerprinted assets are cached immutably", async ({ page, request }) => {
    await page.goto("/realm/arena");
    const script = await page.locator('script[src^="/build/"], link[href^="/build/"]').first();
    const url = (await script.getAttribute("src")) ?? (await script.getAttribute("href"));
    const response = await request.get(url!);
    expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  test("scripts and styles are sent compressed to browsers that accept it", async ({ request }) => {
    // What the page names as served: its stylesheet, its scripts and their module preloads
    // (Remix drops the preloads from the live document once it has hydrated).
    const html = await (await request.get("/realm/liga")).text();
    const urls = [
      ...new Set(
        [...html.matchAll(/(?:src|href)="(\/build\/[^"]+\.(?:js|css))(?:\?[^"]*)?"/g)].map(
          (match) => match[1]!,
        ),
      ),
    ];
    expect(urls.filter((url) => url.endsWith(".css")).length).toBeGreaterThan(0);
    expect(urls.filter((url) => url.endsWith(".js")).length).toBeGreaterThan(1);
    for (const url of urls) {
      const plain = await request.get(url, { headers: { "Accept-Encoding": "identity" } });
      expect(plain.headers()["content-encoding"]).toBeUndefined();
      const size = Number(plain.headers()["content-length"]);
      for (const encoding of ["br", "gzip"]) {
        const packed = await request.get(url, { headers: { "Accept-Encoding": encoding } });
        expect(packed.headers()["vary"]).toBe("Accept-Encoding");
        // Never more bytes than the file itself: a file of a few bytes goes as it is.
        expect(Number(packed.headers()["content-length"]), url).toBeLessThanOrEqual(size);
        if (size >= 1024) expect(packed.headers()["content-encoding"], url).toBe(encoding);
        // The browser's copy, once decoded, is the file itself.
        expect((await packed.body()).equals(await plain.body()), url).toBe(true);
      }
    }
  });
});
