import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { pdfText } from "../fixtures/pdf-text.ts";
import { axeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { signIn } from "./signed-in.ts";
import { buyByCard, freshAccount, platformCall } from "./watching.ts";

/** The password `freshAccount` signs its accounts up with. */
const PASSWORD = "watch-pass-1";
const hydrated = (page: Page) => page.locator("html[data-hydrated]").waitFor();

test.describe("the account page", () => {
  test("arena: subscriptions, details refused then saved, and the payment history, by tab", async ({
    page,
    context,
    baseURL,
  }) => {
    const account = await freshAccount(baseURL!, "arena");
    await buyByCard(baseURL!, "arena", account.authorisationToken, "FIGHT_PASS_MONTHLY");
    await signIn(context, baseURL!, account.authorisationToken, account.refreshToken);

    const response = await page.goto("/realm/arena/subscriptions");
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    await expect(page).toHaveURL(/\/realm\/arena\/account$/);
    await expect(page).toHaveTitle("Account · Arena Fight Pass");
    await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
    const tabs = page.getByRole("navigation", { name: "Account sections" });
    await expect(tabs.getByRole("link", { name: "Subscriptions" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    const plan = page.getByRole("listitem").filter({ hasText: "Fight Pass Monthly" });
    await expect(plan).toContainText("Active");
    await expect(plan).toContainText("Renews monthly");
    await expect(plan).toContainText("€9.99");
    await expect(plan).toContainText("Visa •••• 4242");
    expect(await axeViolations(page)).toEqual([]);

    await hydrated(page);
    await tabs.getByRole("link", { name: "Account details" }).click();
    await expect(page).toHaveURL(/section=accountdetails/);
    await expect(page.getByText(account.email)).toBeVisible();
    const fullName = page.getByLabel("Full name");
    await expect(fullName).toHaveValue("Robin Watcher");
    await page.getByLabel("Preferred name").fill("Robin");
    await page.getByLabel("Phone number").fill("call me");
    await page.getByRole("button", { name: "Save details" }).click();
    await expect(page.getByRole("alert")).toContainText("valid phone number");
    // Nothing typed is lost.
    await expect(page.getByLabel("Preferred name")).toHaveValue("Robin");
    await expect(page.getByLabel("Phone number")).toHaveValue("call me");
    await expect(page.getByLabel("Phone number")).toHaveAttribute("aria-invalid", "true");
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel("Phone number").fill("+44 7700 900123");
    await page.getByRole("button", { name: "Save details" }).click();
    await expect(page.locator(".toast", { hasText: "Your details are saved." })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Preferred name")).toHaveValue("Robin");
    await expect(page.getByLabel("Phone number")).toHaveValue("+447700900123");

    await tabs.getByRole("link", { name: "Payment details" }).click();
    await expect(page).toHaveURL(/section=paymentdetails/);
    const row = page.getByRole("row").filter({ hasText: "Fight Pass Monthly" });
    await expect(row).toContainText("€9.99");
    await expect(row).toContainText("Visa •••• 4242");
    await expect(row).toContainText("Paid");
    expect(await axeViolations(page)).toEqual([]);

    // Its invoice, printable, and the same as a PDF.
    // By keyboard: arena's promo card may be docked over the table's corner.
    await row.getByRole("link", { name: /^Invoice/ }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/realm\/arena\/payment\/invoice\/[0-9a-f-]{36}$/);
    const invoice = page.getByRole("article", { name: "Invoice" });
    await expect(invoice).toContainText("Arena Fight Pass");
    await expect(invoice).toContainText("Robin Watcher");
    await expect(invoice.getByRole("row", { name: /Fight Pass Monthly/ })).toContainText("€9.99");
    await expect(invoice.getByRole("row", { name: /Tax included/ })).toContainText("€1.60");
    expect(await axeViolations(page)).toEqual([]);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download PDF" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^invoice-[0-9a-f-]{36}\.pdf$/);
    const pdf = await readFile((await download.path())!);
    const text = (await pdfText(new Uint8Array(pdf))).replace(/\s+/g, " ");
    expect(text).toContain("Arena Fight Pass");
    expect(text).toContain("Fight Pass Monthly");
    expect(text).toContain("Total €9.99");
    expect(text).toContain(account.email);
    await page.getByRole("link", { name: "Back to payment details" }).click();
    await expect(page).toHaveURL(/section=paymentdetails/);

    await page
      .getByRole("navigation", { name: "Account sections" })
      .getByRole("link", { name: "Preferences" })
      .click();
    await expect(page.getByRole("heading", { level: 3, name: "Parental control" })).toBeVisible();
  });

  test("liga: a password change keeps this browser signed in and signs the other device out", async ({
    page,
    context,
    baseURL,
  }) => {
    const account = await freshAccount(baseURL!, "liga");
    const login = await platformCall(baseURL!, "liga", "/v2/login", {
      method: "POST",
      body: { id: account.email, secret: PASSWORD },
    });
    expect(login.status).toBe(200);
    const other = (await login.json()) as { refreshToken: string };
    await signIn(context, baseURL!, account.authorisationToken, account.refreshToken);

    await page.goto("/realm/liga/account?section=accountsecurity");
    await expect(page.getByRole("heading", { level: 2, name: "Segurança" })).toBeVisible();
    await hydrated(page);
    await page.getByLabel("Senha atual").fill("not-the-one");
    await page.getByLabel("Nova senha").fill("brand-new-9");
    await page.getByRole("button", { name: "Alterar a senha" }).click();
    await expect(page.getByText("A senha atual não está correta.")).toBeVisible();
    await expect(page.getByLabel("Senha atual")).toHaveAttribute("aria-invalid", "true");
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel("Senha atual").fill(PASSWORD);
    await page.getByLabel("Nova senha").fill("brand-new-9");
    await page.getByRole("button", { name: "Alterar a senha" }).click();
    await expect(page.locator(".toast", { hasText: "Sua senha foi alterada." })).toBeVisible();

    // The other device's session is over; this browser's goes on.
    const refresh = await platformCall(baseURL!, "liga", "/v2/token/refresh", {
      method: "POST",
      body: { refreshToken: other.refreshToken },
    });
    expect(refresh.status).toBe(401);
    await page.goto("/realm/liga/account?section=accountdetails");
    await expect(page.getByRole("heading", { level: 1, name: "Conta" })).toBeVisible();

    // Signed in again elsewhere with the new password, then signed out from here.
    const again = await platformCall(baseURL!, "liga", "/v2/login", {
      method: "POST",
      body: { id: account.email, secret: "brand-new-9" },
    });
    expect(again.status).toBe(200);
    const elsewhere = (await again.json()) as { refreshToken: string };
    await page.goto("/realm/liga/account?section=accountsecurity");
    await page.getByRole("button", { name: "Sair em todos os outros dispositivos" }).click();
    await expect(
      page.locator(".toast", { hasText: "Você saiu em todos os outros dispositivos." }),
    ).toBeVisible();
    const ended = await platformCall(baseURL!, "liga", "/v2/token/refresh", {
      method: "POST",
      body: { refreshToken: elsewhere.refreshToken },
    });
    expect(ended.status).toBe(401);
    await expect(page.getByRole("heading", { level: 1, name: "Conta" })).toBeVisible();
  });
});

test.describe("addresses and billing details", () => {
  test("liga: an address refused then added, a second made default, one removed, billing details saved", async ({
    page,
    context,
    baseURL,
  }) => {
    const account = await freshAccount(baseURL!, "liga");
    await signIn(context, baseURL!, account.authorisationToken, account.refreshToken);
    await page.goto("/realm/liga/account?section=accountdetails");
    await hydrated(page);
    const book = page.getByRole("region", { name: "Endereços" });
    await expect(book).toContainText("Você ainda não tem endereços.");
    const add = page.getByRole("form", { name: "Adicionar endereço" });

    // Refused: the country is missing and the postal code is not ASCII; what was typed stays.
    await add.getByLabel("Rua e número").fill("Av. Paulista, 1000");
    await add.getByLabel("CEP").fill("01310–100");
    await add.getByLabel("Cidade").fill("São Paulo");
    await add.getByRole("button", { name: "Adicionar endereço" }).click();
    await expect(add.getByRole("alert")).toHaveText("Escolha o país.");
    await expect(add.getByLabel("País")).toHaveAttribute("aria-invalid", "true");
    await expect(add.getByLabel("Rua e número")).toHaveValue("Av. Paulista, 1000");
    await expect(add.getByLabel("Cidade")).toHaveValue("São Paulo");
    await add.getByLabel("País").selectOption("BR");
    await add.getByRole("button", { name: "Adicionar endereço" }).click();
    await expect(add.getByRole("alert")).toContainText("código postal");
    await add.getByLabel("CEP").fill("01310-100");
    await add.getByRole("button", { name: "Adicionar endereço" }).click();
    await expect(page.locator(".toast", { hasText: "Endereço adicionado." })).toBeVisible();
    const first = book.getByRole("listitem").filter({ hasText: "Av. Paulista, 1000" });
    await expect(first).toContainText("01310-100 São Paulo, Brasil");
    await expect(first).toContainText("Padrão");
    await expect(add.getByLabel("Rua e número")).toHaveValue("");

    await add.getByLabel("Rua e número").fill("Rua Augusta, 50");
    await add.getByLabel("CEP").fill("1100-148");
    await add.getByLabel("Cidade").fill("Lisboa");
    await add.getByLabel("País").selectOption("PT");
    await add.getByRole("button", { name: "Adicionar endereço" }).click();
    const second = book.getByRole("listitem").filter({ hasText: "Rua Augusta, 50" });
    await expect(second).toBeVisible();
    await expect(second).not.toContainText("Padrão");
    expect(await axeViolations(page)).toEqual([]);

    await second
      .getByRole("button", { name: /^Tornar Rua Augusta, 50.* o endereço padrão$/ })
      .click();
    await expect(page.locator(".toast", { hasText: "Endereço padrão alterado." })).toBeVisible();
    await expect(book.getByRole("listitem").first()).toContainText("Rua Augusta, 50");
    await expect(book.getByRole("listitem").first()).toContainText("Padrão");
    await book
      .getByRole("listitem")
      .filter({ hasText: "Av. Paulista" })
      .getByRole("button", { name: /^Remover o endereço Av. Paulista/ })
      .click();
    await expect(page.locator(".toast", { hasText: "Endereço removido." })).toBeVisible();
    await expect(book.getByRole("listitem")).toHaveCount(1);

    // Billing details start from the default address and change it; the details show the name.
    const billing = page.getByRole("form", { name: "Dados de cobrança" });
    await expect(billing.getByLabel("CEP")).toHaveValue("1100-148");
    await billing.getByLabel("Nome nas faturas").fill("Ana Lima");
    await billing.getByLabel("CPF/CNPJ nas faturas").fill("123.456.789-09");
    await billing.getByLabel("CEP").fill("1200-195");
    await billing.getByRole("button", { name: "Salvar dados de cobrança" }).click();
    await expect(page.locator(".toast", { hasText: "Dados de cobrança salvos." })).toBeVisible();
    await expect(book.getByRole("listitem")).toHaveCount(1);
    await expect(book.getByRole("listitem")).toContainText("1200-195 Lisboa, Portugal");
    await expect(page.getByLabel("Nome completo")).toHaveValue("Ana Lima");
  });
});

test.describe("saved cards", () => {
  test("liga: 20 a page with the next page appended, one made default, one removed", async ({
    page,
    context,
    baseURL,
  }) => {
    const account = await freshAccount(baseURL!, "liga");
    // 21 cards, each paying once: the card with the latest expiry paid last.
    const expiries = Array.from(
      { length: 21 },
      (_, i) => `${String((i % 12) + 1).padStart(2, "0")}/${30 + Math.floor(i / 12)}`,
    );
    for (const expiry of expiries) {
      const res = await platformCall(baseURL!, "liga", "/v4/basket/pay", {
        method: "POST",
        token: account.authorisationToken,
        body: {
          licence: "LIGA_FINAL_PASS",
          country: "BR",
          provider: "Cardstream",
          idempotencyKey: crypto.randomUUID(),
          card: { number: "4242 4242 4242 4242", expiry, cvc: "123", holder: "Ana" },
          returnUrl: "/realm/liga/payment/authorization?return=%2Fhome",
        },
      });
      expect(res.status).toBe(201);
    }
    await signIn(context, baseURL!, account.authorisationToken, account.refreshToken);
    await page.goto("/realm/liga/account?section=paymentdetails");
    await hydrated(page);
    const cards = page.getByRole("region", { name: "Cartões salvos" });
    const items = cards.getByRole("listitem");
    await expect(items).toHaveCount(20);
    // The first card paid with is the default; then the most recently used.
    await expect(items.nth(0)).toContainText("Visa •••• 4242, validade 01/30");
    await expect(items.nth(0)).toContainText("Padrão");
    await expect(items.nth(1)).toContainText("validade 09/31");
    expect(await axeViolations(page)).toEqual([]);

    await cards.getByRole("link", { name: "Mostrar mais cartões" }).click();
    await expect(items).toHaveCount(21);
    await expect(page).toHaveURL(/section=paymentdetails&cards=2$/);
    await expect(items.nth(20)).toContainText("validade 02/30");
    await expect(cards.getByRole("link", { name: "Mostrar mais cartões" })).toHaveCount(0);

    await items
      .nth(1)
      .getByRole("button", { name: "Tornar Visa •••• 4242 o cartão padrão" })
      .click();
    await expect(page.locator(".toast", { hasText: "Cartão padrão alterado." })).toBeVisible();
    await expect(items.nth(0)).toContainText("validade 09/31");
    await expect(items.nth(0)).toContainText("Padrão");
    await items.nth(0).getByRole("button", { name: "Remover Visa •••• 4242, 09/31" }).click();
    await expect(page.locator(".toast", { hasText: "Cartão removido." })).toBeVisible();
    await expect(items).toHaveCount(20);
    await expect(cards).not.toContainText("09/31");
    await expect(cards.locator(".account-address-default")).toHaveCount(1);
  });
});

test.describe("updating a payment method", () => {
  test("liga: a card taken over at once, then one through its bank's challenge", async ({
    page,
    context,
    baseURL,
  }) => {
    const account = await freshAccount(baseURL!, "liga");
    await buyByCard(baseURL!, "liga", account.authorisationToken, "LIGA_MENSAL");
    await signIn(context, baseURL!, account.authorisationToken, account.refreshToken);
    await page.goto("/realm/liga/account?section=paymentdetails");
    await hydrated(page);
    const methods = page.getByRole("region", { name: "Formas de pagamento" });
    const plan = methods.getByRole("listitem").filter({ hasText: "Liga Play Mensal" });
    await expect(plan).toContainText("Visa •••• 4242, 12/34: Em uso");
    await plan
      .getByRole("link", { name: "Atualizar a forma de pagamento de Liga Play Mensal" })
      .click();
    await expect(page).toHaveURL(/\/realm\/liga\/payment\/update\?subscription=/);
    await expect(page).toHaveTitle("Atualizar a forma de pagamento · Liga Play");
    expect(await axeViolations(page)).toEqual([]);

    // A mistyped card is refused before anything is asked of the bank; the name stays.
    await page.getByLabel("Nome no cartão").fill("Ana Torcedora");
    await page.getByLabel("Número do cartão").fill("1234 5678 9012 3456");
    await page.getByLabel("Validade").fill("11/33");
    await page.getByLabel(/Código de segurança/).fill("123");
    await page.getByRole("button", { name: "Usar este cartão" }).click();
    await expect(page.getByLabel("Número do cartão")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Nome no cartão")).toHaveValue("Ana Torcedora");
    await page.getByLabel("Número do cartão").fill("4242 4242 4242 4242");
    await page.getByLabel("Validade").fill("11/33");
    await page.getByLabel(/Código de segurança/).fill("123");
    await page.getByRole("button", { name: "Usar este cartão" }).click();
    await expect(
      page.locator(".toast", { hasText: "Forma de pagamento atualizada." }),
    ).toBeVisible();
    await expect(plan).toContainText("Visa •••• 4242, 11/33: Em uso");

    // A card whose bank asks to confirm it: the old one pays until it is confirmed.
    await plan
      .getByRole("link", { name: "Atualizar a forma de pagamento de Liga Play Mensal" })
      .click();
    await page.getByLabel("Nome no cartão").fill("Ana Torcedora");
    await page.getByLabel("Número do cartão").fill("4000 0000 0000 3220");
    await page.getByLabel("Validade").fill("10/32");
    await page.getByLabel(/Código de segurança/).fill("123");
    await page.getByRole("button", { name: "Usar este cartão" }).click();
    await expect(page).toHaveURL(/\/sandbox-acquirer\//);
    await page.getByRole("button", { name: /Complete|Concluir/ }).click();
    await expect(page).toHaveURL(/section=paymentdetails$/);
    await expect(
      page.locator(".toast", { hasText: "Forma de pagamento atualizada." }),
    ).toBeVisible();
    await expect(plan).toContainText("Visa •••• 3220, 10/32: Em uso");
  });
});

test.describe("cancelling a subscription", () => {
  test("liga: the offer to stay comes first; cancelled, it stops renewing, and can be taken back", async ({
    page,
    context,
    baseURL,
  }) => {
    const account = await freshAccount(baseURL!, "liga");
    await buyByCard(baseURL!, "liga", account.authorisationToken, "LIGA_MENSAL");
    await signIn(context, baseURL!, account.authorisationToken, account.refreshToken);
    await page.goto("/realm/liga/account");
    await hydrated(page);
    const plan = page.getByRole("listitem").filter({ hasText: "Liga Play Mensal" });
    await expect(plan).toContainText("Próxima cobrança");
    await plan.getByRole("link", { name: "Cancelar assinatura Liga Play Mensal" }).click();
    await expect(page).toHaveURL(/section=subscriptions&cancel=[0-9a-f-]{36}$/);
    const heading = page.getByRole("heading", { level: 3, name: "Cancelar Liga Play Mensal?" });
    await expect(heading).toBeFocused();
    const offer = page.getByRole("complementary", { name: "Fique até o fim da temporada" });
    await expect(offer.getByRole("link", { name: "Manter assinatura" })).toHaveAttribute(
      "href",
      "/realm/liga/account?section=subscriptions",
    );
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Sim, cancelar" }).click();
    await expect(
      page.locator(".toast", { hasText: "Sua assinatura foi cancelada." }),
    ).toBeVisible();
    await expect(page).toHaveURL(/section=subscriptions$/);
    await expect(plan).toContainText("Cancelada: não será renovada");
    await expect(plan).not.toContainText("Próxima cobrança");
    expect(await axeViolations(page)).toEqual([]);

    await plan.getByRole("button", { name: "Reativar Liga Play Mensal" }).click();
    await expect(
      page.locator(".toast", { hasText: "Sua assinatura voltou a ser renovada." }),
    ).toBeVisible();
    await expect(plan).toContainText("Próxima cobrança");
  });
});

test.describe("the account page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("arena: an address is added and removed by plain form posts", async ({
    page,
    context,
    baseURL,
  }) => {
    const account = await freshAccount(baseURL!, "arena");
    await signIn(context, baseURL!, account.authorisationToken, account.refreshToken);
    await page.goto("/realm/arena/account?section=accountdetails");
    const add = page.getByRole("form", { name: "Add address" });
    await add.getByLabel("Street and number").fill("10 Downing Street");
    await add.getByLabel("Postal code").fill("SW1A 2AA");
    await add.getByLabel("City").fill("London");
    await add.getByLabel("Country").selectOption("GB");
    await add.getByRole("button", { name: "Add address" }).click();
    await expect(page).toHaveURL(/section=accountdetails$/);
    const book = page.getByRole("region", { name: "Addresses" });
    await expect(book.getByRole("listitem")).toContainText("10 Downing Street, SW1A 2AA London");
    await book.getByRole("button", { name: /^Remove the address 10 Downing Street/ }).click();
    await expect(book).toContainText("You have no addresses yet.");
  });

  test("details are refused with what was typed kept, then saved, by plain form posts", async ({
    page,
    context,
    baseURL,
  }) => {
    const account = await freshAccount(baseURL!, "liga");
    await signIn(context, baseURL!, account.authorisationToken, account.refreshToken);
    await page.goto("/realm/liga/account?section=accountdetails");
    await page.getByLabel("Como prefere ser chamado").fill("Torcedora");
    await page.getByLabel("E-mail de contato").fill("not-an-email");
    await page.getByRole("button", { name: "Salvar dados", exact: true }).click();
    await expect(page.getByRole("alert")).toBeVisible();
    await expect(page.getByLabel("Como prefere ser chamado")).toHaveValue("Torcedora");
    await expect(page.getByLabel("E-mail de contato")).toHaveValue("not-an-email");
    await page.getByLabel("E-mail de contato").fill("torcedora@example.com");
    await page.getByRole("button", { name: "Salvar dados", exact: true }).click();
    await expect(page).toHaveURL(/section=accountdetails$/);
    await expect(page.getByLabel("E-mail de contato")).toHaveValue("torcedora@example.com");
    await expect(page.getByLabel("Como prefere ser chamado")).toHaveValue("Torcedora");
  });
});
