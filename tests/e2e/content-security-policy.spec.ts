import type { APIRequestContext, Page } from "@playwright/test";
import { DEMO_KEYS } from "../fixtures/secrets.ts";
import { expect, test } from "./fixtures.ts";
import { seededDataDir, removeDir, ServerProcess } from "./server-process.ts";
import { signInWithPassword } from "./signed-in.ts";

type Realm = keyof typeof DEMO_KEYS;

/** The nonce the answer's policy names for scripts. */
function policyNonce(policy: string | null): string | undefined {
  return /script-src [^;]*'nonce-([^']+)'/.exec(policy ?? "")?.[1];
}

/** The nonce attribute of each `<script>` of a page (null for a script without one). */
function scriptNonces(html: string): (string | null)[] {
  return [...html.matchAll(/<script\b([^>]*)>/g)].map(
    ([, attributes]) => /\bnonce="([^"]*)"/.exec(attributes!)?.[1] ?? null,
  );
}

/**
 * Opens a page, checks it came with the enforced policy, and waits until its scripts have run
 * (hydration needs every one of them).
 */
async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  expect(
    policyNonce((await response!.allHeaders())["content-security-policy"] ?? null),
    path,
  ).toBeTruthy();
  await page.locator("html[data-hydrated]").waitFor();
  return response;
}

async function platformGet<T>(request: APIRequestContext, realm: Realm, path: string): Promise<T> {
  const res = await request.get(`/api${path}`, {
    headers: { Realm: realm, "X-Api-Key": DEMO_KEYS[realm], App: "e2e-tests" },
  });
  expect(res.ok(), `${path}: ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

/** The player's stream position, once hls.js plays it. */
const playing = (page: Page) =>
  page.evaluate(() => {
    const video = document.querySelector<HTMLVideoElement>(".player video");
    const engine = document.querySelector(".player")?.getAttribute("data-engine");
    return engine === "hls.js" ? (video?.currentTime ?? 0) : 0;
  });

test.describe("the policy's headers", () => {
  test("each answer names its own nonce, which every script of its page carries, cached pages too", async ({
    baseURL,
  }) => {
    // Without cookies, as a guest's first visit: the arena home is answered from the page cache.
    const answers = [];
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${baseURL}/realm/arena`);
      answers.push({ response, html: await response.text() });
    }
    expect(answers.map((a) => a.response.headers.get("X-Page-Cache"))).toContain("hit");
    const nonces = answers.map(({ response, html }) => {
      const policy = response.headers.get("Content-Security-Policy");
      expect(policy).toMatch(/frame-ancestors 'none'/);
      expect(/script-src ([^;]*)/.exec(policy!)![1]).not.toContain("unsafe-inline");
      const nonce = policyNonce(policy);
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      const scripts = scriptNonces(html);
      expect(scripts.length).toBeGreaterThan(0);
      expect(new Set(scripts)).toEqual(new Set([nonce]));
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("Permissions-Policy")).toContain("camera=()");
      expect(response.headers.get("Strict-Transport-Security")).toBeNull();
      return nonce;
    });
    expect(new Set(nonces).size).toBe(3);
  });

  test("HTTPS answers ask for HTTPS; previews may be framed by the realm; authorize posts to its app", async ({
    baseURL,
  }) => {
    const behindTls = await fetch(`${baseURL}/realm/arena/login`, {
      headers: { "X-Forwarded-Proto": "https" },
    });
    expect(behindTls.headers.get("Strict-Transport-Security")).toBe("max-age=31536000");

    const preview = await fetch(`${baseURL}/realm/liga/preview/page/home`);
    expect(preview.headers.get("Content-Security-Policy")).toMatch(/frame-ancestors 'self'/);

    const authorize = await fetch(
      `${baseURL}/realm/arena/authorize?${new URLSearchParams({
        response_type: "code",
        client_id: "demo-tv-app",
        redirect_uri: "https://tv.example.com/callback",
        code_challenge: "x",
        code_challenge_method: "S256",
      })}`,
    );
    expect(authorize.headers.get("Content-Security-Policy")).toMatch(
      /form-action 'self' https:\/\/tv\.example\.com;/,
    );
  });
});

test("a script injected into a page is refused, and the browser's report is logged", async ({
  page,
  cspViolations,
}) => {
  test.setTimeout(180_000);
  // A server of its own, whose log this test reads.
  const dataDir = await seededDataDir();
  const server = await ServerProcess.start({ DATA_DIR: dataDir, LOG_REQUESTS: "true" });
  try {
    await visit(page, `${server.url}/disconnected`);
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.injected = true";
      document.head.append(script);
    });
    await expect.poll(() => cspViolations.length).toBe(1);
    expect(cspViolations.splice(0)).toEqual([
      expect.objectContaining({ directive: "script-src-elem", blocked: "inline" }),
    ]);
    expect(await page.evaluate(() => "injected" in window)).toBe(false);

    const reported = () =>
      server.output
        .join("")
        .split("\n")
        .filter((line) => line.includes('"csp violation"'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    await expect.poll(reported, { timeout: 90_000 }).toEqual([
      expect.objectContaining({
        level: "warn",
        document: `${server.url}/disconnected`,
        directive: "script-src-elem",
        blocked: "inline",
      }),
    ]);
  } finally {
    await server.stop();
    await removeDir(dataDir);
  }
});

test.describe("no page breaks the policy", () => {
  // Each test opens many pages, some of them playing.
  test.describe.configure({ timeout: 150_000 });

  test("visitors' pages: sign-in, sign-up, authorize, fallback, not found, the language menu", async ({
    page,
    cspViolations,
  }) => {
    await visit(page, "/");
    await visit(page, "/disconnected");
    await visit(page, "/realm/arena/login");
    await visit(page, "/realm/arena/login/request-password");
    await visit(page, "/realm/arena/signup");
    await visit(page, "/realm/liga/signup");
    await visit(
      page,
      `/realm/arena/authorize?${new URLSearchParams({
        response_type: "code",
        client_id: "demo-tv-app",
        redirect_uri: "http://localhost:3000/oauth-test-client/callback",
        code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
        code_challenge_method: "S256",
      })}`,
    );
    expect((await visit(page, "/realm/arena/no-such-page"))?.status()).toBe(404);
    // A guest of liga, and the language menu of the header.
    await visit(page, "/realm/liga/home");
    await page.getByRole("banner").getByRole("button", { name: "Language: English" }).click();
    await page.getByRole("menu").getByRole("menuitemradio", { name: "Español" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    expect(cspViolations).toEqual([]);
  });

  test("a customer's pages", async ({ page, context, baseURL, request, cspViolations }) => {
    await signInWithPassword(context, baseURL!, "arena", "viewer@arena.test");
    for (const path of [
      "/realm/arena/home",
      "/realm/arena/section/fight-nights",
      "/realm/arena/browse",
      "/realm/arena/grid/all-videos",
      "/realm/arena/history",
      "/realm/arena/tv",
    ]) {
      expect((await visit(page, path))?.status(), path).toBe(200);
    }
    const playlist = await platformGet<{ id: number }>(
      request,
      "arena",
      "/v2/playlist/by-key/road-to-afc-212",
    );
    await visit(page, `/realm/arena/playlist/${playlist.id}`);
    const series = await platformGet<{ id: number }>(
      request,
      "arena",
      "/v2/series/by-key/fight-camp",
    );
    await visit(page, `/realm/arena/series/${series.id}`);
    await page.getByRole("region", { name: "Seasons" }).getByRole("link").first().click();
    await expect(page).toHaveURL(/\/realm\/arena\/season\/\d+$/);
    await visit(page, page.url());
    expect(cspViolations).toEqual([]);
  });

  test("a customer's dialogs and overlays", async ({ page, context, baseURL, cspViolations }) => {
    await signInWithPassword(context, baseURL!, "arena", "viewer@arena.test");
    // Each adds a style element while open: the live-now overlay, preferences, profiles.
    await visit(page, "/realm/arena/home#livenow");
    await expect(page.getByRole("dialog", { name: "Live now" })).toBeVisible();
    await visit(page, "/realm/arena/home?preferences");
    await expect(page.getByRole("dialog", { name: "Preferences" })).toBeVisible();
    await visit(page, "/realm/arena/home#profiles");
    await expect(page.getByRole("dialog", { name: "Who's watching?" })).toBeVisible();
    expect(cspViolations).toEqual([]);
  });

  test("watch pages play with hls.js: its worker, its media and subtitle tracks", async ({
    page,
    request,
    cspViolations,
  }) => {
    // Liga's guests watch too; no account's resume positions change.
    const { hits: videos } = await platformGet<{ hits: { id: number; duration?: number }[] }>(
      request,
      "liga",
      "/v2/vods?rpp=50",
    );
    const video = videos.find((hit) => (hit.duration ?? 0) >= 600)!;
    await visit(page, `/realm/liga/vod/${video.id}`);
    await expect.poll(() => playing(page), { timeout: 30_000 }).toBeGreaterThan(1);
    // hls.js gives each subtitle rendition a track element of its own.
    await expect(page.locator(".player video track")).not.toHaveCount(0);

    const { hits: live } = await platformGet<{ hits: { id: number }[] }>(
      request,
      "liga",
      "/v2/events?status=LIVE&rpp=50",
    );
    await visit(page, `/realm/liga/live/${live[0]!.id}`);
    await expect.poll(() => playing(page), { timeout: 30_000 }).toBeGreaterThan(0);
    // Leaving ends the playback session, so later tests' devices are not refused.
    await page.goto("about:blank");
    expect(cspViolations).toEqual([]);
  });

  test("an admin's pages: preview and administration", async ({
    page,
    context,
    baseURL,
    cspViolations,
  }) => {
    await signInWithPassword(context, baseURL!, "arena", "admin@arena.test");
    for (const path of [
      "/realm/arena/preview/page/home",
      "/realm/arena/admin/users",
      "/realm/arena/admin/outbox",
      "/realm/arena/admin/orders",
    ]) {
      expect((await visit(page, path))?.status(), path).toBe(200);
    }
    expect(cspViolations).toEqual([]);
  });
});
