import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

/** The document's text as the form posts it: the textarea the code editor keeps in sync. */
export const postedText = (main: Locator) => main.locator("#workbench-text");

/** The code editor, shown in place of that textarea once the page has loaded it. */
export const codeEditor = (main: Locator) => main.getByRole("textbox", { name: "Document (JSON)" });

/** Replaces the document's text in the code editor, once it is there. */
export async function fillText(main: Locator, value: string): Promise<void> {
  await expect(main.locator(".cm-content")).toBeVisible();
  await codeEditor(main).fill(value);
  await expect(postedText(main)).toHaveValue(value);
}

/** Creates a section's first draft from the documents list and waits for its editor. */
export async function createSection(
  page: Page,
  name: string,
  title = "Workbench section",
): Promise<void> {
  await page.goto("/realm/arena/admin/content");
  const create = page.locator("main").getByRole("region", { name: "New page or section" });
  await create.getByLabel("Kind").selectOption("section");
  await create.getByLabel("Key").fill(name);
  await create.getByLabel("Title").fill(title);
  await create.getByRole("button", { name: "Create the draft" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/content/section/${name}$`));
}
