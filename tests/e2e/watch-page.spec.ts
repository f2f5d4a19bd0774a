import type { Page } from "@playwright/test";
import { icsText, icsUtcOf, vevents } from "../fixtures/ics.ts";
import { axeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { hydrated } from "./keyboard.ts";
import { signIn, signInWithPassword, tokenFor } from "./signed-in.ts";
import { cards, platformCall, viewerAddress, type Account } from "./watching.ts";

const PLAYBACK_START = { timeout: 30_000 };

async function liveNow(baseURL: string, title: string) {
  const event = (await cards(baseURL, "arena", "/v2/events?status=LIVE&rpp=50")).find((card) =>
    card.title.includes(title),
  );
  if (!event) throw new Error(`no live event "${title}" in arena`);
  return event;
}

const timeOf = (page: Page) =>
  page.evaluate(() => document.querySelector<HTMLVideoElement>(".player video")?.currentTime ?? 0);

/** Controls of the player (and the page) whose box runs past the left or right of the window. */
function controlsPastTheEdge(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll<HTMLElement>("button, a[href], input, [role=slider]")]
      .filter((el) => el.getClientRects().length > 0 && !el.closest(".skip-link"))
      .filter((el) => !el.closest(".rail-list")) // cards scroll sideways inside their rail
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.left < -0.5 || box.right > width + 0.5)
      .map(
        ({ el, box }) =>
          `${el.getAttribute("aria-label") ?? el.textContent?.trim()}: ${Math.round(box.left)}–${Math.round(box.right)} of ${width}`,
      );
  });
}

test.describe("the watch page at every supported width", () => {
  for (const width of [360, 390, 1366]) {
    test(`at ${width} px every player control is on screen and the related rails have the page's padding`, async ({
      page,
      context,
      baseURL,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      const event = await liveNow(baseURL!, "AFC 24/7");
      await signInWithPassword(context, baseURL!, "arena", "viewer@arena.test");
      await page.goto(`/realm/arena/live/${event.id}`);
      await hydrated(page);
      const player = page.getByRole("region", { name: `Video player: ${event.title}` });
      await expect(player.getByRole("button", { name: "Full screen" })).toBeAttached(
        PLAYBACK_START,
      );
      await expect(
        player.getByRole("button", { name: /^(Watching live|Go live)$/ }),
      ).toBeAttached();
      expect(await controlsPastTheEdge(page)).toEqual([]);
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      ).toBe(0);

      // Rail headings line up with the page's text, and their arrows keep clear of the edge.
      const headings = page.locator(".related-rails .block-header h2");
      await expect(headings.first()).toBeVisible();
      const gutter = await page
        .locator(".watch-title")
        .evaluate((el) => el.getBoundingClientRect().left);
      expect(gutter).toBeGreaterThanOrEqual(16);
      for (const heading of await headings.all()) {
        const box = (await heading.boundingBox())!;
        expect(Math.round(box.x)).toBe(Math.round(gutter));
      }
      for (const arrow of await page.locator(".related-rails .rail-buttons button").all()) {
        const box = (await arrow.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(width - gutter + 0.5);
      }
    });
  }
});

test("a stream that starts muted has one Unmute for assistive technology", async ({
  page,
  context,
  baseURL,
}) => {
  // As most browsers do without a gesture (headless Chromium ignores its autoplay policy):
  // playback with sound is refused, muted playback allowed.
  await page.addInitScript(() => {
    let gesture = false;
    const activate = () => (gesture = true);
    window.addEventListener("pointerdown", activate, true);
    window.addEventListener("keydown", activate, true);
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      if (!this.muted && !gesture) {
        return Promise.reject(new DOMException("play() needs a gesture", "NotAllowedError"));
      }
      return play.call(this);
    };
  });
  const event = await liveNow(baseURL!, "AFC 24/7");
  await signInWithPassword(context, baseURL!, "arena", "viewer@arena.test");
  await page.goto(`/realm/arena/live/${event.id}`);
  await expect.poll(() => timeOf(page), PLAYBACK_START).toBeGreaterThan(0);
  // The large button over the picture is there for a pointer...
  const overlay = page.locator(".player-unmute");
  await expect(overlay).toBeVisible();
  // ...but only the control bar's is in the accessibility tree and the tab order.
  const player = page.getByRole("region", { name: `Video player: ${event.title}` });
  await expect(page.getByRole("button", { name: /unmute/i })).toHaveCount(1);
  await expect(player.locator(".player-bar").getByRole("button", { name: "Unmute" })).toHaveCount(
    1,
  );
  expect(await overlay.getAttribute("tabindex")).toBe("-1");
  expect(await axeViolations(page)).toEqual([]);

  // A click on it still brings the sound.
  await overlay.click();
  await expect(page.getByRole("button", { name: "Mute", exact: true })).toBeVisible();
  await expect(overlay).toHaveCount(0);
});

test.describe("an event that has not started", () => {
  test("its page says when it starts and offers a reminder (.ics), not the stream", async ({
    page,
    context,
    baseURL,
  }) => {
    const [next] = await cards(baseURL!, "arena", "/v2/events?status=UPCOMING&rpp=5");
    expect(next, "arena has an upcoming event").toBeDefined();
    await signInWithPassword(context, baseURL!, "arena", "viewer@arena.test");
    await page.goto(`/realm/arena/live/${next!.id}`);
    await hydrated(page);
    await expect(page.getByRole("status").filter({ hasText: "hasn't started yet" })).toContainText(
      new Date(next!.startDate!).getFullYear().toString(),
    );
    await expect(page.getByRole("link", { name: "Watch now" })).toHaveCount(0);
    await expect(page.locator(".player video")).toHaveCount(0);

    const remind = page.getByRole("link", { name: "Remind me" });
    await remind.focus();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.keyboard.press("Enter"),
    ]);
    expect(download.suggestedFilename()).toBe(`event-${next!.id}.ics`);
    const path = await download.path();
    const { readFile } = await import("node:fs/promises");
    const ics = await readFile(path!, "utf8");
    expect(ics.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    const [event, ...others] = vevents(ics);
    expect(others).toEqual([]);
    expect(event).toMatchObject({
      DTSTART: icsUtcOf(next!.startDate!),
      URL: expect.stringMatching(new RegExp(`/live/${next!.id}$`)),
    });
    expect(icsText(event!.SUMMARY!)).toBe(next!.title);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("the reminder is there in a realm without the guest schedule, and at 360 px", async ({
    page,
    context,
    baseURL,
  }) => {
    // Arena has no /upcoming page: the reminder cannot lead there.
    const upcomingPage = await page.request.get("/realm/arena/upcoming.ics");
    expect(upcomingPage.status()).toBe(404);
    const [next] = await cards(baseURL!, "arena", "/v2/events?status=UPCOMING&rpp=5");
    await signInWithPassword(context, baseURL!, "arena", "viewer@arena.test");
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/realm/arena/live/${next!.id}`);
    const remind = page.getByRole("link", { name: "Remind me" });
    await expect(remind).toHaveAttribute("href", `/realm/arena/live/${next!.id}/calendar.ics`);
    const answer = await page.request.get((await remind.getAttribute("href"))!);
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(await controlsPastTheEdge(page)).toEqual([]);
  });

  test("the home hero offers a reminder, not Watch now, for an event still to start", async ({
    page,
    context,
    baseURL,
  }) => {
    await signInWithPassword(context, baseURL!, "arena", "viewer@arena.test");
    await page.goto("/realm/arena/home");
    await hydrated(page);
    const slides = page.locator(".hero-slide");
    const upcoming = slides.filter({ hasText: /^.*Starts / });
    await expect(upcoming).toHaveCount(1);
    await expect(
      upcoming.getByRole("link", { name: "Watch now", includeHidden: true }),
    ).toHaveCount(0);
    const remind = upcoming.getByRole("link", { name: "Remind me", includeHidden: true });
    const href = (await remind.getAttribute("href"))!;
    expect(href).toMatch(/^\/realm\/arena\/live\/\d+\/calendar\.ics$/);
    expect(await remind.getAttribute("download")).toMatch(/^event-\d+\.ics$/);
    const ics = await (await page.request.get(href)).text();
    expect(vevents(ics)).toHaveLength(1);
    await expect(
      upcoming.getByRole("link", { name: "Event details", includeHidden: true }),
    ).toHaveAttribute("href", href.replace(/\/calendar\.ics$/, ""));
    // The slide that is live now still says Watch now.
    await expect(
      slides
        .filter({ hasText: "Live" })
        .getByRole("link", { name: "Watch now", includeHidden: true }),
    ).toHaveCount(1);
  });
});

test.describe("skip to content", () => {
  let customer = 700;

  test("is the first tab stop, before the promo notification, and Enter moves focus to the page", async ({
    page,
    context,
    baseURL,
  }) => {
    customer += 1;
    await signIn(context, baseURL!, await tokenFor("arena", "CUSTOMER", String(customer)));
    await page.goto("/realm/arena");
    await hydrated(page);
    await expect(page.getByRole("complementary", { name: "Road to AFC 212" })).toBeVisible();
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    // Shown while focused, inside the window.
    const box = (await skip.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.width).toBeGreaterThan(40);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("main")).toBeFocused();
    // The next Tab goes on from the page, not back to the header or the promo.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("main")))).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("is hidden until focused, translated, and on every kind of page", async ({
    page,
    browser,
    baseURL,
  }) => {
    for (const [locale, text] of [
      ["pt-BR", "Pular para o conteúdo"],
      ["es-ES", "Saltar al contenido"],
    ] as const) {
      const other = await browser.newContext({ baseURL, locale });
      const translated = await other.newPage();
      await translated.goto("/realm/liga");
      await expect(translated.locator("html")).toHaveAttribute("lang", locale.slice(0, 2));
      await expect(translated.locator(".skip-link")).toHaveText(text);
      await other.close();
    }
    await page.goto("/realm/liga");
    await expect(page.locator(".skip-link")).toHaveText("Skip to content");
    await hydrated(page);
    const hiddenBox = (await page.locator(".skip-link").boundingBox())!;
    expect(hiddenBox.y + hiddenBox.height).toBeLessThanOrEqual(0);
    await page.goto("/realm/liga/login");
    await page.keyboard.press("Tab");
    await expect(page.locator(".skip-link")).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.locator("main#main")).toBeFocused();
    // A page that is not found has its main landmark too.
    await page.goto("/realm/liga/no-such-page");
    await page.keyboard.press("Tab");
    await expect(page.locator(".skip-link")).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.locator("main#main")).toBeFocused();
  });
});

test.describe("dialogs are named once, by their title", () => {
  async function namedOnce(page: Page, title: string) {
    const dialog = page.getByRole("dialog", { name: title, exact: true });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleName(title);
    expect(await dialog.getAttribute("aria-label")).toBeNull();
    const labelledBy = (await dialog.getAttribute("aria-labelledby"))!;
    expect(labelledBy.split(" ")).toHaveLength(1);
    await expect(page.locator(`[id="${labelledBy}"]`)).toHaveText(title);
    // Nothing else in the dialog (a description, a legend) says the title again.
    await expect(dialog.getByText(title, { exact: true })).toHaveCount(1);
    const description = await dialog.evaluate((el) =>
      (el.getAttribute("aria-describedby") ?? "")
        .split(" ")
        .map((id) => document.getElementById(id)?.textContent ?? "")
        .join(" "),
    );
    expect(description).not.toContain(title);
    expect(await axeViolations(page)).toEqual([]);
  }

  test("Who's watching?", async ({ page, context, baseURL }) => {
    await signInWithPassword(context, baseURL!, "arena", "admin@arena.test");
    await page.goto("/realm/arena/home#profilesFromLogin");
    await hydrated(page);
    await namedOnce(page, "Who's watching?");
  });

  test("Before you go on (the consent prompt)", async ({ page, context, baseURL }) => {
    // A liga account of its own that has not answered the realm's terms yet.
    const res = await platformCall(baseURL!, "liga", "/v2/user/pbr", {
      method: "POST",
      body: {
        email: `consent-${crypto.randomUUID().slice(0, 8)}@liga.test`,
        secret: "watch-pass-1",
        taxNumber: "123.456.789-09",
        country: "BR",
      },
      from: viewerAddress(),
    });
    expect(res.status).toBe(201);
    const { authorisationToken, refreshToken } = (await res.json()) as Account;
    await signIn(context, baseURL!, authorisationToken, refreshToken);
    await page.goto("/realm/liga");
    // The account signed up in Brazil: liga speaks Portuguese to it ("Before you go on").
    await namedOnce(page, "Antes de continuar");
  });
});
