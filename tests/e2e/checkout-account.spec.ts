import type { Locator, Page } from "@playwright/test";
import { axeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { signIn } from "./signed-in.ts";
import { cards, confirmationToken, freshAccount, type Realm } from "./watching.ts";

const hydrated = (page: Page) => page.locator("html[data-hydrated]").waitFor();
const PASSWORD = "watch-pass-1";
const newEmail = (realm: Realm) => `buyer-${crypto.randomUUID().slice(0, 8)}@${realm}.test`;

/** The demo video each realm keeps behind its licence, which a new account lacks. */
const LICENSED_VIDEO: Record<Realm, RegExp> = {
  arena: /^Replay: AFC 208/,
  liga: /^Reprise: Estrela do Norte/,
};

async function licensedVideoId(baseUrl: string, realm: Realm): Promise<number> {
  const all = await cards(baseUrl, realm, "/v2/vods?rpp=100");
  const video = all.find((card) => LICENSED_VIDEO[realm].test(card.title));
  expect(video, "the demo realm's licensed video").toBeDefined();
  return (video as unknown as { id: number }).id;
}

/** The account step's "create your account" part. */
const signupPart = (page: Page) =>
  page.getByRole("main").getByRole("region", { name: /Crie sua conta|Create your account/ });

async function fillCard(page: Page) {
  await page.getByLabel(/Nome no cartão|Name on card/).fill("Robin Watcher");
  await page.getByLabel(/Número do cartão|Card number/).fill("4242 4242 4242 4242");
  await page.getByLabel(/Validade|Expiry date/).fill("12/34");
  await page.getByLabel(/Código de segurança|Security code/).fill("123");
}

async function fillLigaSignup(part: Locator, email: string) {
  await part.getByLabel(/E-mail|Email/).fill(email);
  await part.locator('input[name="password"]').fill(PASSWORD);
  await part.getByLabel(/CPF|Tax number/).fill("123.456.789-09");
  await part.getByLabel(/País|Country/).selectOption("BR");
  await part.getByRole("radio", { name: /Brasil|Brazil/ }).check();
}

/** The confirmation link's token from the account's confirmation mail. */
async function confirmEmail(baseUrl: string, realm: Realm, email: string) {
  const token = await confirmationToken(baseUrl, realm, email);
  expect(token, "the confirmation mail").toBeTruthy();
  return token!;
}

test.describe("an account made inside the checkout", () => {
  test("liga: a signed-out visitor creates the account in the checkout, buys the monthly plan and plays the video", async ({
    page,
    baseURL,
  }) => {
    await page.goto("/realm/liga/purchase?licence=LIGA_MENSAL");
    await hydrated(page);
    const main = page.getByRole("main");
    // Liga asks for the account first.
    await expect(main.getByRole("heading", { name: /Sua conta|Your account/ })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    const part = signupPart(page);
    // A weak password is refused on this step; changing the e-mail clears the message.
    const email = newEmail("liga");
    await fillLigaSignup(part, email);
    await part.locator('input[name="password"]').fill("abc");
    await part.getByRole("button", { name: /Criar conta|Create account/ }).click();
    await expect(part.getByText(/6 a 24|6 to 24/).first()).toBeVisible();
    await part.locator('input[name="password"]').fill(PASSWORD);
    await part.getByRole("button", { name: /Criar conta|Create account/ }).click();

    // Signed in, on with the plan chosen: the billing address (one way to pay).
    await expect(
      main.getByRole("heading", { name: /Endereço de cobrança|Billing address/ }),
    ).toBeVisible();
    await expect(page).toHaveURL(/licence=LIGA_MENSAL/);
    await expect(page.getByRole("complementary")).toContainText(/Liga Play Mensal/);
    await main.getByLabel(/País|Country/).selectOption("BR");
    await main.getByLabel(/CEP|Postal code/).fill("01310-100");
    await main.getByRole("button", { name: /Continuar|Continue/ }).click();
    await expect(main.getByRole("heading", { name: /Dados do cartão|Card details/ })).toBeVisible();
    await fillCard(page);
    await main.getByRole("checkbox").check();
    await main
      .getByRole("button", { name: /Iniciar assinatura|Start subscription|Pagar|Pay/ })
      .click();
    await expect(
      page.getByRole("heading", { name: /Sua assinatura está ativa|You are subscribed/ }),
    ).toBeVisible();

    const video = await licensedVideoId(baseURL!, "liga");
    await page.goto(`/realm/liga/vod/${video}`);
    await hydrated(page);
    await expect(page.locator("video")).toBeVisible();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
  });

  test("arena: the account made in the checkout pays before its e-mail is confirmed, and watches once it is", async ({
    page,
    baseURL,
  }) => {
    await page.goto("/realm/arena/purchase");
    await hydrated(page);
    const main = page.getByRole("main");
    await main.getByRole("radio", { name: /Fight Pass Monthly/ }).check();
    await main.getByRole("button", { name: "Continue" }).click();
    await expect(main.getByRole("heading", { name: "Your account", exact: true })).toBeVisible();
    const part = signupPart(page);
    const email = newEmail("arena");
    await part.getByLabel("Email").fill(email);
    await part.locator('input[name="password"]').fill(PASSWORD);
    await part.getByLabel(/Full name/).fill("Robin Buyer");
    await part.getByLabel("Country").selectOption("GB");
    // The terms are required: without them the step says so and keeps what was typed.
    await part.getByRole("button", { name: "Create account" }).click();
    await expect(part.getByRole("alert").first()).toBeVisible();
    await expect(part.getByLabel("Email")).toHaveValue(email);
    await part.getByRole("checkbox").first().check();
    await part.getByRole("button", { name: "Create account" }).click();

    await expect(main.getByRole("heading", { name: "Payment method" })).toBeVisible();
    await expect(page.getByRole("complementary")).toContainText("Fight Pass Monthly");
    await main.getByRole("radio", { name: "Credit or debit card" }).check();
    await main.getByRole("button", { name: "Continue" }).click();
    await main.getByLabel("Country").selectOption("GB");
    await main.getByLabel("Postal code").fill("SW1A 1AA");
    await main.getByRole("button", { name: "Continue" }).click();
    await fillCard(page);
    await main.getByRole("button", { name: /^(Pay |Start subscription)/ }).click();
    await expect(page.getByRole("heading", { name: "You are subscribed" })).toBeVisible();

    // Watching waits for the confirmation (decision 022).
    const video = await licensedVideoId(baseURL!, "arena");
    await page.goto(`/realm/arena/vod/${video}`);
    await hydrated(page);
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toHaveAttribute("data-error", "unconfirmed");
    await expect(dialog).toContainText("Confirm your email address first");
    expect(await axeViolations(page)).toEqual([]);

    const token = await confirmEmail(baseURL!, "arena", email);
    await page.goto(`/realm/arena/email-confirmation?token=${token}`);
    await page.goto(`/realm/arena/vod/${video}`);
    await hydrated(page);
    await expect(page.locator("video")).toBeVisible();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
  });

  test("liga: an account without a region is asked it first in the checkout", async ({
    page,
    context,
    baseURL,
  }) => {
    const account = await freshAccount(baseURL!, "liga", { partition: null });
    await signIn(context, baseURL!, account.authorisationToken, account.refreshToken);
    await page.goto("/realm/liga/purchase");
    await hydrated(page);
    const main = page.getByRole("main");
    await expect(
      main.getByRole("heading", { name: /onde você assiste|Where do you watch/i }),
    ).toBeVisible();
    await expect(page.getByRole("list", { name: /Etapas|Checkout steps/ })).toContainText(
      /Sua região|Your region/,
    );
    expect(await axeViolations(page)).toEqual([]);
    await main.getByRole("radio", { name: "Portugal" }).check();
    await main.getByRole("button", { name: /Continuar|Continue/ }).click();
    // Portugal sells the monthly plan only, at its own price: nothing to choose.
    await expect(
      main.getByRole("heading", { name: /onde você assiste|Where do you watch/i }),
    ).toHaveCount(0);
    await expect(page.getByRole("complementary")).toContainText("5,99");
    await expect(main).not.toContainText("Passe da Final");
  });

  test("without JavaScript, the account step creates the account and the checkout goes on", async ({
    browser,
    baseURL,
  }) => {
    const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await noScript.newPage();
    await page.goto("/realm/liga/purchase?licence=LIGA_MENSAL");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { name: /Sua conta|Your account/ })).toBeVisible();
    const part = signupPart(page);
    const email = newEmail("liga");
    await fillLigaSignup(part, email);
    await part.getByRole("button", { name: /Criar conta|Create account/ }).click();
    await expect(
      main.getByRole("heading", { name: /Endereço de cobrança|Billing address/ }),
    ).toBeVisible();
    await expect(page).toHaveURL(/licence=LIGA_MENSAL/);

    // The sign-in part, in another browser without scripts: a wrong password says so here.
    const other = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const again = await other.newPage();
    await again.goto("/realm/liga/purchase?licence=LIGA_MENSAL");
    const signin = again
      .getByRole("main")
      .getByRole("region", { name: /Já tenho uma conta|I already have an account/ });
    await signin.getByLabel(/E-mail|Email/).fill(email);
    await signin.locator('input[name="password"]').fill("wrong-pass-9");
    await signin.getByRole("button", { name: /Entrar|Sign in/ }).click();
    await expect(signin.getByRole("alert").first()).toBeVisible();
    await signin.getByLabel(/E-mail|Email/).fill(email);
    await signin.locator('input[name="password"]').fill(PASSWORD);
    await signin.getByRole("button", { name: /Entrar|Sign in/ }).click();
    await expect(
      again
        .getByRole("main")
        .getByRole("heading", { name: /Endereço de cobrança|Billing address/ }),
    ).toBeVisible();
    await other.close();
    await noScript.close();
  });
});
