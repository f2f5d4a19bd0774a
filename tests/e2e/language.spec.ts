import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { signIn } from "./signed-in.ts";
import { freshAccount, platformCall } from "./watching.ts";

const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;

/** The server's URL under another host name (Chromium resolves *.localhost to this machine). */
const onHost = (baseURL: string, host: string, path: string) => {
  const url = new URL(path, baseURL);
  url.hostname = host;
  return url.toString();
};

/** Opens a page and waits until it is interactive. */
async function visit(page: Page, url: string) {
  await page.goto(url, { waitUntil: "domcontentloaded" });
  await page.locator("html[data-hydrated]").waitFor();
}

const header = (page: Page) => page.getByRole("banner");

for (const [viewport, size] of Object.entries(VIEWPORTS)) {
  test.describe(`language switch (${viewport})`, () => {
    test.use({ viewport: size });

    test("liga: the browser's language first, then the viewer's choice, kept across visits", async ({
      page,
    }) => {
      // Chromium asks for en-US: liga offers English.
      await visit(page, "/realm/liga/home");
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expect(header(page).getByRole("link", { name: "Sign in" })).toBeVisible();

      await header(page).getByRole("button", { name: "Language: English" }).click();
      const menu = page.getByRole("menu");
      await expect(menu.getByRole("menuitemradio")).toHaveText(["Português", "Español", "English"]);
      await expect(menu.getByRole("menuitemradio", { name: "English" })).toHaveAttribute(
        "aria-checked",
        "true",
      );
      await menu.getByRole("menuitemradio", { name: "Español" }).click();

      await expect(page.locator("html")).toHaveAttribute("lang", "es");
      // Liga words sign-up its own way in Spanish (its realm labels), the rest is the app's.
      // (On a phone the header's sign-up link is hidden, its words the same: the drawer has it.)
      await expect(header(page).locator("a.header-sign-up")).toHaveText("Suscríbete");
      await expect(header(page).getByRole("link", { name: "Iniciar sesión" })).toBeVisible();
      await expect(page).toHaveURL(/\/realm\/liga\/home$/);

      await visit(page, "/realm/liga/browse");
      await expect(page.locator("html")).toHaveAttribute("lang", "es");
      await expect(header(page).getByRole("button", { name: "Idioma: Español" })).toBeVisible();
    });

    test("liga: the language menu works from the keyboard", async ({ page }) => {
      await visit(page, "/realm/liga/home");
      const trigger = header(page).getByRole("button", { name: "Language: English" });
      await trigger.focus();
      await page.keyboard.press("Enter");
      const menu = page.getByRole("menu");
      await expect(menu).toBeVisible();
      await expect(menu.getByRole("menuitemradio", { name: "Português" })).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      await expect(trigger).toBeFocused();

      const portuguese = menu.getByRole("menuitemradio", { name: "Português" });
      await page.keyboard.press("ArrowDown");
      await expect(portuguese).toBeFocused();
      // Each key waits for the focus to move, as a person would see it move before the next.
      await page.keyboard.press("ArrowDown");
      await expect(portuguese).not.toBeFocused();
      await page.keyboard.press("ArrowUp");
      await expect(portuguese).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page.locator("html")).toHaveAttribute("lang", "pt");
      await expect(header(page).locator("a.header-sign-up")).toHaveText("Assine já");
      await expect(header(page).getByRole("button", { name: "Idioma: Português" })).toBeVisible();
    });

    test("arena offers one language: no menu", async ({ page }) => {
      await visit(page, "/realm/arena");
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expect(header(page).getByRole("link", { name: "Sign in" })).toBeVisible();
      await expect(header(page).locator(".header-language")).toHaveCount(0);
    });
  });
}

test.describe("language detection", () => {
  test.use({ locale: "es-AR" });

  test("a browser asking for a regional Spanish gets liga in Spanish, arena in English", async ({
    page,
  }) => {
    await visit(page, "/realm/liga/home");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(header(page).getByRole("button", { name: "Idioma: Español" })).toBeVisible();
    await visit(page, "/realm/arena");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });
});

test("on the realm's own domain the choice is kept for that domain", async ({ page, baseURL }) => {
  await visit(page, onHost(baseURL!, "liga.localhost", "/home"));
  await header(page).getByRole("button", { name: "Language: English" }).click();
  await page.getByRole("menuitemradio", { name: "Português" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "pt");
  await expect(page).toHaveURL(/liga\.localhost:\d+\/home$/);
  await visit(page, onHost(baseURL!, "liga.localhost", "/browse"));
  await expect(page.locator("html")).toHaveAttribute("lang", "pt");
  // The shared host's /realm/liga keeps its own choice.
  await visit(page, "/realm/liga/home");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test("axe finds no violations with the language menu open", async ({ page }) => {
  await visit(page, "/realm/liga/home");
  await header(page).getByRole("button", { name: "Language: English" }).click();
  await expect(page.getByRole("menu")).toBeVisible();
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
});

test.describe("liga's landing page switches language in place", () => {
  // A browser asking for Portuguese: liga's default, so English is a change.
  test.use({ locale: "pt-BR" });

  test("with JavaScript: headings and <html lang> change without a reload", async ({ page }) => {
    await visit(page, "/realm/liga");
    await expect(page.locator("html")).toHaveAttribute("lang", "pt");
    await expect(page.getByRole("heading", { name: "Cookies neste site" })).toBeVisible();
    // A reload would drop this marker.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

    await header(page).getByRole("button", { name: "Idioma: Português" }).click();
    await page.getByRole("menuitemradio", { name: "English" }).click();

    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { name: "Cookies on this site" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Cookies neste site" })).toHaveCount(0);
    await expect(header(page).getByRole("link", { name: "Sign up" })).toBeVisible();
    await expect(header(page).getByRole("button", { name: "Language: English" })).toBeVisible();
    await expect(page).toHaveURL(/\/realm\/liga$/);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
      true,
    );
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the language buttons post the choice and the page comes back in it", async ({ page }) => {
      await page.goto("/realm/liga");
      await expect(page.locator("html")).toHaveAttribute("lang", "pt");
      await expect(page.getByRole("heading", { name: "Cookies neste site" })).toBeVisible();
      // The menu cannot open without scripts: its button gives way to the form.
      await expect(header(page).getByRole("button", { name: "Idioma: Português" })).toBeHidden();
      await expect(header(page).getByRole("button", { name: "Português" })).toHaveAttribute(
        "aria-current",
        "true",
      );

      await header(page).getByRole("button", { name: "English" }).click();

      await expect(page).toHaveURL(/\/realm\/liga$/);
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expect(page.getByRole("heading", { name: "Cookies on this site" })).toBeVisible();
      await expect(header(page).getByRole("button", { name: "English" })).toHaveAttribute(
        "aria-current",
        "true",
      );
    });
  });
});

test.describe("without JavaScript on a 360 px phone", () => {
  test.use({ javaScriptEnabled: false, locale: "pt-BR", viewport: { width: 360, height: 740 } });

  test("the language buttons fit the header", async ({ page }) => {
    await page.goto("/realm/liga");
    await expect(header(page).getByRole("button", { name: "English" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await header(page).getByRole("button", { name: "Español" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
  });
});

/** Liga's browse page in each language: its menu, page heading, rail titles and tab title. */
const LIGA_BROWSE = {
  en: {
    menu: ["Home", "Matches", "Schedule", "More"],
    heading: "Matches",
    rails: ["Upcoming matches", "Finished matches"],
    title: "Matches · Liga Play",
  },
  es: {
    menu: ["Inicio", "Partidos", "Calendario", "Más"],
    heading: "Partidos",
    rails: ["Próximos partidos", "Partidos finalizados"],
    title: "Partidos · Liga Play",
  },
  pt: {
    menu: ["Início", "Jogos", "Agenda", "Mais"],
    heading: "Jogos",
    rails: ["Próximos jogos", "Jogos encerrados"],
    title: "Jogos · Liga Play",
  },
} as const;

async function expectLigaBrowseIn(page: Page, language: keyof typeof LIGA_BROWSE) {
  const expected = LIGA_BROWSE[language];
  await expect(page.locator("html")).toHaveAttribute("lang", language);
  const nav = header(page).getByRole("navigation").first();
  for (const name of expected.menu)
    await expect(nav.getByText(name, { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: expected.heading })).toBeAttached();
  for (const rail of expected.rails) {
    await expect(page.getByRole("heading", { level: 2, name: rail })).toBeVisible();
  }
  await expect(page).toHaveTitle(expected.title);
}

test.describe("liga's own texts follow the viewer's language", () => {
  test.use({ viewport: VIEWPORTS.desktop });

  for (const [locale, language] of [
    ["en-US", "en"],
    ["es-AR", "es"],
    ["pt-BR", "pt"],
    // A language liga does not offer: its default, Portuguese.
    ["fr-FR", "pt"],
  ] as const) {
    test(`a browser asking for ${locale} reads menu, headings, rails and tab title in ${language}`, async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({ locale, baseURL });
      const page = await context.newPage();
      await visit(page, "/realm/liga/browse");
      await expectLigaBrowseIn(page, language);
      await context.close();
    });
  }

  test("choosing another language rewords them in place", async ({ page }) => {
    await visit(page, "/realm/liga/browse");
    await expectLigaBrowseIn(page, "en");
    await header(page).getByRole("button", { name: "Language: English" }).click();
    await page.getByRole("menuitemradio", { name: "Español" }).click();
    await expectLigaBrowseIn(page, "es");
    await visit(page, "/realm/liga/browse");
    await expectLigaBrowseIn(page, "es");
  });
});

test("a signed-in viewer's choice is kept with the account: another browser signs in to it", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  const account = await freshAccount(baseURL!, "liga");
  await signIn(context, baseURL!, account.authorisationToken, account.refreshToken);
  await visit(page, "/realm/liga/home");
  await expect(page.locator("html")).toHaveAttribute("lang", "pt");
  await header(page).getByRole("button", { name: "Idioma: Português" }).click();
  await page.getByRole("menuitemradio", { name: "Español" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");

  // Another browser, which has never chosen: signing in to the account brings its language.
  const other = await browser.newContext({ baseURL, locale: "en-US" });
  const login = await platformCall(baseURL!, "liga", "/v2/login", {
    method: "POST",
    body: { id: account.email, secret: "watch-pass-1" },
  });
  expect(login.status).toBe(200);
  const tokens = (await login.json()) as { authorisationToken: string; refreshToken: string };
  await signIn(other, baseURL!, tokens.authorisationToken, tokens.refreshToken);
  const elsewhere = await other.newPage();
  await visit(elsewhere, "/realm/liga/home");
  await expect(elsewhere.locator("html")).toHaveAttribute("lang", "es");
  await other.close();
});

test.describe("a browser downloads the texts of its page's language only", () => {
  /** The language chunks a page asked for (`pt-*.js`, `es-*.js`; English is in the bundle). */
  function languageChunks(page: Page) {
    const chunks: string[] = [];
    page.on("request", (request) => {
      const name = /\/build\/_shared\/(pt|es)-[A-Z0-9]+\.js$/.exec(request.url());
      if (name) chunks.push(name[1]!);
    });
    return chunks;
  }
  /**
   * What React says when the browser's first render differs from the server's (production React
   * names its errors by number: 418 text, 423 recovered by rendering again, 425 text content).
   */
  function hydrationErrors(page: Page) {
    const mismatch = /hydrat|error #(418|423|425)\b/i;
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && mismatch.test(message.text())) errors.push(message.text());
    });
    page.on("pageerror", (error) => {
      if (mismatch.test(error.message)) errors.push(error.message);
    });
    return errors;
  }

  test("English: no language chunk; Portuguese: its own, hydrated without a mismatch", async ({
    page,
    browser,
    baseURL,
  }) => {
    const chunks = languageChunks(page);
    await visit(page, "/realm/arena/home");
    expect(chunks).toEqual([]);

    const context = await browser.newContext({ locale: "pt-BR", baseURL });
    page = await context.newPage();
    const ptChunks = languageChunks(page);
    const errors = hydrationErrors(page);
    await visit(page, "/realm/liga/home");
    await expect(page.locator("html")).toHaveAttribute("lang", "pt");
    // An interactive control's words after hydration are the server's Portuguese ones.
    await expect(header(page).getByRole("button", { name: "Idioma: Português" })).toBeVisible();
    expect(ptChunks).toEqual(["pt"]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
