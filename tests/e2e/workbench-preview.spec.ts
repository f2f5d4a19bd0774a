import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { DEMO_KEYS } from "../fixtures/secrets.ts";
import { expect, test } from "./fixtures.ts";
import { signIn, tokenFor } from "./signed-in.ts";
import { codeEditor, createSection, fillText, postedText } from "./workbench-editor.ts";

async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`);
}

async function adminCall(request: APIRequestContext, method: "GET" | "DELETE", path: string) {
  const response = await request.fetch(`/api/v2/admin/${path}`, {
    method,
    headers: {
      Realm: "arena",
      "X-Api-Key": DEMO_KEYS.arena,
      App: "e2e",
      Authorization: `Bearer ${await tokenFor("arena", "ADMIN")}`,
    },
  });
  return { status: response.status(), body: (await response.json().catch(() => null)) as unknown };
}

/** A section with the viewer's own list and a row of videos. */
function sectionText(name: string): string {
  const section = {
    name,
    title: "Audience section",
    layout: "default",
    zones: {
      main: [
        { id: "mine", type: "myList", title: "Saved for later" },
        { id: "latest", type: "rail", title: "Latest fights", source: { kind: "videos" } },
      ],
    },
  };
  return `${JSON.stringify(section, null, 2)}\n`;
}

const LAYOUTS = ["TOP", "TOP_LEFT", "HAMBURGER", "SIDEBAR"] as const;

test.describe("the workbench's live preview as an audience", () => {
  test("each audience sees the unsaved page as it would: sign-in invitations for visitors, a list of their own for customers and child profiles", async ({
    page,
    context,
    baseURL,
  }) => {
    test.slow();
    await signIn(context, baseURL!, await tokenFor("arena", "ADMIN"));
    const name = `wb-aud-${Date.now().toString(36)}`;
    await createSection(page, name, "Audience section");

    const main = page.locator("main");
    const live = main.getByRole("region", { name: "Live preview" });
    const shown = page.frameLocator(".workbench-live iframe[data-front]");
    const banner = shown.getByTestId("preview-banner");
    const mine = shown.locator('[data-block-id="mine"]');
    // The realm's header above the preview: the audience's, not the admin's.
    const header = shown.locator("header.site-header").first();
    await expect(banner).toBeVisible();
    await fillText(main, sectionText(name));
    await expect(shown.getByRole("heading", { name: "Saved for later" })).toBeVisible();
    await expect(banner).toHaveAttribute("data-audience", "admin");
    await expect(banner).not.toContainText("Seen as");
    await expect(header.locator(".header-account")).toBeVisible();
    await expect(header.getByRole("link", { name: "Sign in" })).toHaveCount(0);

    const audience = live.getByLabel("Preview as");
    await expect(audience).toHaveValue("admin");
    expect(await audience.locator("option").allTextContents()).toEqual([
      "You (your own account)",
      "A signed-out visitor",
      "A guest (checked in)",
      "A customer with a licence",
      "A child profile",
    ]);

    await audience.selectOption("signedOut");
    await expect(banner).toHaveAttribute("data-audience", "signedOut");
    await expect(banner).toContainText("Seen as: A signed-out visitor");
    await expect(mine).toContainText("Sign in to save what you want to watch to your list.");
    await expect(mine.getByRole("link", { name: "Sign in" })).toBeVisible();
    await expect(shown.getByRole("heading", { name: "Latest fights" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Sign in" })).toBeVisible();
    await expect(header.locator(".header-account")).toHaveCount(0);

    // The choice is a native select: the keyboard moves to the next audience.
    await audience.focus();
    await page.keyboard.press("ArrowDown");
    await expect(audience).toHaveValue("guest");
    await expect(banner).toHaveAttribute("data-audience", "guest");
    await expect(banner).toContainText("Seen as: A guest (checked in)");
    await expect(mine.getByRole("link", { name: "Sign in" })).toBeVisible();

    for (const [value, label] of [
      ["customer", "A customer with a licence"],
      ["child", "A child profile"],
    ] as const) {
      await audience.selectOption(value);
      await expect(banner).toHaveAttribute("data-audience", value);
      await expect(banner).toContainText(`Seen as: ${label}`);
      await expect(mine).toContainText("Your list is empty.");
      await expect(mine.getByRole("link", { name: "Sign in" })).toHaveCount(0);
      await expect(header.getByRole("link", { name: "Sign in" })).toHaveCount(0);
      await expect(header.locator(".header-account")).toBeVisible();
    }
    expect(await axeViolations(page)).toEqual([]);

    await audience.selectOption("admin");
    await expect(banner).toHaveAttribute("data-audience", "admin");
    await expect(banner).not.toContainText("Seen as");
  });

  test("a menu's unsaved text shows in the site header in each layout and in the open drawer, for the audience chosen", async ({
    page,
    context,
    baseURL,
    request,
  }) => {
    test.slow();
    const before = await adminCall(request, "GET", "drafts/navbar/WEB");
    expect(before.status).toBe(200);
    const hadDraft = (before.body as { draft: unknown }).draft !== null;
    await signIn(context, baseURL!, await tokenFor("arena", "ADMIN"));
    await page.goto("/realm/arena/admin/content/navbar/WEB");
    const main = page.locator("main");
    const live = main.getByRole("region", { name: "Live preview" });
    const shown = page.frameLocator(".workbench-live iframe[data-front]");
    const layout = (name: string) => shown.locator(`[data-preview-layout="${name}"]`);
    await expect(shown.getByTestId("preview-banner")).toHaveAttribute("data-preview-view", "menu");
    for (const name of LAYOUTS) {
      await expect(layout(name).locator(`header[data-layout="${name}"]`)).toBeVisible();
      if (name !== "HAMBURGER") {
        await expect(layout(name).getByRole("navigation", { name: "Main menu" })).toBeVisible();
      }
    }
    const drawer = layout("drawer").getByRole("dialog", { name: "Menu" });
    await expect(drawer).toBeVisible();

    // The unsaved text: the first item renamed, in every header and in the drawer.
    await expect(main.locator(".cm-content")).toBeVisible();
    const menu = JSON.parse(await postedText(main).inputValue()) as {
      items: { title: unknown }[];
    };
    menu.items[0]!.title = "Preview probe";
    await fillText(main, `${JSON.stringify(menu, null, 2)}\n`);
    for (const name of ["TOP", "TOP_LEFT", "SIDEBAR"]) {
      await expect(layout(name).getByRole("link", { name: "Preview probe" })).toBeVisible();
    }
    await expect(drawer.getByRole("link", { name: "Preview probe" })).toBeVisible();
    await expect(shown.getByTestId("preview-banner")).toContainText("Unsaved text from the editor");
    // The drawer held open in the frame leaves the focus in the editor.
    await expect(codeEditor(main)).toBeFocused();

    // As a signed-out visitor every header offers to sign in.
    await live.getByLabel("Preview as").selectOption("signedOut");
    await expect(shown.getByTestId("preview-banner")).toHaveAttribute("data-audience", "signedOut");
    for (const name of LAYOUTS) {
      await expect(layout(name).getByRole("link", { name: "Sign in" })).toBeVisible();
    }
    await expect(drawer.getByRole("link", { name: "Preview probe" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // The renamed menu was saved as a draft on its own: leave the realm's menu as it was.
    await expect(main.getByText("Draft saved automatically")).toBeVisible({ timeout: 20_000 });
    await page.close();
    if (!hadDraft)
      expect((await adminCall(request, "DELETE", "drafts/navbar/WEB")).status).toBeLessThan(300);
  });

  test("a customer gets 403 from the preview as any audience", async ({
    page,
    context,
    baseURL,
  }) => {
    await signIn(context, baseURL!, await tokenFor("arena", "CUSTOMER"));
    for (const audience of ["", "&as=signedOut", "&as=customer", "&as=child"]) {
      const path = `/realm/arena/preview/page/home?live=1${audience}`;
      const read = await page.goto(path);
      expect(read?.status(), path).toBe(403);
      const posted = await page.request.post(path, { form: { text: "{}" } });
      expect(posted.status(), path).toBe(403);
      expect(posted.headers()["cache-control"], path).toMatch(/no-store/);
    }
  });
});
