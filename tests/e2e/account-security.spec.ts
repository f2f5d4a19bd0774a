import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import en from "../../contract/locales/en.json" with { type: "json" };
import es from "../../contract/locales/es.json" with { type: "json" };
import pt from "../../contract/locales/pt.json" with { type: "json" };
import { axeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { signIn, signInWithPassword } from "./signed-in.ts";
import { freshAccount, platformCall, viewerAddress, type Realm } from "./watching.ts";
import { recordToasts, toasts } from "./toasts.ts";

/** The password `freshAccount` signs its accounts up with. */
const PASSWORD = "watch-pass-1";
const FIREFOX_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
const LOCALES = { en, es, pt } as const;

const hydrated = (page: Page) => page.locator("html[data-hydrated]").waitFor();

/** The page's texts, in the language it was served in. */
async function textsOf(page: Page) {
  const lang = ((await page.locator("html").getAttribute("lang")) ?? "en").slice(0, 2);
  return LOCALES[lang as keyof typeof LOCALES] ?? en;
}

/** A text in any of the app's languages: a signed-out page is in the browser's, not the account's. */
const inAnyLanguage = (key: keyof typeof en) =>
  new RegExp(
    Object.values(LOCALES)
      .map((texts) => texts[key].replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join("|"),
  );

const securityPath = (realm: Realm) => `/realm/${realm}/account?section=accountsecurity`;

for (const realm of ["arena", "liga"] as const) {
  test.describe(`account security (${realm})`, () => {
    test("two browsers see both sessions; one signs the other out, then signs out everywhere", async ({
      page,
      context,
      browser,
      baseURL,
    }) => {
      const account = await freshAccount(baseURL!, realm);
      await signIn(context, baseURL!, account.authorisationToken, account.refreshToken);
      // The second browser signs in with the password, as Firefox on Windows.
      const login = await platformCall(baseURL!, realm, "/v2/login", {
        method: "POST",
        body: { id: account.email, secret: PASSWORD },
        headers: { "User-Agent": FIREFOX_WINDOWS },
        from: viewerAddress(),
      });
      expect(login.status, await login.clone().text()).toBe(200);
      const second = (await login.json()) as { authorisationToken: string; refreshToken: string };
      const other = await browser.newContext();
      await signIn(other, baseURL!, second.authorisationToken, second.refreshToken);
      const otherPage = await other.newPage();

      // A toast lives 3.3 s: on a busy machine a check can miss it, so they are recorded.
      await recordToasts(page);
      const response = await page.goto(securityPath(realm));
      expect(response?.headers()["cache-control"]).toBe("private, no-store");
      const t = await textsOf(page);
      const main = page.getByRole("main");
      const devices = main.getByRole("list", { name: t.devicesTitle });
      await expect(devices.getByRole("listitem")).toHaveCount(2);
      const firefox = t.deviceDescription
        .replace("{{browser}}", "Firefox")
        .replace("{{system}}", "Windows");
      const here = devices.getByRole("listitem").filter({ hasText: t.thisDevice });
      await expect(here).toHaveCount(1);
      await expect(here).not.toContainText(firefox);
      await expect(devices.getByRole("listitem").filter({ hasText: firefox })).toContainText(
        t.deviceLastActive,
      );
      // This device has no button of its own: signing it out is "sign out everywhere".
      await expect(here.getByRole("button")).toHaveCount(0);
      expect(await axeViolations(page)).toEqual([]);

      await otherPage.goto(securityPath(realm));
      await expect(
        otherPage.getByRole("heading", { level: 1, name: t.accountTitle }),
      ).toBeVisible();
      await expect(
        otherPage
          .getByRole("main")
          .getByRole("list", { name: t.devicesTitle })
          .getByRole("listitem")
          .filter({ hasText: t.thisDevice }),
      ).toContainText(firefox);

      await hydrated(page);
      await devices.getByRole("button", { name: `${t.signOutDevice} ${firefox}` }).click();
      await expect.poll(async () => (await toasts(page)).join(" | ")).toContain(t.deviceSignedOut);
      await expect(devices.getByRole("listitem")).toHaveCount(1);
      // The other browser's session ended at once: its next page is no longer the account's.
      // Whichever of its requests meets the ended session first signs it out: the account
      // page's own call sends it to sign in; an earlier one (its analytics beacon) leaves it
      // signed out, and liga, open to guests, sends signed-out viewers home (spec section 6).
      await otherPage.reload();
      await expect(otherPage).toHaveURL(
        new RegExp(`/realm/${realm}/${realm === "liga" ? "(login|home)" : "login"}`),
      );
      await expect(
        otherPage.getByRole("banner").getByRole("link", { name: inAnyLanguage("signIn") }),
      ).toBeVisible();
      const ended = await platformCall(baseURL!, realm, "/v2/token/refresh", {
        method: "POST",
        body: { refreshToken: second.refreshToken },
      });
      expect(ended.status).toBe(401);
      await other.close();

      await main.getByRole("button", { name: t.signOutEverywhereTitle, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/realm/${realm}/login`));
      await expect(page.getByText(inAnyLanguage("signedOutEverywhere"))).toBeVisible();
      await page.goto(securityPath(realm));
      await expect(page.getByRole("heading", { level: 1, name: t.accountTitle })).toHaveCount(0);
    });

    test("downloads the account's data, then deletes the account after a wrong password", async ({
      page,
      context,
      baseURL,
    }) => {
      const account = await freshAccount(baseURL!, realm);
      await signIn(context, baseURL!, account.authorisationToken, account.refreshToken);
      await page.goto(securityPath(realm));
      const t = await textsOf(page);
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { name: t.linkedProvidersTitle })).toBeVisible();
      await expect(main.getByText(t.linkedProvidersEmpty)).toBeVisible();

      // The data, as a file: the account's own, never stored by a cache.
      const link = main.getByRole("link", { name: t.downloadData });
      const href = await link.getAttribute("href");
      expect(href).toBe(`/realm/${realm}/account/data-export`);
      const direct = await page.request.get(href!);
      expect(direct.status()).toBe(200);
      expect(direct.headers()["cache-control"]).toBe("private, no-store");
      expect(direct.headers()["content-disposition"]).toMatch(/^attachment; filename=".+\.json"$/);
      const downloading = page.waitForEvent("download");
      await link.click();
      const download = await downloading;
      const data = JSON.parse(await readFile((await download.path())!, "utf8")) as {
        account: { email: string };
        sessions: unknown[];
        orders: unknown[];
      };
      expect(data.account.email).toBe(account.email);
      expect(data.sessions.length).toBeGreaterThan(0);
      expect(data.orders).toEqual([]);
      // Signed out, there is nothing to download.
      const anonymous = await page.request.get(href!, {
        headers: { Cookie: "" },
        maxRedirects: 0,
      });
      expect(anonymous.status()).not.toBe(200);

      await hydrated(page);
      const password = main.getByLabel(t.deleteAccountPassword);
      await password.fill("not-my-password");
      await main.getByRole("button", { name: t.deleteAccountConfirm }).click();
      await expect(main.getByText(t.deleteAccountPasswordWrong)).toBeVisible();
      await expect(page.getByRole("heading", { level: 1, name: t.accountTitle })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);

      await main.getByLabel(t.deleteAccountPassword).fill(PASSWORD);
      await main.getByRole("button", { name: t.deleteAccountConfirm }).click();
      // Signed out, the landing page may be in the browser's language rather than the account's.
      await expect(page).not.toHaveURL(/account/);
      await expect(
        page.locator(".toast", { hasText: inAnyLanguage("accountDeleted") }),
      ).toBeVisible();
      const gone = await platformCall(baseURL!, realm, "/v2/token/refresh", {
        method: "POST",
        body: { refreshToken: account.refreshToken },
      });
      expect(gone.status).toBe(401);

      // The e-mail is free: it signs up again.
      const again = await platformCall(
        baseURL!,
        realm,
        realm === "arena" ? "/v2/user" : "/v2/user/pbr",
        {
          method: "POST",
          from: viewerAddress(),
          body:
            realm === "arena"
              ? {
                  email: account.email,
                  secret: PASSWORD,
                  fullName: "Robin Again",
                  countryCode: "GB",
                  consentAnswers: [{ promptField: "termsAndConditions", answer: true }],
                }
              : {
                  email: account.email,
                  secret: PASSWORD,
                  taxNumber: "123.456.789-09",
                  country: "BR",
                },
        },
      );
      expect(again.status, await again.clone().text()).toBe(201);
    });
  });
}

test.describe("account security without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("liga: a device is signed out and a wrong deletion password refused, by plain form posts", async ({
    page,
    context,
    baseURL,
  }) => {
    const account = await freshAccount(baseURL!, "liga");
    await signIn(context, baseURL!, account.authorisationToken, account.refreshToken);
    const login = await platformCall(baseURL!, "liga", "/v2/login", {
      method: "POST",
      body: { id: account.email, secret: PASSWORD },
      headers: { "User-Agent": FIREFOX_WINDOWS },
      from: viewerAddress(),
    });
    expect(login.status).toBe(200);
    const second = (await login.json()) as { refreshToken: string };

    await page.goto(securityPath("liga"));
    const t = await textsOf(page);
    const main = page.getByRole("main");
    const firefox = t.deviceDescription
      .replace("{{browser}}", "Firefox")
      .replace("{{system}}", "Windows");
    const devices = main.getByRole("list", { name: t.devicesTitle });
    await devices.getByRole("button", { name: `${t.signOutDevice} ${firefox}` }).click();
    await expect(page).toHaveURL(/section=accountsecurity$/);
    await expect(devices.getByRole("listitem")).toHaveCount(1);
    const ended = await platformCall(baseURL!, "liga", "/v2/token/refresh", {
      method: "POST",
      body: { refreshToken: second.refreshToken },
    });
    expect(ended.status).toBe(401);

    await main.getByLabel(t.deleteAccountPassword).fill("not-my-password");
    await main.getByRole("button", { name: t.deleteAccountConfirm }).click();
    await expect(main.getByText(t.deleteAccountPasswordWrong)).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: t.accountTitle })).toBeVisible();
  });
});

test("arena: the demo viewer unlinks the sign-in provider linked to the account", async ({
  page,
  context,
  baseURL,
}) => {
  await signInWithPassword(context, baseURL!, "arena", "viewer@arena.test");
  await recordToasts(page);
  await page.goto(securityPath("arena"));
  const t = await textsOf(page);
  const main = page.getByRole("main");
  const providers = main.getByRole("list", { name: t.linkedProvidersTitle });
  await expect(providers.getByRole("listitem")).toHaveCount(1);
  await expect(providers.getByRole("listitem")).toContainText("OIDC");
  await expect(providers.getByRole("listitem")).toContainText("viewer@arena.test");
  await hydrated(page);
  await providers.getByRole("button", { name: `${t.unlinkProvider} OIDC` }).click();
  await expect.poll(async () => (await toasts(page)).join(" | ")).toContain(t.providerUnlinked);
  await expect(main.getByText(t.linkedProvidersEmpty)).toBeVisible();
});
