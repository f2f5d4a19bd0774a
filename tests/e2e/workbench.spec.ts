import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { signIn, tokenFor } from "./signed-in.ts";
import { codeEditor, createSection, fillText, postedText } from "./workbench-editor.ts";

async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`);
}

/** A section's text with one rail; `itemsPerPage` past 50 is refused by its schema. */
function sectionText(name: string, itemsPerPage: number, railTitle = "Latest fights"): string {
  const section = {
    name,
    title: "Workbench section",
    layout: "default",
    zones: {
      main: [
        {
          id: "latest",
          type: "rail",
          title: railTitle,
          source: { kind: "videos" },
          itemsPerPage,
        },
      ],
    },
  };
  return `${JSON.stringify(section, null, 2)}\n`;
}

/**
 * Puts the code editor's cursor at the end of its line whose text matches `line` (a line that
 * is drawn: the editor draws those near the view).
 */
async function cursorAtEndOf(main: Locator, line: RegExp): Promise<void> {
  await main.locator(".cm-line", { hasText: line }).click();
  await codeEditor(main).press("End");
}

test.describe("content workbench", () => {
  test("an admin lists the documents, creates a section, sees our problems in place and saves", async ({
    page,
    context,
    baseURL,
  }) => {
    await signIn(context, baseURL!, await tokenFor("arena", "ADMIN"));
    const response = await page.goto("/realm/arena/admin/content");
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    expect(response?.headers()["x-robots-tag"]).toMatch(/noindex/);
    const main = page.locator("main");
    const documents = main.getByRole("table");
    await expect(documents.getByRole("rowheader", { name: "page home" })).toBeVisible();
    await expect(documents.getByRole("rowheader", { name: "navbar WEB" })).toBeVisible();
    await expect(documents.getByRole("rowheader", { name: "not-found-page" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // Filtering works without script: a GET form.
    await main.getByLabel("Kind", { exact: true }).first().selectOption("navbar");
    await main.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/target=navbar/);
    await expect(documents.getByRole("rowheader", { name: "page home" })).toHaveCount(0);
    await expect(documents.getByRole("rowheader", { name: "navbar WEB" })).toBeVisible();

    const name = `wb-${Date.now().toString(36)}`;
    const create = main.getByRole("region", { name: "New page or section" });
    await create.getByLabel("Kind").selectOption("section");
    await create.getByLabel("Key").fill(name);
    await create.getByLabel("Title").fill("Workbench section");
    // Wait for the creation's answer itself: at a load average of 17 it has taken longer than a
    // check's 10 s.
    const created = page.waitForResponse(
      (response) =>
        response.request().method() === "POST" && response.url().includes("/admin/content"),
    );
    await create.getByRole("button", { name: "Create the draft" }).click();
    await created;
    await expect(page).toHaveURL(new RegExp(`/admin/content/section/${name}$`));
    const text = postedText(main);
    await expect(text).toHaveValue(new RegExp(`"name": "${name}"`));

    // An invalid value: our validator's message, at its line and column; the text is kept.
    const invalid = sectionText(name, 500);
    await fillText(main, invalid);
    await main.getByRole("button", { name: "Save the draft" }).click();
    const problems = main.getByRole("alert", { name: "1 problem: nothing was saved" });
    await expect(problems).toBeVisible();
    const line = invalid.split("\n").findIndex((l) => l.includes('"itemsPerPage"')) + 1;
    const column = invalid.split("\n")[line - 1]!.indexOf("500") + 1;
    await expect(problems).toContainText(`Line ${line}, column ${column}`);
    await expect(problems).toContainText("zones/main/0 (rail 'latest')");
    await expect(text).toHaveValue(invalid);
    expect(await axeViolations(page)).toEqual([]);

    // Unreadable JSON: where it breaks, and the text kept.
    const unreadable = '{\n  "name": oops\n}\n';
    await fillText(main, unreadable);
    await main.getByRole("button", { name: "Save the draft" }).click();
    await expect(main.getByRole("alert", { name: "1 problem: nothing was saved" })).toContainText(
      "Line 2, column 11",
    );
    await expect(text).toHaveValue(unreadable);

    await fillText(main, sectionText(name, 12));
    await main.getByRole("button", { name: "Save the draft" }).click();
    await expect(main.getByRole("status").filter({ hasText: /^Draft saved$/ })).toBeVisible();
    await page.goto(`/realm/arena/admin/content?q=${name}`);
    await expect(main.getByRole("rowheader", { name: `section ${name}` })).toBeVisible();
    await expect(main.getByRole("row").filter({ hasText: name })).toContainText(
      "Unpublished changes",
    );
  });

  test("the code editor completes keys from the schema, explains them on hover and marks our problems in place", async ({
    page,
    context,
    baseURL,
  }) => {
    await signIn(context, baseURL!, await tokenFor("arena", "ADMIN"));
    const name = `wb-code-${Date.now().toString(36)}`;
    await createSection(page, name);
    const main = page.locator("main");
    const editor = codeEditor(main);
    await fillText(main, sectionText(name, 12));
    await expect(editor).toHaveAttribute("aria-describedby", /workbench-text-keys/);

    // A key of the rail, offered as it is typed and taken with the keyboard.
    await cursorAtEndOf(main, /^ *"itemsPerPage": 12$/);
    await page.keyboard.type(',\n"cardSh');
    const offered = page.getByRole("listbox");
    await expect(offered.getByRole("option", { name: /cardShape/ })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    // The editor ignores Enter in a suggestion list's first 75 ms (typing fast past it).
    await page.waitForTimeout(150);
    await page.keyboard.press("Enter");
    await expect(postedText(main)).toHaveValue(/"cardShape": "landscape"/);
    expect(await axeViolations(page)).toEqual([]);

    // Hovering a property shows its description from the schema.
    await main.locator(".cm-content span", { hasText: /^"itemsPerPage"$/ }).hover();
    await expect(page.locator(".cm-tooltip-hover")).toContainText("Cards loaded in the row.");

    // An invalid value: our validator's message, inline at its line, as the problems list says.
    const invalid = sectionText(name, 500);
    await fillText(main, invalid);
    const line = invalid.split("\n").findIndex((l) => l.includes('"itemsPerPage"'));
    const marked = main.locator(".cm-line").nth(line).locator(".cm-lintRange-error");
    await expect(marked).toHaveText("500");
    await marked.hover();
    await expect(page.locator(".cm-tooltip-lint")).toHaveText(
      "zones/main/0 (rail 'latest'): itemsPerPage must be ≤ 50",
    );
    await main.getByRole("button", { name: "Save the draft" }).click();
    const problems = main.getByRole("alert", { name: "1 problem: nothing was saved" });
    await expect(problems).toContainText("zones/main/0 (rail 'latest'): itemsPerPage must be ≤ 50");
    await expect(main.locator(".cm-line").nth(line).locator(".cm-lintRange-error")).toHaveText(
      "500",
    );
    expect(await axeViolations(page)).toEqual([]);

    // Tab leaves the editor for the next control.
    await editor.focus();
    await page.keyboard.press("Escape");
    await page.keyboard.press("Tab");
    await expect(editor).not.toBeFocused();
  });

  test("a menu's editor offers the values its schema allows; without JavaScript the text is a plain field", async ({
    page,
    context,
    baseURL,
    browser,
  }) => {
    const token = await tokenFor("arena", "ADMIN");
    await signIn(context, baseURL!, token);
    await page.goto("/realm/arena/admin/content/navbar/WEB");
    const main = page.locator("main");
    const editor = codeEditor(main);
    await expect(main.locator(".cm-content")).toBeVisible();
    const text = await postedText(main).inputValue();
    const layoutLine = text.split("\n").findIndex((l) => /^ {2}"layout": "/.test(l));
    expect(layoutLine).toBeGreaterThan(0);
    // The menu's layout comes after its items: go to the end, where it is drawn.
    await editor.click();
    await editor.press("Control+End");
    await cursorAtEndOf(main, /^ {2}"layout": "/);
    // Select the value's text inside its quotes and type the start of another.
    const value = /"layout": "([A-Z_]+)"/.exec(text)![1]!;
    const after = text.split("\n")[layoutLine]!.endsWith(",") ? 2 : 1;
    for (let n = 0; n < after; n += 1) await editor.press("ArrowLeft");
    for (let n = 0; n < value.length; n += 1) await editor.press("Shift+ArrowLeft");
    await page.keyboard.type("SI");
    const option = page.getByRole("listbox").getByRole("option", { name: /SIDEBAR/ });
    await expect(option).toHaveAttribute("aria-selected", "true");
    await page.waitForTimeout(150);
    await page.keyboard.press("Enter");
    await expect(postedText(main)).toHaveValue(/"layout": "SIDEBAR",?\n/);
    // Hovering the menu's own property shows its schema's description.
    await main.locator(".cm-content span", { hasText: /^"layout"$/ }).hover();
    await expect(page.locator(".cm-tooltip-hover")).toContainText("Where the menu sits");

    // Without JavaScript: the labelled textarea, no code editor.
    const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false });
    await signIn(noScript, baseURL!, token);
    const plain = await noScript.newPage();
    await plain.goto("/realm/arena/admin/content/navbar/WEB");
    await expect(plain.locator("main").getByLabel("Document (JSON)")).toBeVisible();
    await expect(plain.locator("main").getByLabel("Document (JSON)")).toHaveValue(text);
    await expect(plain.locator(".cm-editor")).toHaveCount(0);
    await noScript.close();
  });

  test("an admin publishes with a note, compares two versions, restores one as the draft and finds both in the log", async ({
    page,
    context,
    baseURL,
  }) => {
    // A long flow: two publishes, a comparison, a restore and the log.
    test.slow();
    await signIn(context, baseURL!, await tokenFor("arena", "ADMIN"));
    const main = page.locator("main");
    const name = `wb-pub-${Date.now().toString(36)}`;
    await createSection(page, name);
    const text = postedText(main);
    const save = async (body: string) => {
      await fillText(main, body);
      await main.getByRole("button", { name: "Save the draft" }).click();
      await expect(main.getByRole("status").filter({ hasText: /^Draft saved$/ })).toBeVisible();
      // The changes shown come from the saved draft: read them again.
      await page.reload();
    };
    const publish = main.getByRole("region", { name: "Publish" });
    const publishWith = async (note: string) => {
      await publish.getByLabel("What changes, and why").fill(note);
      await publish.getByRole("button", { name: "Publish the draft" }).click();
    };

    await save(sectionText(name, 12));
    // Never published: every block is new, named by type, id and place.
    await expect(publish.getByRole("listitem")).toHaveText([
      "Added rail 'latest' in main at position 1",
      "Changed fields: name, title, layout",
    ]);
    // No note, no publish: the form asks for one.
    await publish.getByRole("button", { name: "Publish the draft" }).click();
    await expect(publish.getByLabel("What changes, and why")).toHaveJSProperty(
      "validity.valueMissing",
      true,
    );
    await publishWith("First cut of the section");
    await expect(main.locator(".workbench-saved")).toHaveText("Version 1 is live");
    await expect(publish).toHaveCount(0);
    const live = await page.context().newPage();
    await live.goto(`/realm/arena/section/${name}`);
    await expect(live.getByRole("heading", { name: "Latest fights" })).toBeVisible();

    await save(sectionText(name, 12, "Newest fights"));
    await expect(publish.getByRole("listitem")).toHaveText(["Changed rail 'latest' in main"]);
    await publishWith("Rename the rail");
    await expect(main.locator(".workbench-saved")).toHaveText("Version 2 is live");
    await live.reload();
    await expect(live.getByRole("heading", { name: "Newest fights" })).toBeVisible();

    const history = main.getByRole("region", { name: "History" });
    await expect(history.getByRole("listitem").first()).toContainText("Version 2 · live");
    await expect(history.getByRole("listitem").first()).toContainText("Rename the rail");
    const compare = history.getByRole("form", { name: "Compare" });
    await compare.getByLabel("Older").selectOption("1");
    await compare.getByLabel("Newer").selectOption("2");
    await compare.getByRole("button", { name: "Compare" }).click();
    const compared = history.getByRole("region", { name: "Version 1 against Version 2" });
    await expect(compared.getByRole("listitem")).toHaveText(["Changed rail 'latest' in main"]);
    await expect(compared.locator('tr[data-op="removed"]')).toContainText(
      '"title": "Latest fights"',
    );
    await expect(compared.locator('tr[data-op="added"]')).toContainText('"title": "Newest fights"');
    expect(await axeViolations(page)).toEqual([]);

    // Restoring makes the old version the draft; nothing goes live until it is published.
    await history.getByRole("button", { name: "Restore version 1 as the draft" }).click();
    await expect(
      main.getByRole("status").filter({ hasText: "Version 1 is now the draft" }),
    ).toBeVisible();
    await expect(text).toHaveValue(/"title": "Latest fights"/);
    await live.reload();
    await expect(live.getByRole("heading", { name: "Newest fights" })).toBeVisible();
    await publishWith("Back to the first title");
    await expect(main.locator(".workbench-saved")).toHaveText("Version 3 is live");
    await live.reload();
    await expect(live.getByRole("heading", { name: "Latest fights" })).toBeVisible();

    await page.goto("/realm/arena/admin/audit");
    const rows = main.getByRole("row").filter({ hasText: name });
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText(`Restored section ${name} version 1 as version 3`);
    await expect(rows.nth(0)).toContainText("Back to the first title");
    await expect(rows.nth(2)).toContainText(`Published section ${name} version 1`);
    await expect(rows.nth(2)).toContainText("First cut of the section");
    expect(await axeViolations(page)).toEqual([]);
    await rows.nth(0).getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/admin/content/section/${name}$`));
  });

  test("the live preview renders the unsaved text at mobile width and keeps the last good render while the text is invalid", async ({
    page,
    context,
    baseURL,
  }) => {
    await signIn(context, baseURL!, await tokenFor("arena", "ADMIN"));
    // A section of its own: valid text typed here is autosaved as its draft.
    await createSection(page, `wb-live-${Date.now().toString(36)}`);
    const main = page.locator("main");
    const live = main.getByRole("region", { name: "Live preview" });
    await live.getByRole("button", { name: "Mobile (375 px)" }).click();
    await expect(live.getByRole("button", { name: "Mobile (375 px)" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    const front = live.locator("iframe[data-front]");
    await expect(front).toHaveAttribute("title", "Live preview at 375 px");
    expect((await front.boundingBox())?.width).toBe(375);
    const shown = page.frameLocator(".workbench-live iframe[data-front]");
    await expect(shown.getByTestId("preview-banner")).toBeVisible();

    const text = postedText(main);
    const home = JSON.parse(await text.inputValue()) as { zones: { main: unknown[] } };
    const probe = {
      id: "live-probe",
      type: "rail",
      title: "Live rail probe",
      source: { kind: "videos" },
      itemsPerPage: 6,
    };
    home.zones.main.unshift(probe);
    await fillText(main, `${JSON.stringify(home, null, 2)}\n`);
    await expect(shown.getByRole("heading", { name: "Live rail probe" })).toBeVisible();
    await expect(shown.getByTestId("preview-banner")).toContainText("Unsaved text from the editor");

    // Invalid: our message at its line, and the last good render stays.
    probe.itemsPerPage = 500;
    const invalid = `${JSON.stringify(home, null, 2)}\n`;
    await fillText(main, invalid);
    const line = invalid.split("\n").findIndex((l) => l.includes('"itemsPerPage": 500')) + 1;
    await expect(live.getByRole("status")).toHaveText(
      "1 problem: the preview shows the last valid text",
    );
    await expect(live.getByRole("listitem")).toContainText(`Line ${line}, column`);
    await expect(live.getByRole("listitem")).toContainText("zones/main/0 (rail 'live-probe')");
    await expect(shown.getByRole("heading", { name: "Live rail probe" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // The invalid text never reached the draft (autosave refuses it as a save would).
    await expect(
      main.getByRole("status").filter({ hasText: "Not saved automatically: 1 problem" }),
    ).toBeVisible();
    await page.reload();
    await expect(postedText(main)).not.toHaveValue(/"itemsPerPage": 500/);
  });

  test("the live preview shows the page in each realm language, the admin's own page staying in theirs", async ({
    page,
    context,
    baseURL,
  }) => {
    await signIn(context, baseURL!, await tokenFor("liga", "ADMIN"));
    await page.goto("/realm/liga/admin/content/page/home");
    const own = await page.locator("html").getAttribute("lang");
    const shown = page.frameLocator(".workbench-live iframe[data-front]");
    await expect(shown.getByTestId("preview-banner")).toBeVisible();
    const language = page.locator("#workbench-language");
    await expect(language).toHaveValue(own!);
    expect(
      await language.locator("option").evaluateAll((o) => o.map((e) => e.textContent)),
    ).toEqual(["Português", "Español", "English"]);
    for (const lang of ["es", "en"].filter((l) => l !== own)) {
      await language.selectOption(lang);
      await expect(shown.locator("html")).toHaveAttribute("lang", lang);
      await expect(shown.getByTestId("preview-banner")).toHaveAttribute(
        "data-preview-view",
        "page",
      );
    }
    await expect(page.locator("html")).toHaveAttribute("lang", own!);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("the outline adds a rail from the palette and reorders it by keyboard; selecting a block links the text, the outline and the preview", async ({
    page,
    context,
    baseURL,
  }) => {
    // A long flow under load: several renders of the preview.
    test.slow();
    await signIn(context, baseURL!, await tokenFor("arena", "ADMIN"));
    // A section of its own (autosave keeps what is typed as its draft), with three blocks.
    const name = `wb-blocks-${Date.now().toString(36)}`;
    await createSection(page, name);
    const main = page.locator("main");
    const text = postedText(main);
    const start = JSON.parse(sectionText(name, 6)) as { zones: { main: unknown[] } };
    start.zones.main.push({ id: "news", type: "rail", title: "News", source: { kind: "news" } });
    start.zones.main.unshift({ id: "hero", type: "hero" });
    await fillText(main, `${JSON.stringify(start, null, 2)}\n`);
    const outline = main.getByRole("region", { name: "Outline", exact: true });
    const live = main.getByRole("region", { name: "Live preview" });
    const shown = page.frameLocator(".workbench-live iframe[data-front]");
    await live.getByRole("button", { name: "Mobile (375 px)" }).click();
    await expect(shown.getByTestId("preview-banner")).toBeVisible();
    const mainIds = async () =>
      (JSON.parse(await text.inputValue()) as { zones: { main: { id: string }[] } }).zones.main.map(
        (block) => block.id,
      );
    const before = await mainIds();
    const blocks = outline.locator('[data-zone="main"] li[data-block]');
    await expect(blocks).toHaveCount(before.length);

    // Keyboard only: open the palette, add a rail; it lands last, selected, with focus on it.
    await outline.getByText("Add a block to main").focus();
    await page.keyboard.press("Enter");
    await outline.getByRole("button", { name: "Add rail" }).focus();
    await page.keyboard.press("Enter");
    await expect(outline.getByRole("status")).toHaveText("Added 'latest-videos' to main");
    expect(await mainIds()).toEqual([...before, "latest-videos"]);
    const added = outline.locator('li[data-block="latest-videos"]');
    await expect(added.getByRole("button", { name: /^rail latest-videos/ })).toBeFocused();
    await expect(added.getByRole("button", { name: /^rail latest-videos/ })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    // The preview renders the unsaved text at mobile width, the new rail outlined.
    const railInPreview = shown.locator('[data-block-id="latest-videos"]');
    await expect(railInPreview.getByRole("heading", { name: "Latest videos" })).toBeVisible();
    await expect(railInPreview).toHaveAttribute("data-selected", "");
    await expect(shown.getByTestId("preview-banner")).toContainText("Unsaved text from the editor");

    // Move up twice by keyboard; focus stays on the button, and the preview follows.
    await page.keyboard.press("Tab");
    await expect(added.getByRole("button", { name: "Move up latest-videos" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(outline.getByRole("status")).toHaveText(
      `'latest-videos' is now number ${before.length} in main`,
    );
    await expect(added.getByRole("button", { name: "Move up latest-videos" })).toBeFocused();
    await page.keyboard.press("Enter");
    const moved = [...before.slice(0, -2), "latest-videos", ...before.slice(-2)];
    await expect.poll(mainIds).toEqual(moved);
    // The preview shows the new order once it has rendered the text.
    const previewOrder = () =>
      shown
        .locator("[data-block-id]")
        .evaluateAll((found) => found.map((el) => el.getAttribute("data-block-id")));
    await expect
      .poll(async () => {
        const order = await previewOrder();
        return order.indexOf("latest-videos") === order.indexOf(before.at(-1)!) - 2;
      })
      .toBe(true);

    // Duplicate, then remove the copy.
    await added.getByRole("button", { name: "Duplicate latest-videos" }).click();
    await expect(outline.getByRole("status")).toHaveText(
      "Added 'latest-videos-copy', a copy of 'latest-videos'",
    );
    expect(await mainIds()).toContain("latest-videos-copy");
    await outline
      .locator('li[data-block="latest-videos-copy"]')
      .getByRole("button", { name: "Remove latest-videos-copy" })
      .click();
    await expect(outline.getByRole("status")).toHaveText("Removed 'latest-videos-copy' from main");
    expect(await mainIds()).toEqual(moved);

    // Selecting in the outline selects the block's JSON in the text.
    const selectedJson = () =>
      text.evaluate((area: HTMLTextAreaElement) =>
        area.value.slice(area.selectionStart, area.selectionEnd),
      );
    await outline
      .locator('li[data-block="latest"]')
      .getByRole("button", { name: /^rail latest ·/ })
      .click();
    await expect(codeEditor(main)).toBeFocused();
    expect(JSON.parse(await selectedJson())).toMatchObject({ id: "latest", type: "rail" });
    await expect(shown.locator('[data-block-id="latest"]')).toHaveAttribute("data-selected", "");

    // Clicking a block in the preview selects it in the outline and the text, and follows no
    // link. The preview shows none of the realm's notices (cookie banner, promo) over the page.
    await expect(shown.locator(".notice-dock")).toHaveCount(0);
    const frameUrl = () => page.frame({ url: /preview/ })?.url();
    await expect(railInPreview.getByRole("heading", { name: "Latest videos" })).toBeVisible();
    await railInPreview.getByRole("heading", { name: "Latest videos" }).click();
    await expect(added.getByRole("button", { name: /^rail latest-videos/ })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    expect(JSON.parse(await selectedJson())).toMatchObject({ id: "latest-videos" });
    expect(frameUrl()).toMatch(/preview/);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("typed text is never lost: kept in the browser, offered back, and leaving asks first", async ({
    page,
    context,
    baseURL,
  }) => {
    await signIn(context, baseURL!, await tokenFor("arena", "ADMIN"));
    const name = `wb-keep-${Date.now().toString(36)}`;
    await createSection(page, name);
    const main = page.locator("main");
    // Text the server refuses (a rail of 500), so autosaving cannot keep it either.
    const typed = sectionText(name, 500, "Typed, not saved");
    await fillText(main, typed);
    await expect(
      main.getByRole("status").filter({ hasText: "Not saved automatically: 1 problem" }),
    ).toBeVisible();

    // A link to another page asks first; declining stays with the text.
    page.once("dialog", (dialog) => {
      expect(dialog.message()).toBe(
        "Your changes to this document are not saved. Leave the page anyway?",
      );
      void dialog.dismiss();
    });
    await main.getByRole("link", { name: "All documents" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/content/section/${name}$`));
    await expect(postedText(main)).toHaveValue(typed);

    // Another tab (or the same after a crash) is offered the text this browser kept.
    const again = await context.newPage();
    await again.goto(`/realm/arena/admin/content/section/${name}`);
    const offer = again.locator("main").getByRole("alert").filter({ hasText: "This browser kept" });
    await expect(offer).toBeVisible();
    expect(await axeViolations(again)).toEqual([]);
    await offer.getByRole("button", { name: "Put the unsaved text back" }).click();
    await expect(postedText(again.locator("main"))).toHaveValue(typed);
    await expect(offer).toHaveCount(0);
    await fillText(again.locator("main"), sectionText(name, 7, "Typed, not saved"));
    await again.locator("main").getByRole("button", { name: "Save the draft" }).click();
    await expect(
      again
        .locator("main")
        .getByRole("status")
        .filter({ hasText: /^Draft saved$/ }),
    ).toBeVisible();

    // Saved: nothing is offered any more, and leaving asks nothing.
    const third = await context.newPage();
    await third.goto(`/realm/arena/admin/content/section/${name}`);
    await expect(postedText(third.locator("main"))).toHaveValue(/"title": "Typed, not saved"/);
    await expect(third.locator("main").getByText("This browser kept")).toHaveCount(0);
    await third.locator("main").getByRole("link", { name: "All documents" }).click();
    await expect(third).toHaveURL(/\/admin\/content$/);
  });

  test("valid text is saved as the draft a few seconds after typing stops; someone else's newer draft stops it", async ({
    page,
    context,
    baseURL,
    browser,
  }) => {
    // Waits out the autosave pause several times, with a second admin.
    test.slow();
    await signIn(context, baseURL!, await tokenFor("arena", "ADMIN"));
    const name = `wb-auto-${Date.now().toString(36)}`;
    await createSection(page, name);
    const main = page.locator("main");
    const text = postedText(main);
    const state = main.locator(".workbench-autosave");
    await fillText(main, sectionText(name, 7, "Saved by itself"));
    await expect(state).toHaveText("Draft saved automatically");
    // Typing goes on without the editor being reset, and the draft on the server is the text.
    await codeEditor(main).press("End");
    await expect(text).toHaveValue(sectionText(name, 7, "Saved by itself"));
    const other = await context.newPage();
    await other.goto(`/realm/arena/admin/content/section/${name}`);
    const otherText = postedText(other.locator("main"));
    expect(JSON.parse(await otherText.inputValue())).toEqual(
      JSON.parse(sectionText(name, 7, "Saved by itself")),
    );
    await expect(other.locator("main").getByText("This browser kept")).toHaveCount(0);
    await other.close();

    // Text the schema refuses is not saved, and says so; the last good draft stays.
    await fillText(main, sectionText(name, 500, "Saved by itself"));
    await expect(state).toHaveText("Not saved automatically: 1 problem");

    // Another admin saves a draft meanwhile: the next autosave does not overwrite it.
    const otherAdmin = await browser.newContext({ baseURL });
    await signIn(otherAdmin, baseURL!, await tokenFor("arena", "ADMIN"));
    const theirs = await otherAdmin.newPage();
    await theirs.goto(`/realm/arena/admin/content/section/${name}`);
    await fillText(theirs.locator("main"), sectionText(name, 9, "Their version"));
    await theirs.locator("main").getByRole("button", { name: "Save the draft" }).click();
    await expect(
      theirs
        .locator("main")
        .getByRole("status")
        .filter({ hasText: /^Draft saved$/ }),
    ).toBeVisible();
    await otherAdmin.close();
    await fillText(main, sectionText(name, 8, "My version"));
    await expect(state).toHaveText(/Someone else saved this draft meanwhile/);
    // Saving by hand then shows both versions to merge.
    await main.getByRole("button", { name: "Save the draft" }).click();
    const theirsShown = main.getByRole("region", { name: "The draft saved meanwhile" });
    await expect(theirsShown.getByRole("textbox")).toHaveValue(/"Their version"/);
    await expect(postedText(main)).toHaveValue(/"My version"/);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("two admins saving the same draft: the second sees both versions and merges", async ({
    browser,
    baseURL,
  }) => {
    const sessions = await Promise.all([browser.newContext(), browser.newContext()]);
    const [one, two] = await Promise.all(
      sessions.map(async (context) => {
        await signIn(context, baseURL!, await tokenFor("arena", "ADMIN"));
        return context.newPage();
      }),
    );
    const name = `wb-merge-${Date.now().toString(36)}`;
    await one!.goto("/realm/arena/admin/content");
    const create = one!.locator("main").getByRole("region", { name: "New page or section" });
    await create.getByLabel("Kind").selectOption("section");
    await create.getByLabel("Key").fill(name);
    await create.getByRole("button", { name: "Create the draft" }).click();
    await expect(one!).toHaveURL(new RegExp(`/admin/content/section/${name}$`));
    await two!.goto(`/realm/arena/admin/content/section/${name}`);

    const edit = async (page: Page, itemsPerPage: number) => {
      await fillText(page.locator("main"), sectionText(name, itemsPerPage));
      await page.locator("main").getByRole("button", { name: "Save the draft" }).click();
    };
    await edit(one!, 10);
    await expect(
      one!
        .locator("main")
        .getByRole("status")
        .filter({ hasText: /^Draft saved$/ }),
    ).toBeVisible();
    await edit(two!, 20);
    const main = two!.locator("main");
    await expect(main.getByRole("alert").filter({ hasText: "Someone else saved" })).toBeVisible();
    const theirs = main.getByRole("region", { name: "The draft saved meanwhile" });
    await expect(theirs.getByRole("textbox")).toHaveValue(/"itemsPerPage": 10/);
    await expect(postedText(main)).toHaveValue(/"itemsPerPage": 20/);
    expect(await axeViolations(two!)).toEqual([]);
    // Saving now goes over the draft shown beside: merged, it is saved.
    await main.getByRole("button", { name: "Save the draft" }).click();
    await expect(main.getByRole("status").filter({ hasText: /^Draft saved$/ })).toBeVisible();
    await Promise.all(sessions.map((context) => context.close()));
  });

  test("customers get 403 on every workbench page and action", async ({
    page,
    context,
    baseURL,
  }) => {
    // Signed out, the route table sends the visitor to sign in first.
    await page.goto("/realm/arena/admin/content");
    await expect(page).not.toHaveURL(/\/admin\/content/);
    await signIn(context, baseURL!, await tokenFor("arena", "CUSTOMER"));
    for (const path of [
      "/realm/arena/admin/content",
      "/realm/arena/admin/content/page/home",
      "/realm/arena/admin/audit",
    ]) {
      const answer = await page.goto(path);
      expect(answer?.status(), path).toBe(403);
      expect(answer?.headers()["cache-control"], path).toBe("private, no-store");
      if (path.endsWith("/audit")) continue;
      for (const intent of ["save", "publish", "restore"]) {
        const posted = await page.request.post(path, {
          form: {
            intent,
            text: "{}",
            revision: "0",
            version: "1",
            note: "x",
            target: "page",
            key: "x-nope",
          },
        });
        expect(posted.status(), `${intent} ${path}`).toBe(403);
      }
    }
    expect(await axeViolations(page)).toEqual([]);
  });
});
