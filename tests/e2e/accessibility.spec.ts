import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures.ts";
import { signInAs } from "./signed-in.ts";

const PAGES = [
  "/",
  "/realm/arena",
  "/realm/liga",
  "/realm/arena/section/fight-nights",
  "/realm/liga/section/schedule",
  "/realm/arena/grid/all-videos",
  "/realm/arena/no-such-page",
  "/realm/liga/gifts",
  "/realm/liga/gifts/redeem?code=NO-SUCH-CODE",
  "/disconnected",
];

for (const path of PAGES) {
  test(`axe finds no violations on ${path}`, async ({ page, context, baseURL }) => {
    // Arena's content pages are for its customers.
    if (path.startsWith("/realm/arena/")) await signInAs(context, baseURL!, "arena", "CUSTOMER");
    await page.goto(path);
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    expect(
      results.violations.map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
      ),
    ).toEqual([]);
  });
}

test("axe finds no violations on the mobile realm home", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/realm/liga");
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});
