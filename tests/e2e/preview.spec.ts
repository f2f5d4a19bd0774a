import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { DEMO_KEYS } from "../fixtures/secrets.ts";
import { expect, test } from "./fixtures.ts";
import { signIn, tokenFor } from "./signed-in.ts";

type Realm = keyof typeof DEMO_KEYS;

/** A platform call as an admin tool would make it. */
async function adminCall(
  request: APIRequestContext,
  realm: Realm,
  method: "GET" | "PUT" | "POST",
  path: string,
  body?: unknown,
) {
  const response = await request.fetch(`/api/v2/admin/${path}`, {
    method,
    headers: {
      Realm: realm,
      "X-Api-Key": DEMO_KEYS[realm],
      App: "e2e",
      Authorization: `Bearer ${await tokenFor(realm, "ADMIN")}`,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status(), body: await response.json().catch(() => null) };
}

async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`);
}

test.describe("admin preview", () => {
  test("an admin sees the draft exactly as it would be published; viewers see the live page until it is", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const live = await adminCall(request, "arena", "GET", "drafts/page/browse");
    const draft = {
      ...live.body.published.document,
      title: "Browse the fight library",
      zones: {
        main: [
          {
            id: "draft-only-rail",
            type: "rail",
            title: "Fresh from the draft",
            source: { kind: "videos" },
            itemsPerPage: 6,
          },
          ...live.body.published.document.zones.main,
        ],
      },
    };
    expect((await adminCall(request, "arena", "PUT", "drafts/page/browse", draft)).status).toBe(
      200,
    );

    await signIn(context, baseURL!, await tokenFor("arena", "ADMIN"));
    const response = await page.goto("/realm/arena/preview/page/browse");
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    expect(response?.headers()["x-robots-tag"]).toMatch(/noindex/);
    await expect(page.getByTestId("preview-banner")).toContainText("Preview of page 'browse'");
    await expect(page.getByTestId("preview-banner")).toContainText("Unpublished draft");
    await expect(page.getByRole("heading", { name: "No problems found" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Fresh from the draft" })).toBeVisible();
    await expect(page).toHaveTitle(/Browse the fight library/);
    await expect(page.locator("head title")).toHaveCount(1);
    expect(await axeViolations(page)).toEqual([]);

    // Viewers still get the published page.
    await page.goto("/realm/arena/browse");
    await expect(page.getByRole("heading", { name: "Fresh from the draft" })).toHaveCount(0);

    const published = await adminCall(request, "arena", "POST", "publish/page/browse", {
      note: "Fresh browse page",
    });
    expect(published.status).toBe(201);
    await expect(async () => {
      await page.goto("/realm/arena/browse");
      await expect(page.getByRole("heading", { name: "Fresh from the draft" })).toBeVisible({
        timeout: 1_000,
      });
    }).toPass({ timeout: 15_000 });

    // With the draft published, the preview shows the live version and says so.
    await page.goto("/realm/arena/preview/page/browse");
    await expect(page.getByTestId("preview-banner")).toContainText(
      `No draft: this is the published version ${published.body.version}`,
    );
  });

  test("guests, customers and admins of another realm get 403, never the draft", async ({
    page,
    context,
    baseURL,
  }) => {
    const guest = await page.goto("/realm/arena/preview/page/home");
    expect(guest?.status()).toBe(403);
    expect(guest?.headers()["cache-control"]).toBe("private, no-store");
    expect(guest?.headers()["x-robots-tag"]).toMatch(/noindex/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "You're not allowed to see this page",
    );
    expect(await axeViolations(page)).toEqual([]);

    await signIn(context, baseURL!, await tokenFor("arena", "CUSTOMER"));
    expect((await page.goto("/realm/arena/preview/page/home"))?.status()).toBe(403);
    await signIn(context, baseURL!, await tokenFor("liga", "ADMIN"));
    expect((await page.goto("/realm/arena/preview/page/home"))?.status()).toBe(403);
    // A forged cookie is no session at all.
    await context.addCookies([{ name: "__session", value: "forged", url: baseURL! }]);
    expect((await page.goto("/realm/arena/preview/page/home"))?.status()).toBe(403);
  });

  test("every kind of document previews: template page, plugin, section, navbar, 404 page, cancellation promo", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    await signIn(context, baseURL!, await tokenFor("liga", "ADMIN"));

    await page.goto("/realm/liga/preview/composed-page/series");
    await page.locator("html[data-hydrated]").waitFor();
    const seriesId = (
      await (
        await request.get("/api/v2/series/by-key/bastidores-da-liga-nacional", {
          headers: { Realm: "liga", "X-Api-Key": DEMO_KEYS.liga, App: "e2e" },
        })
      ).json()
    ).id as number;
    await page.getByLabel("Series id to preview with").fill(String(seriesId));
    await page.getByLabel("Series id to preview with").press("Enter");
    await expect(page).toHaveURL(new RegExp(`/preview/composed-page/series\\?id=${seriesId}$`));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    await page.goto("/realm/liga/preview/plugin/standings");
    await expect(page.getByTestId("preview-banner")).toContainText("plugin 'plugin-standings'");

    await page.goto("/realm/liga/preview/section/schedule");
    await expect(page.getByTestId("preview-banner")).toContainText("section 'schedule'");

    await page.goto("/realm/liga/preview/navbar/WEB");
    await expect(page.getByRole("navigation", { name: /Menu preview/ })).toBeVisible();

    const notFound = {
      key: "not-found",
      title: "Fora de jogo",
      layout: "default",
      zones: {
        main: [{ id: "latest", type: "rail", title: "Veja antes", source: { kind: "videos" } }],
      },
    };
    expect(
      (await adminCall(request, "liga", "PUT", "drafts/not-found-page", notFound)).status,
    ).toBe(200);
    await page.goto("/realm/liga/preview/not-found-page");
    await expect(page.getByRole("heading", { name: "Veja antes" })).toBeVisible();
    // Not published yet: a missing path is the plain not-found page.
    const missing = await page.goto("/realm/liga/no-such-page");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Veja antes" })).toHaveCount(0);
    expect(
      (await adminCall(request, "liga", "POST", "publish/not-found-page", { note: "Own 404 page" }))
        .status,
    ).toBe(201);
    await expect(async () => {
      const after = await page.goto("/realm/liga/no-such-page");
      expect(after?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Veja antes" })).toBeVisible({
        timeout: 1_000,
      });
    }).toPass({ timeout: 15_000 });

    await page.goto("/realm/liga/preview/cancellation-promo");
    await expect(page.getByRole("link", { name: /Manter assinatura/ })).toBeVisible();

    expect((await page.goto("/realm/liga/preview/widget/home"))?.status()).toBe(404);
  });

  test("the preview report lists what viewers would miss", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const section = {
      name: "fight-nights",
      title: "Fight nights",
      layout: "default",
      zones: {
        main: [
          {
            id: "missing-playlist",
            type: "rail",
            title: "Gone",
            source: { kind: "playlist", playlist: "no-such-playlist" },
          },
          { id: "videos", type: "rail", title: "Still here", source: { kind: "videos" } },
        ],
      },
    };
    const saved = await adminCall(request, "arena", "PUT", "drafts/section/fight-nights", section);
    expect(saved.status).toBe(200);
    await signIn(context, baseURL!, await tokenFor("arena", "ADMIN"));
    await page.goto("/realm/arena/preview/section/fight-nights");
    await expect(page.getByRole("heading", { name: "Still here" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "1 problem found" })).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: "missing-playlist" })).toContainText(
      "matches no items, so viewers would not see it",
    );
  });
});
