import type { Page } from "@playwright/test";
import { axeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { signIn } from "./signed-in.ts";
import { freshAccount, platformCall, type Account } from "./watching.ts";

const hydrated = (page: Page) => page.locator("html[data-hydrated]").waitFor();

/** The newest e-mail to `recipient`, read from the outbox as liga's admin would. */
async function latestMail(baseUrl: string, recipient: string) {
  const login = await platformCall(baseUrl, "liga", "/v2/login", {
    method: "POST",
    body: { id: "admin@liga.test", secret: "demo-pass-1" },
  });
  const { authorisationToken } = (await login.json()) as { authorisationToken: string };
  const res = await platformCall(baseUrl, "liga", "/v2/admin/outbox?rpp=50", {
    token: authorisationToken,
  });
  const { hits } = (await res.json()) as {
    hits: { recipient: string; subject: string; body: string }[];
  };
  return hits.find((mail) => mail.recipient === recipient);
}

/** The licences the account holds now (its subscriptions page's list). */
async function heldNow(baseUrl: string, account: Account): Promise<string[]> {
  const res = await platformCall(baseUrl, "liga", "/v2/user/subscriptions", {
    token: account.authorisationToken,
  });
  expect(res.status).toBe(200);
  const { items } = (await res.json()) as { items: { licenceId: string; status: string }[] };
  return items.filter((item) => item.status === "ACTIVE").map((item) => item.licenceId);
}

test.describe("gifts", () => {
  test("liga: a viewer gives a gift by e-mail; another redeems it once, after signing in", async ({
    page,
    context,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const giver = await freshAccount(baseURL!, "liga");
    await signIn(context, baseURL!, giver.authorisationToken, giver.refreshToken);
    const friend = await freshAccount(baseURL!, "liga");

    // The gift form: its problems show once a field is left, the first one leads the alert.
    await page.goto("/realm/liga/gifts");
    await hydrated(page);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(/Dar um presente|Give a gift/);
    expect(await axeViolations(page)).toEqual([]);
    const email = main.getByLabel(/E-mail de quem recebe|Recipient's e-mail/);
    await email.fill("not-an-address");
    await email.blur();
    await expect(main.getByText(/e-mail válido|valid email/i).first()).toBeVisible();
    const periods = main.getByLabel(/Número de períodos|Number of periods/);
    await periods.fill("40");
    await main.getByLabel(/Mensagem|Note/).fill("Bom jogo!");
    await main
      .getByRole("button", { name: /Continuar para o pagamento|Continue to payment/ })
      .click();
    await expect(main.getByRole("alert").first()).toBeVisible();
    // Nothing typed is lost.
    await expect(main.getByLabel(/Mensagem|Note/)).toHaveValue("Bom jogo!");
    await email.fill(friend.email);
    await periods.fill("2");
    await main
      .getByRole("button", { name: /Continuar para o pagamento|Continue to payment/ })
      .click();

    // The checkout of the gift: the plan is the gift's, paid now for both periods.
    await expect(page).toHaveURL(/\/realm\/liga\/purchase\?licence=LIGA_MENSAL.*gift=/);
    await page.getByLabel(/País|Country/).selectOption("BR");
    await page.getByLabel(/CEP|Postal code/).fill("01310-100");
    await page.getByRole("button", { name: /Continuar|Continue/ }).click();
    await page.getByLabel(/Nome no cartão|Name on card/).fill("Ana Torcedora");
    await page.getByLabel(/Número do cartão|Card number/).fill("4242 4242 4242 4242");
    await page.getByLabel(/Validade|Expiry date/).fill("12/34");
    await page.getByLabel(/Código de segurança|Security code/).fill("123");
    await page.getByRole("button", { name: /^(Pagar|Pay) / }).click();
    await expect(
      page.getByRole("heading", { name: /Pagamento confirmado|Payment confirmed/ }),
    ).toBeVisible();
    await expect(page.getByRole("main")).toContainText(friend.email);
    // The giver holds nothing from it.
    expect(await heldNow(baseURL!, giver)).toEqual([]);

    // The recipient's e-mail holds the code and the link that redeems it.
    const mail = await latestMail(baseURL!, friend.email);
    expect(mail, "the gift e-mail").toBeDefined();
    const code = /\b([A-HJ-NP-Z2-9]{16})\b/.exec(mail!.body)?.[1];
    expect(code).toBeDefined();
    const link = /https?:\/\/\S+\/gifts\/redeem\?code=\S+/.exec(mail!.body)?.[0];
    expect(link).toBeDefined();
    const linkPath = new URL(link!).pathname + new URL(link!).search;
    expect(linkPath).toBe(`/realm/liga/gifts/redeem?code=${code}`);

    // The recipient opens the link as a guest: the gift is shown, and signing in comes back.
    const other = await browser.newContext({ baseURL });
    const friendPage = await other.newPage();
    await friendPage.goto(linkPath);
    await hydrated(friendPage);
    const friendMain = friendPage.getByRole("main");
    await expect(friendMain.getByLabel(/Código do presente|Gift code/)).toHaveValue(code!);
    await expect(friendMain.getByText(/Liga Play Mensal/).first()).toBeVisible();
    expect(await axeViolations(friendPage)).toEqual([]);
    await friendMain.getByRole("link", { name: /^(Entrar|Sign in)$/ }).click();
    await expect(friendPage).toHaveURL(/\/realm\/liga\/login\?from=/);
    await friendPage.getByLabel(/^(E-mail|Email)/).fill(friend.email);
    await friendPage.getByLabel(/^(Senha|Password)/).fill("watch-pass-1");
    await friendPage.getByRole("button", { name: /^(Entrar|Sign in)$/ }).click();
    await expect(friendPage).toHaveURL(new RegExp(`/gifts/redeem\\?code=${code}`));
    await friendPage
      .getByRole("main")
      .getByRole("button", { name: /Resgatar o presente|Redeem the gift/ })
      .click();
    await expect(friendPage.getByRole("main")).toContainText(/O presente é seu|The gift is yours/);
    expect(await heldNow(baseURL!, friend)).toEqual(["LIGA_MENSAL"]);
    // Their subscriptions name the plan given, marked as a gift.
    await friendPage.goto("/realm/liga/account?section=subscriptions");
    const held = friendPage.getByRole("main").locator(".account-subscriptions li").first();
    await expect(held.getByRole("heading", { name: "Liga Play Mensal" })).toBeVisible();
    await expect(held).toContainText(/Um presente|A gift/);

    // A second redemption is refused with the used-code message.
    await friendPage.goto(linkPath);
    await expect(friendPage.getByRole("main").getByRole("alert")).toContainText(
      /já foi resgatado|already been redeemed/,
    );
    // An unknown code has its own message.
    const codeField = friendPage.getByRole("main").getByLabel(/Código do presente|Gift code/);
    await codeField.fill("ZZZZ-ZZZZ-ZZZZ-ZZZZ");
    await friendPage
      .getByRole("main")
      .getByRole("button", { name: /Verificar o código|Check the code/ })
      .click();
    await expect(friendPage.getByRole("main").getByRole("alert")).toContainText(
      /não é válido|not valid/,
    );
    expect(await axeViolations(friendPage)).toEqual([]);
    await other.close();

    // The giver sees the gift redeemed in their payment history.
    await page.goto("/realm/liga/account?section=paymentdetails");
    await expect(page.getByTestId("gift-state")).toContainText(friend.email);
    await expect(page.getByTestId("gift-state")).toContainText(/Resgatado|Redeemed/);
  });

  test("liga: without JavaScript, the gift form keeps what was typed and a code is checked", async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const giver = await freshAccount(baseURL!, "liga");
    await signIn(context, baseURL!, giver.authorisationToken, giver.refreshToken);
    const page = await context.newPage();
    await page.goto("/realm/liga/gifts");
    const main = page.getByRole("main");
    await main.getByLabel(/E-mail de quem recebe|Recipient's e-mail/).fill("nobody");
    await main.getByLabel(/Mensagem|Note/).fill("Para você");
    await main
      .getByRole("button", { name: /Continuar para o pagamento|Continue to payment/ })
      .click();
    await expect(main.getByRole("alert").first()).toBeVisible();
    await expect(main.getByLabel(/E-mail de quem recebe|Recipient's e-mail/)).toHaveValue("nobody");
    await expect(main.getByLabel(/Mensagem|Note/)).toHaveValue("Para você");
    await main.getByLabel(/E-mail de quem recebe|Recipient's e-mail/).fill("friend@example.com");
    await main
      .getByRole("button", { name: /Continuar para o pagamento|Continue to payment/ })
      .click();
    await expect(page).toHaveURL(/\/realm\/liga\/purchase\?licence=LIGA_MENSAL.*gift=/);

    await page.goto("/realm/liga/gifts/redeem");
    await main.getByLabel(/Código do presente|Gift code/).fill("ABCD-EFGH-JKLM-NPQR");
    await main.getByRole("button", { name: /Verificar o código|Check the code/ }).click();
    await expect(page).toHaveURL(/\/gifts\/redeem\?code=ABCD-EFGH-JKLM-NPQR$/);
    await expect(main.getByRole("alert")).toContainText(/não é válido|not valid/);
    await context.close();
  });

  test("arena has no gifting: both pages answer not found", async ({ page }) => {
    expect((await page.goto("/realm/arena/gifts"))?.status()).toBe(404);
    expect((await page.goto("/realm/arena/gifts/redeem?code=ABC"))?.status()).toBe(404);
  });
});
