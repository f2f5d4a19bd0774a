import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { encodeChallengeInput, solveChallenge } from "../../contract/challenge.ts";
import { HEADERS } from "../../contract/headers.ts";
import { DEMO_KEYS } from "../fixtures/secrets.ts";
import { expect, test } from "./fixtures.ts";

const PASSWORD = "demo-pass-1";
const hydrated = (page: Page) => page.waitForSelector("html[data-hydrated]");
// Password inputs have no ARIA role; their label is checked where it matters.
const passwordField = (page: Page) => page.locator('input[name="password"]');

async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
}

/** The platform as a script would call it (challenge solved in Node). */
async function platformPost(
  request: APIRequestContext,
  realm: "arena" | "liga",
  path: string,
  body: unknown,
) {
  const headers = {
    Realm: realm,
    "X-Api-Key": DEMO_KEYS[realm],
    App: "e2e",
    "Content-Type": "application/json",
  };
  let res = await request.post(path, { headers, data: body });
  if (res.status() === 428) {
    const { details } = await res.json();
    const input = encodeChallengeInput({
      id: details.challenge.id,
      secrets: [{ type: "CAPTCHA", value: await solveChallenge(details.challenge) }],
    });
    res = await request.post(path, {
      headers: { ...headers, [HEADERS.challengeInput]: input },
      data: body,
    });
  }
  return res;
}

/** The newest email to `recipient`, read from the outbox as the realm's admin would. */
async function latestMail(request: APIRequestContext, realm: "arena" | "liga", recipient: string) {
  const login = await platformPost(request, realm, "/api/v2/login", {
    id: `admin@${realm}.test`,
    secret: PASSWORD,
  });
  const { authorisationToken } = await login.json();
  const res = await request.get("/api/v2/admin/outbox?rpp=50", {
    headers: {
      Realm: realm,
      "X-Api-Key": DEMO_KEYS[realm],
      App: "e2e",
      Authorization: `Bearer ${authorisationToken}`,
    },
  });
  const { hits } = (await res.json()) as { hits: { recipient: string; body: string }[] };
  return hits.find((mail) => mail.recipient === recipient);
}

test.describe("sign-in page", () => {
  test("works by keyboard: asterisks, the first problem, show/hide, wrong password, axe", async ({
    page,
  }) => {
    await page.goto("/realm/liga/login");
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
    await expect(page.locator(".required-mark")).toHaveCount(2);
    expect(await axeViolations(page)).toEqual([]);

    // Empty submit: the first problem in the message area, focus on its field.
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText("Please enter your email address.");
    await expect(page.getByRole("textbox", { name: "Email", exact: true })).toBeFocused();
    await expect(page.getByRole("textbox", { name: "Email", exact: true })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    expect(await axeViolations(page)).toEqual([]);

    await page.keyboard.type("fan@liga.test");
    await page.keyboard.press("Tab");
    await expect(passwordField(page)).toBeFocused();
    await expect(page.getByLabel("Password*", { exact: true })).toHaveAttribute("name", "password");
    await page.keyboard.type("wrong-password");
    const password = passwordField(page);
    await expect(password).toHaveAttribute("type", "password");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Show password" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(password).toHaveAttribute("type", "text");
    await expect(page.getByRole("button", { name: "Show password" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await password.press("Enter");
    await expect(page.getByRole("alert")).toContainText("The email or password is not right.");
    expect(await axeViolations(page)).toEqual([]);
  });

  test("signs in, returns to where the viewer was going, and signs out", async ({
    page,
    context,
  }) => {
    await page.goto("/realm/liga/login?from=%2Fbrowse%3Fx%3D1");
    await hydrated(page);
    await page.getByRole("button", { name: "I agree" }).click();
    await expect(page.getByRole("region", { name: "Cookies on this site" })).toHaveCount(0);
    await page.getByRole("textbox", { name: "Email", exact: true }).fill("viewer@liga.test");
    await passwordField(page).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/realm\/liga\/browse\?x=1$/);
    await expect(page.getByRole("link", { name: "Sign in" })).toHaveCount(0);

    const cookie = (await context.cookies()).find((c) => c.name === "__session");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/realm/liga" });

    // A visit to /logout asks first; its button posts the sign-out.
    await page.goto("/realm/liga/logout");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Log out?");
    await page.getByRole("button", { name: "Log out", exact: true }).click();
    await expect(page.locator(".toast")).toContainText("You have signed out.");
    await expect(page).toHaveURL(/\/realm\/liga$/);
    // Signed out: the next page checks in as a guest again (liga gives guests full access).
    await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
    // Signing out keeps the cookie agreement, and sign-in says why the last session ended.
    await expect(page.getByRole("region", { name: "Cookies on this site" })).toHaveCount(0);
    await page.goto("/realm/liga/login");
    await expect(page.getByRole("status")).toContainText("You have signed out.");
  });

  test("never sends the viewer to another site after signing in", async ({ page }) => {
    // Four sign-ins and four confirmed sign-outs.
    test.slow();
    // The cookie banner is answered first: while it is open the rest of the page is inert.
    await page.goto("/realm/liga/login");
    await hydrated(page);
    await page.getByRole("button", { name: "I agree" }).click();
    for (const from of [
      "//evil.test",
      "/\\evil.test",
      "https://evil.test/x",
      "javascript:alert(1)",
    ]) {
      await page.goto(`/realm/liga/login?from=${encodeURIComponent(from)}`);
      await page.getByRole("textbox", { name: "Email", exact: true }).fill("fan@liga.test");
      await passwordField(page).fill(PASSWORD);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await expect(page).toHaveURL(/\/realm\/liga\/home$/);
      await page.goto("/realm/liga/logout");
      await page.getByRole("button", { name: "Log out", exact: true }).click();
      await expect(page).toHaveURL(/\/realm\/liga$/);
    }
  });

  test("works without JavaScript", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/realm/liga/login");
    await page.getByRole("textbox", { name: "Email", exact: true }).fill("fan@liga.test");
    await passwordField(page).fill("short");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText("Passwords have 6 to 24 characters.");
    await passwordField(page).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/realm\/liga\/home$/);
    await context.close();
  });

  test("arena: a signed-out viewer is sent to sign in and comes back, past the challenge", async ({
    page,
  }) => {
    await page.goto("/realm/arena/browse");
    await expect(page).toHaveURL(/\/realm\/arena\/login\?from=%2Fbrowse$/);
    await hydrated(page);
    await page.getByRole("textbox", { name: "Email", exact: true }).fill("viewer@arena.test");
    await passwordField(page).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    // The browser solved the proof-of-work challenge and sent the form again by itself. The
    // number of digests that takes is random (about 2^14 on average, several times that in the
    // long tail), each an async SubtleCrypto call: on a loaded machine, longer than the default
    // wait. This checks that the flow completes; its speed is not a test's to time.
    await expect(page).toHaveURL(/\/realm\/arena\/browse#profilesFromLogin$/, { timeout: 30_000 });
  });

  test("refuses a form posted from another site", async ({ request }) => {
    const res = await request.post("/realm/liga/login", {
      headers: { Origin: "http://evil.test" },
      form: { email: "fan@liga.test", password: PASSWORD },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(403);
    expect(res.headers()["set-cookie"]).toBeUndefined();
  });
});

test.describe("sign-up", () => {
  test("liga: the provider's fields and rules, then signed in", async ({ page }) => {
    await page.goto("/realm/liga/signup");
    // Liga does not show its plans there.
    await expect(page.getByRole("complementary")).toHaveCount(0);
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign up");
    // Errors appear after leaving a field.
    await page.getByLabel("Tax number").fill("12");
    await page.getByLabel("Tax number").blur();
    await expect(page.getByText("Please enter a valid tax number.")).toBeVisible();
    const country = page.getByLabel("Country");
    await expect(country.locator("option[value=ZZ]")).toHaveCount(0);
    await expect(country.locator("option[value=BR]")).toHaveCount(1);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("textbox", { name: "Email", exact: true }).fill("e2e.signup@liga.test");
    await passwordField(page).fill("secret-12");
    await page.getByLabel("Tax number").fill("123.456.789-09");
    await country.selectOption("BR");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/realm\/liga\/home$/);
    await expect(page.getByRole("link", { name: "Sign in" })).toHaveCount(0);
  });

  test("arena: sign up, confirm by the emailed link, sign out, sign in again", async ({
    page,
    request,
  }) => {
    await page.goto("/realm/arena/signup");
    await hydrated(page);
    // Arena shows what it sells beside the form (showLicencesOnSignup).
    const plans = page.getByRole("complementary", { name: "Plans on offer" });
    await expect(plans.getByRole("listitem")).toHaveCount(3);
    await expect(plans).toContainText("Fight Pass Monthly");
    await expect(plans).toContainText(/€\d+\.\d{2} a month/);
    await page.getByRole("textbox", { name: "Email", exact: true }).fill("e2e.joiner@arena.test");
    await passwordField(page).fill("secret-12");
    await page.getByLabel("Full name").fill("E2E Joiner");
    await page.getByLabel("Country").selectOption("IE");
    // Arena signs up with consent: its terms are required.
    const terms = page.getByRole("checkbox", { name: /I accept the terms and conditions/ });
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("alert")).toHaveText("This field is required.");
    await expect(terms).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
    await terms.check();
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/realm\/arena\/email-confirmation\?sent=1$/);
    await expect(page.getByRole("status")).toContainText("We've emailed you a link");

    const mail = await latestMail(request, "arena", "e2e.joiner@arena.test");
    const link = /https?:\/\/\S+(\/realm\/arena\/email-confirmation\?token=[\w-]+)/.exec(
      mail!.body,
    )!;
    await page.goto(link[1]!);
    await expect(page.getByRole("status")).toHaveText("Thanks, your email address is confirmed.");

    await page.goto("/realm/arena/login");
    await hydrated(page);
    await page.getByRole("textbox", { name: "Email", exact: true }).fill("e2e.joiner@arena.test");
    await passwordField(page).fill("secret-12");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/realm\/arena\/home#profilesFromLogin$/);
  });
});

test.describe("account recovery", () => {
  test("a reset link from the outbox sets a new password", async ({ page, request }) => {
    // An account of this test's own: other specs sign in to the demo accounts.
    const signup = await platformPost(request, "liga", "/api/v2/user/pbr", {
      email: "forgetful@liga.test",
      secret: "first-pass-1",
      taxNumber: "123.456.789-09",
      country: "BR",
    });
    expect(signup.status()).toBe(201);
    await page.goto("/realm/liga/login/request-password");
    await page.getByRole("textbox", { name: "Email", exact: true }).fill("forgetful@liga.test");
    await page.getByRole("button", { name: "Send me a reset link" }).click();
    await expect(page.getByRole("status")).toContainText("a link to reset the password");
    const mail = await latestMail(request, "liga", "forgetful@liga.test");
    const link = /https?:\/\/\S+(\/realm\/liga\/login\/reset-password\?pwrt=[\w-]+)/.exec(
      mail!.body,
    )!;
    await page.goto(link[1]!);
    await passwordField(page).fill("fresh-pass-2");
    await page.getByRole("button", { name: "Save password" }).click();
    await expect(page).toHaveURL(/\/realm\/liga\/login$/);
    await page.getByRole("textbox", { name: "Email", exact: true }).fill("forgetful@liga.test");
    await passwordField(page).fill("fresh-pass-2");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/realm\/liga\/home$/);
  });

  test("an emailed sign-in link signs in once and then says it was used", async ({
    page,
    request,
  }) => {
    const signup = await platformPost(request, "liga", "/api/v2/user/pbr", {
      email: "linked@liga.test",
      secret: "link-pass-1",
      taxNumber: "123.456.789-09",
      country: "BR",
    });
    expect(signup.status()).toBe(201);
    await page.goto("/realm/liga/login?from=%2Fnews");
    await hydrated(page);
    await page.getByRole("textbox", { name: "Email", exact: true }).fill("linked@liga.test");
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await expect(page.getByRole("status")).toContainText("a sign-in link is on its way");
    const mail = await latestMail(request, "liga", "linked@liga.test");
    const link = /https?:\/\/\S+(\/realm\/liga\/login\?magic=[\w-]+)/.exec(mail!.body)!;

    // Opening the link signs nobody in (mail scanners open links); the button does.
    await page.context().clearCookies();
    await page.goto(link[1]!);
    await expect(
      page.getByText("You're about to sign in with the link we emailed you."),
    ).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/realm\/liga\/home$/);
    await expect(page.getByRole("link", { name: "Sign in" })).toHaveCount(0);

    await page.context().clearCookies();
    await page.goto(link[1]!);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText(
      "This sign-in link has expired or was already used. Ask for a new one.",
    );
  });

  test("the pending account activates from its link and is signed in", async ({ page }) => {
    await page.goto("/realm/liga/activate/demo-liga-activation");
    await expect(page.getByText("pending@liga.test")).toBeVisible();
    await expect(page.getByText("ALL_ACCESS")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Activate" }).click();
    await expect(page).toHaveURL(/\/realm\/liga\/home$/);
    await expect(page.getByRole("link", { name: "Sign in" })).toHaveCount(0);
  });
});
