import { axeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { signInAs } from "./signed-in.ts";

test.describe("news", () => {
  test.beforeEach(({ context, baseURL }) => signInAs(context, baseURL!, "arena", "CUSTOMER"));

  test("the news grid leads to an article with its byline, body, structured data and what to read next", async ({
    page,
  }) => {
    const listing = await page.goto("/realm/arena/news");
    expect(listing?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "News" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    const first = page.locator("a.card").first();
    const headline = (await first.getAttribute("aria-label")) ?? (await first.innerText());
    await first.click();
    await expect(page).toHaveURL(/\/realm\/arena\/news\/\d+$/);
    const article = page.getByRole("article", { name: headline.split("\n")[0]! });
    await expect(article.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(article.locator(".news-byline time")).toHaveAttribute("datetime", /^\d{4}-/);
    await expect(article.locator(".news-body p").first()).toBeVisible();
    // A responsive hero: the browser picks a width from the srcset.
    await expect(article.locator(".news-hero img")).toHaveAttribute("srcset", /480w.*1600w/);
    await expect(page.getByRole("heading", { name: "More news" })).toBeVisible();

    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
    const data = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
    ) as Record<string, unknown>;
    expect(data).toMatchObject({ "@type": "NewsArticle", author: [{ "@type": "Person" }] });
    expect(typeof data.headline).toBe("string");
    expect(await axeViolations(page)).toEqual([]);
  });

  test("an article reads well on a phone, and an unknown one is not found", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/realm/arena/news");
    await page.locator("a.card").first().click();
    const hero = page.locator(".news-hero img");
    const box = await hero.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    expect(box!.width).toBeGreaterThan(300);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    const missing = await page.goto("/realm/arena/news/999999");
    expect(missing?.status()).toBe(404);
  });
});
