import type { Page } from "@playwright/test";
import { axeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { signIn } from "./signed-in.ts";
import { freshAccount, platformCall } from "./watching.ts";

const PLAYBACK_START = { timeout: 30_000 };
const hydrated = (page: Page) => page.locator("html[data-hydrated]").waitFor();

/** The id of liga's video titled `title` (an episode of its series). */
async function videoId(baseUrl: string, title: string): Promise<number> {
  const res = await platformCall(baseUrl, "liga", "/v2/vods?rpp=100");
  const { hits } = (await res.json()) as { hits: { id: number; title: string }[] };
  const hit = hits.find((h) => h.title === title);
  if (!hit) throw new Error(`no video "${title}"`);
  return hit.id;
}

function videoTime(page: Page): Promise<number> {
  return page.evaluate(
    () => document.querySelector<HTMLVideoElement>(".player video")?.currentTime ?? -1,
  );
}

/** Opens one of the player's menus and gives the chosen item's name. */
async function chosenIn(page: Page, menu: string): Promise<string> {
  const player = page.getByRole("region", { name: /Leitor de vídeo/ });
  await player.getByRole("button", { name: menu, exact: true }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitemradio").first()).toBeVisible();
  // While hls.js switches audio the menu can show no track as chosen for a while: that reads as
  // none (""), so a poll asks again instead of failing on the moment.
  const checked = page.locator('[role="menuitemradio"][aria-checked="true"]');
  await expect(checked)
    .toHaveCount(1, { timeout: 2_000 })
    .catch(() => undefined);
  const names = await checked.allTextContents();
  await page.keyboard.press("Escape");
  return names.length === 1 ? names[0]!.trim() : "";
}

test.describe("playback preferences", () => {
  test("liga: subtitles and audio saved in the preferences section start the player; auto-advance off stays at the end, on opens the next episode", async ({
    page,
    context,
    baseURL,
  }) => {
    const account = await freshAccount(baseURL!, "liga");
    await signIn(context, baseURL!, account.authorisationToken, account.refreshToken);
    await page.goto("/realm/liga/account?section=preferences");
    await hydrated(page);
    const form = page
      .getByRole("main")
      .locator("form")
      .filter({ has: page.getByRole("button", { name: "Salvar preferências de reprodução" }) });
    await expect(form.getByLabel("Idioma das legendas")).toHaveValue("");
    await form.getByLabel("Idioma das legendas").selectOption({ label: "Español" });
    await form.getByLabel("Idioma do áudio").selectOption({ label: "English" });
    await form.getByLabel("Reproduzir o próximo episódio quando um terminar").uncheck();
    await form.getByRole("button", { name: "Salvar preferências de reprodução" }).click();
    await expect(form.getByRole("status")).toHaveText(
      "Suas preferências de reprodução foram salvas.",
    );
    expect(await axeViolations(page)).toEqual([]);

    // The first episode of a season: its player starts with Spanish subtitles showing and the
    // English audio track, and plays on it.
    const first = await videoId(baseURL!, "Faltam cinco");
    const second = await videoId(baseURL!, "A viagem mais longa");
    await page.goto(`/realm/liga/vod/${first}`);
    await expect.poll(() => videoTime(page), PLAYBACK_START).toBeGreaterThan(0.5);
    await expect.poll(() => chosenIn(page, "Legendas"), PLAYBACK_START).toBe("Español");
    await expect.poll(() => chosenIn(page, "Áudio"), PLAYBACK_START).toBe("English");
    const showing = () =>
      page.evaluate(() => {
        const video = document.querySelector<HTMLVideoElement>(".player video")!;
        const track = Array.from(video.textTracks).find((t) => t.mode === "showing");
        return track ? `${track.language}: ${(track.activeCues?.[0] as VTTCue)?.text ?? ""}` : "";
      });
    await expect.poll(showing, PLAYBACK_START).toMatch(/^es: Subtítulos \d\d:\d\d:\d\d$/);
    // Another language from the menu: the stream switches its audio and goes on playing.
    const player = page.getByRole("region", { name: /Leitor de vídeo/ });
    await player.getByRole("button", { name: "Áudio", exact: true }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("menuitemradio", { name: "Português" }).focus();
    await page.keyboard.press("Enter");
    // The menu shows the track the stream plays, once hls.js has switched to it.
    await expect.poll(() => chosenIn(page, "Áudio"), PLAYBACK_START).toBe("Português");
    const switchedAt = await videoTime(page);
    await expect.poll(() => videoTime(page), PLAYBACK_START).toBeGreaterThan(switchedAt + 2);

    // Auto-advance off: the episode ends and the page stays.
    const nearEnd = () =>
      page.evaluate(() => {
        const video = document.querySelector<HTMLVideoElement>(".player video")!;
        video.currentTime = video.duration - 1.5;
      });
    await nearEnd();
    await expect
      .poll(() => page.evaluate(() => document.querySelector("video")?.ended), PLAYBACK_START)
      .toBe(true);
    await page.waitForTimeout(1000);
    await expect(page).toHaveURL(new RegExp(`/vod/${first}$`));

    // Auto-advance on: the next episode of the season opens and plays.
    const saved = await platformCall(baseURL!, "liga", "/v2/user/playback-preferences", {
      method: "PUT",
      token: account.authorisationToken,
      body: {
        subTitleLanguage: "es",
        audioLanguage: "en",
        autoAdvance: true,
        videoBackgroundAutoPlay: true,
      },
    });
    expect(saved.status).toBe(200);
    await page.reload();
    await expect.poll(() => videoTime(page), PLAYBACK_START).toBeGreaterThan(0.5);
    await nearEnd();
    await expect(page).toHaveURL(new RegExp(`/vod/${second}$`), PLAYBACK_START);
    await expect.poll(() => videoTime(page), PLAYBACK_START).toBeGreaterThan(0.5);
  });

  test("liga: the preferences form works without JavaScript, and another browser signing in reads the same", async ({
    browser,
    baseURL,
  }) => {
    const account = await freshAccount(baseURL!, "liga");
    const plain = await browser.newContext({ javaScriptEnabled: false });
    await signIn(plain, baseURL!, account.authorisationToken, account.refreshToken);
    const page = await plain.newPage();
    await page.goto("/realm/liga/account?section=preferences");
    const form = page
      .getByRole("main")
      .locator("form")
      .filter({ has: page.getByRole("button", { name: "Salvar preferências de reprodução" }) });
    await form.getByLabel("Idioma das legendas").selectOption({ label: "English" });
    await form.getByLabel("Reproduzir vídeos de fundo automaticamente").uncheck();
    await form.getByRole("button", { name: "Salvar preferências de reprodução" }).click();
    await expect(page).toHaveURL(/section=preferences/);
    await expect(form.getByLabel("Idioma das legendas")).toHaveValue("en");
    await expect(form.getByLabel("Reproduzir vídeos de fundo automaticamente")).not.toBeChecked();
    await plain.close();

    // Another browser, signed in with the password: the account's values.
    const login = await platformCall(baseURL!, "liga", "/v2/login", {
      method: "POST",
      body: { id: account.email, secret: "watch-pass-1" },
    });
    expect(login.status).toBe(200);
    const tokens = (await login.json()) as { authorisationToken: string; refreshToken: string };
    const other = await browser.newContext();
    await signIn(other, baseURL!, tokens.authorisationToken, tokens.refreshToken);
    const elsewhere = await other.newPage();
    await elsewhere.goto("/realm/liga/account?section=preferences");
    await expect(elsewhere.getByLabel("Idioma das legendas")).toHaveValue("en");
    await expect(elsewhere.getByLabel("Idioma do áudio")).toHaveValue("");
    await expect(
      elsewhere.getByLabel("Reproduzir o próximo episódio quando um terminar"),
    ).toBeChecked();
    await expect(
      elsewhere.getByLabel("Reproduzir vídeos de fundo automaticamente"),
    ).not.toBeChecked();
    await other.close();
  });

  test("arena: the preferences dialog saves the acting profile's playback preferences", async ({
    page,
    context,
    baseURL,
  }) => {
    const account = await freshAccount(baseURL!, "arena");
    await signIn(context, baseURL!, account.authorisationToken, account.refreshToken);
    await page.goto("/realm/arena/home?preferences");
    await hydrated(page);
    const dialog = page.getByRole("dialog", { name: "Preferences" });
    // Arena's languages only: English and Spanish.
    await expect(dialog.getByLabel("Subtitle language").locator("option")).toHaveText([
      "Off",
      "English",
      "Español",
    ]);
    await dialog.getByLabel("Subtitle language").selectOption({ label: "English" });
    await dialog.getByRole("button", { name: "Save playback preferences" }).click();
    await expect(dialog.getByRole("status")).toHaveText("Your playback preferences are saved.");
    expect(await axeViolations(page)).toEqual([]);
    const saved = await platformCall(baseURL!, "arena", "/v2/user/playback-preferences", {
      token: account.authorisationToken,
    });
    expect(await saved.json()).toEqual({
      subTitleLanguage: "en",
      audioLanguage: null,
      autoAdvance: true,
      videoBackgroundAutoPlay: true,
    });
  });
});
