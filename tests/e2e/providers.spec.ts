import { axeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { signIn } from "./signed-in.ts";
import { freshAccount } from "./watching.ts";

test.describe("ways to sign in", () => {
  test("arena: email and password with sign-up, and a TV code", async ({ page }) => {
    await page.goto("/realm/arena/providers");
    await expect(page).toHaveTitle("Ways to sign in · Arena Fight Pass");
    await expect(page.getByRole("heading", { level: 1, name: "Ways to sign in" })).toBeVisible();
    const ways = page.getByRole("listitem");
    await expect(ways.getByRole("heading", { level: 2 })).toHaveText([
      "Email and password",
      "On a TV",
    ]);
    await expect(ways.getByRole("link", { name: "Sign in" })).toHaveAttribute(
      "href",
      "/realm/arena/login",
    );
    await expect(ways.getByRole("link", { name: "Create account" })).toHaveAttribute(
      "href",
      "/realm/arena/signup",
    );
    await expect(ways.getByRole("link", { name: "Enter a TV code" })).toHaveAttribute(
      "href",
      "/realm/arena/tv",
    );
    expect(await axeViolations(page)).toEqual([]);
  });

  test("liga: an emailed link too, and a signed-in viewer is pointed to their account's security", async ({
    page,
    context,
    baseURL,
  }) => {
    const account = await freshAccount(baseURL!, "liga");
    await signIn(context, baseURL!, account.authorisationToken, account.refreshToken);
    await page.goto("/realm/liga/providers");
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText([
      "E-mail e senha",
      "Um link por e-mail",
    ]);
    await expect(page.getByRole("main").getByRole("link", { name: "Segurança" })).toHaveAttribute(
      "href",
      "/realm/liga/account?section=accountsecurity",
    );
    expect(await axeViolations(page)).toEqual([]);
  });
});
