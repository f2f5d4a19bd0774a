import type { Page } from "@playwright/test";
import { axeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { removeDir, seededDataDir, ServerProcess } from "./server-process.ts";
import { signInAs } from "./signed-in.ts";

const hydrated = (page: Page) => page.waitForSelector("html[data-hydrated]");
const navigate = (page: Page, to: string) =>
  page.evaluate(
    (path) =>
      (
        window as unknown as { __remixRouter: { navigate(to: string): Promise<void> } }
      ).__remixRouter.navigate(path),
    to,
  );
const NEWS_CHUNK = /\/build\/realm\.news-[A-Z0-9]+\.js(\?.*)?$/;

test.describe("chunk loading", () => {
  test.beforeEach(({ context, baseURL }) => signInAs(context, baseURL!, "arena", "CUSTOMER"));

  test("a page's chunk that fails twice loads on the third try, with a cache-busting query", async ({
    page,
  }) => {
    await page.goto("/realm/arena/home");
    await hydrated(page);
    const asked: string[] = [];
    await page.route(NEWS_CHUNK, async (route) => {
      asked.push(new URL(route.request().url()).search);
      if (asked.length <= 2) await route.abort("failed");
      else await route.continue();
    });
    await navigate(page, "/realm/arena/news");
    await expect(page.getByRole("heading", { level: 1, name: "News" })).toBeVisible({
      timeout: 20_000,
    });
    expect(asked).toEqual(["", "?retry=1", "?retry=2"]);
  });

  test("a chunk that never loads offers a reload, which brings the page", async ({ page }) => {
    await page.goto("/realm/arena/home");
    await hydrated(page);
    let attempts = 0;
    await page.route(NEWS_CHUNK, (route) => {
      attempts += 1;
      return route.abort("failed");
    });
    await navigate(page, "/realm/arena/news");
    await expect(
      page.getByRole("heading", { level: 1, name: "This page could not be loaded" }),
    ).toBeVisible({ timeout: 20_000 });
    expect(attempts).toBe(4);
    expect(await axeViolations(page)).toEqual([]);
    await page.unroute(NEWS_CHUNK);
    await page.getByRole("link", { name: "Refresh" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "News" })).toBeVisible();
  });
});

test.describe("error tracing (every page view sampled)", () => {
  test.describe.configure({ timeout: 180_000 });
  let server: ServerProcess;
  let dataDir: string;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    dataDir = await seededDataDir();
    server = await ServerProcess.start({
      DATA_DIR: dataDir,
      LOG_REQUESTS: "false",
      ERROR_TRACING_SAMPLE_RATE: "1",
    });
  });

  test.afterAll(async () => {
    await server?.stop();
    if (dataDir) await removeDir(dataDir);
  });

  test("an error thrown on purpose reaches the admins' error page, with its release", async ({
    page,
    context,
  }) => {
    const marker = crypto.randomUUID().slice(0, 8);
    await signInAs(context, server.url, "arena", "ADMIN");
    await page.goto(`${server.url}/realm/arena/home`);
    await hydrated(page);
    const reported = page.waitForResponse(
      (response) =>
        response.url().endsWith("/realm/arena/client-errors") &&
        response.request().method() === "POST",
    );
    await page.evaluate((id) => {
      setTimeout(() => {
        throw new Error(`Thrown on purpose ${id}`);
      }, 0);
      void Promise.reject(new Error(`Rejected on purpose ${id}`));
    }, marker);
    const response = await reported;
    expect(response.status()).toBe(202);
    const sent = response.request().postDataJSON() as {
      reports: { kind: string; message: string; release: string; path: string }[];
    };
    expect(sent.reports.map((report) => [report.kind, report.message]).sort()).toEqual([
      ["error", `Thrown on purpose ${marker}`],
      ["unhandledrejection", `Rejected on purpose ${marker}`],
    ]);
    expect(sent.reports[0]!.release).toMatch(/^\d+\.\d+\.\d+\+\w+$/);
    expect(sent.reports[0]!.path).toBe("/realm/arena/home");

    await page.goto(`${server.url}/realm/arena/admin/errors`);
    const table = page.getByRole("table", { name: "Browser errors" });
    const row = table.getByRole("row").filter({ hasText: `Thrown on purpose ${marker}` });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole("cell").first()).toHaveText(sent.reports[0]!.release);
    await expect(row.getByRole("cell").nth(1)).toHaveText("1");
    expect(await axeViolations(page)).toEqual([]);
  });

  test("the error page is for admins only", async ({ page, context }) => {
    await signInAs(context, server.url, "arena", "CUSTOMER");
    const answer = await page.goto(`${server.url}/realm/arena/admin/errors`);
    expect(answer?.status()).toBe(403);
  });
});
