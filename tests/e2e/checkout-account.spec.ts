import type { Page } from "@playwright/test";
import { axeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { signIn } from "./signed-in.ts";
import { cards, confirmationLink, freshAccount, payByCard } from "./watching.ts";

const hydrated = (page: Page) => page.locator("html[data-hydrated]").waitFor();

test.describe("an account made inside the checkout", () => {
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

  test("arena: a guest follows the Fight Night 89 pass's link, makes an account inside the checkout, pays, and watches once the e-mail is confirmed", async ({
    page,
    baseURL,
  }) => {
    test.slow();
    const events = await cards(baseURL!, "arena", "/v2/events?rpp=100");
    const event = events.find((card) => card.title.startsWith("AFC Fight Night 89: Yıldırım"));
    expect(event, "arena's pay-per-view event").toBeDefined();
    const email = `guest-${crypto.randomUUID().slice(0, 8)}@arena.test`;

    // The pass's link, as the event's "Buy this event" makes it (arena sends guests who open
    // the event itself to sign in first).
    await page.goto(
      `/realm/arena/purchase?licence=AFC_FIGHT_NIGHT_89_PPV&return=${encodeURIComponent(`/live/${event!.id}`)}`,
    );
    const dialog = page.getByRole("alertdialog");

    // The pass is chosen; a guest makes an account inside the checkout, the pass kept.
    await expect(page).toHaveURL(/licence=AFC_FIGHT_NIGHT_89_PPV/);
    const main = page.getByRole("main");
    const summary = page.getByRole("complementary");
    await expect(summary.getByRole("list", { name: "This pass opens:" })).toHaveText(event!.title);
    await hydrated(page);
    const signup = main.getByRole("region", { name: "Create your account" });
    await signup.getByRole("textbox", { name: "Email", exact: true }).fill(email);
    await signup.locator('input[name="password"]').fill("secret-12");
    await signup.getByLabel("Full name").fill("Guest Buyer");
    await signup.getByLabel("Country").selectOption("IE");
    await signup.getByRole("checkbox", { name: /I accept the terms and conditions/ }).check();
    expect(await axeViolations(page)).toEqual([]);
    await signup.getByRole("button", { name: "Create account" }).click();

    // Signed in now, on to paying: the plan is still the pass.
    await expect(main.getByRole("heading", { name: "Payment method" })).toBeVisible({
      timeout: 30_000,
    });
    await expect(
      summary.getByRole("heading", { name: "AFC Fight Night 89: Yıldırım vs. Marchetti" }),
    ).toBeVisible();
    await main.getByRole("radio", { name: "Credit or debit card" }).first().check();
    await main.getByRole("button", { name: "Continue" }).click();
    await expect(main.getByRole("heading", { name: "Billing address" })).toBeVisible();
    await main.getByLabel("Country").selectOption("IE");
    await main.getByLabel("Postal code").fill("D02 X285");
    await main.getByRole("button", { name: "Continue" }).click();
    await expect(main.getByRole("heading", { name: "Card details" })).toBeVisible();
    await expect(summary.getByRole("list", { name: "This pass opens:" })).toHaveText(event!.title);
    expect(await axeViolations(page)).toEqual([]);
    await payByCard(page, "4242 4242 4242 4242");
    await expect(main.getByRole("heading", { name: "Payment confirmed" })).toBeVisible();
    await expect(main).toContainText("AFC Fight Night 89: Yıldırım vs. Marchetti");

    // Arena asks for the e-mail first (decision 022): the event waits for the link.
    await main.getByRole("link", { name: "Start watching" }).click();
    await expect(page).toHaveURL(new RegExp(`/realm/arena/live/${event!.id}$`));
    await expect(dialog).toHaveAttribute("data-error", "unconfirmed");
    // The mailed link leads to the site the viewer bought on, not to an internal address.
    const link = await confirmationLink(baseURL!, "arena", email);
    expect(link?.origin, "the confirmation link in the outbox").toBe(new URL(baseURL!).origin);
    // Followed in the same browser, still signed in: confirmed, and on to the home page.
    await page.goto(`${link!.pathname}${link!.search}`);
    await expect(page).toHaveURL(/\/realm\/arena\/home$/);
    await page.goto(`/realm/arena/live/${event!.id}`);
    await hydrated(page);
    await expect(page.locator("video")).toBeVisible();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
  });

  test("liga: a guest refused the final buys its pass, making the account first as liga's checkout asks", async ({
    page,
    baseURL,
  }) => {
    test.slow();
    const events = await cards(baseURL!, "liga", "/v2/events?rpp=100");
    const final = events.find((card) => card.title === "Copa Nacional: Final");
    expect(final, "liga's pay-per-view final").toBeDefined();
    const email = `guest-${crypto.randomUUID().slice(0, 8)}@liga.test`;

    await page.goto(`/realm/liga/live/${final!.id}`);
    await hydrated(page);
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toHaveAttribute("data-error", "notLicensed");
    await dialog.getByRole("link", { name: /^(Buy this event|Comprar este evento) / }).click();

    // Liga's order starts with the account; the pass is kept through it.
    await expect(page).toHaveURL(/licence=LIGA_FINAL_PASS/);
    const main = page.getByRole("main");
    const summary = page.getByRole("complementary");
    await expect(summary.getByRole("list", { name: /This pass opens|Este passe/ })).toHaveText(
      "Copa Nacional: Final",
    );
    await hydrated(page);
    const signup = main.getByRole("region", { name: /Create your account|Crie sua conta/ });
    await expect(signup).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await signup.getByRole("textbox", { name: "Email", exact: true }).fill(email);
    await signup.locator('input[name="password"]').fill("secret-12");
    await signup.getByLabel(/Tax number|CPF/).fill("123.456.789-09");
    await signup.getByLabel(/Country|País/).selectOption("BR");
    await signup.getByRole("button", { name: /Create account|Criar conta/ }).click();

    // A new liga account agrees to the terms first.
    const consent = page.getByRole("dialog", { name: /Before you go on|Antes de continuar/ });
    await expect(consent).toBeVisible({ timeout: 30_000 });
    await consent.getByLabel(/I accept the terms and conditions|Aceito os termos/).check();
    await consent.getByRole("button", { name: /Save and continue|Salvar e continuar/ }).click();
    await expect(consent).toHaveCount(0);

    // Then the plan, the pass already chosen, and on to paying by card.
    const continueButton = main.getByRole("button", { name: /^(Continue|Continuar)$/ });
    await expect(main.getByRole("radio", { name: /Passe da Final|Final/ })).toBeChecked();
    await continueButton.click();
    await main.getByRole("radio", { name: /Credit or debit card|Cartão de crédito/ }).check();
    await continueButton.click();
    await main.getByLabel(/País|Country/).selectOption("BR");
    await main.getByLabel(/CEP|Postal code/).fill("01310-100");
    await continueButton.click();
    await expect(main.getByRole("heading", { name: /Dados do cartão|Card details/ })).toBeVisible();
    await expect(summary).toContainText(/R\$\s?19[.,]90/);
    expect(await axeViolations(page)).toEqual([]);
    await main.getByLabel(/Nome no cartão|Name on card/).fill("Ana Torcedora");
    await main.getByLabel(/Número do cartão|Card number/).fill("4242 4242 4242 4242");
    await main.getByLabel(/Validade|Expiry date/).fill("12/34");
    await main.getByLabel(/Código de segurança|Security code/).fill("123");
    await main.getByRole("button", { name: /^(Pagar|Pay) / }).click();
    await expect(
      main.getByRole("heading", { name: /Pagamento confirmado|Payment confirmed/ }),
    ).toBeVisible();
    await main.getByRole("link", { name: /Start watching|Começar a assistir|Assistir/ }).click();
    // The final is weeks away: its page counts down now, with no "not licensed" in the way.
    await expect(page).toHaveURL(new RegExp(`/realm/liga/live/${final!.id}$`));
    await hydrated(page);
    await expect(page.getByRole("heading", { name: "Copa Nacional: Final" }).first()).toBeVisible();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
  });
});
