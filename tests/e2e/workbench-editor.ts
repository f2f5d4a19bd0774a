import type { Locator } from "@playwright/test";
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
