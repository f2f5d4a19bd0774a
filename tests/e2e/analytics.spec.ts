import type { APIRequestContext, Page, Request } from "@playwright/test";
import { analyticsEventProblem } from "../../contract/analytics-events.ts";
import type { AnalyticsBatch } from "../../contract/generated/analytics.ts";
import { DEMO_KEYS } from "../fixtures/secrets.ts";
import { axeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { signInWithPassword } from "./signed-in.ts";

const PLAYBACK_START = { timeout: 30_000 };

async function longVideo(request: APIRequestContext): Promise<{ id: number; title: string }> {
  const res = await request.get("/api/v2/vods?rpp=50", {
    headers: {
      Accept: "application/json",
      App: "e2e-tests",
      Realm: "liga",
      "X-Api-Key": DEMO_KEYS.liga,
    },
  });
  const { hits } = (await res.json()) as {
    hits: { id: number; title: string; duration?: number }[];
  };
  const video = hits.filter((hit) => (hit.duration ?? 0) >= 600)[1] ?? hits[0];
  if (!video) throw new Error("liga has no video");
  return video;
}

interface Upload {
  status: number;
  batch: AnalyticsBatch;
}

/** A status to answer an upload with: the next one, or the next holding an event `holding`. */
interface Verdict {
  status: number;
  holding?: string;
}

/**
 * Intercepts the page's analytics uploads: each answered as the first `verdicts` entry that
 * applies to it says, else passed on to the real ingest; every upload and its status is
 * recorded. A verdict meant for one event names it: the player sends other batches (progress,
 * quality) at moments a busy machine cannot predict.
 */
async function interceptUploads(page: Page) {
  const uploads: Upload[] = [];
  const verdicts: Verdict[] = [];
  await page.route("**/realm/liga/analytics", async (route, request: Request) => {
    const batch = request.postDataJSON() as AnalyticsBatch;
    const applies = verdicts.findIndex(
      (v) => v.holding === undefined || batch.events.some((e) => e.name === v.holding),
    );
    const verdict = applies >= 0 ? verdicts.splice(applies, 1)[0]!.status : undefined;
    if (verdict !== undefined) {
      uploads.push({ status: verdict, batch });
      await route.fulfill({ status: verdict, body: "" });
      return;
    }
    const answer = await route.fetch();
    uploads.push({ status: answer.status(), batch });
    await route.fulfill({ response: answer });
  });
  const sent = (name: string) =>
    uploads.flatMap((u) =>
      u.batch.events.filter((e) => e.name === name).map((e) => ({ ...e, status: u.status })),
    );
  return { uploads, verdicts, sent };
}

test.afterEach(async ({ page }) => {
  await page.goto("about:blank");
});

test("a viewing session sends checked batches with route keys, retried on 503 and dropped on 400; the dashboard counts its play", async ({
  page,
  context,
  baseURL,
  request,
  browser,
}) => {
  const video = await longVideo(request);
  await signInWithPassword(context, baseURL!, "liga", "viewer@liga.test");
  const { uploads, verdicts, sent } = await interceptUploads(page);
  // The page's first upload is refused as if the ingest were down.
  verdicts.push({ status: 503 });
  await page.goto(`/realm/liga/vod/${video.id}`);
  const player = page.getByRole("region", { name: `Video player: ${video.title}` });
  await expect(player).toBeVisible();

  // The navigation event was in the refused batch, and comes again, the same event, once taken.
  await expect
    .poll(() => sent("navigation").map((e) => e.status), PLAYBACK_START)
    .toEqual([503, 202]);
  const [refused, retried] = sent("navigation");
  expect(retried!.at).toBe(refused!.at);
  expect(refused!.route).toBe(`VOD ${video.id}`);
  expect(refused!.attributes).toMatchObject({ source: "ENTRY" });
  await expect
    .poll(() => sent("play").filter((e) => e.status === 202).length, PLAYBACK_START)
    .toBe(1);

  // Every event sent fits the contract's rules, stamped with the page's route key.
  for (const { batch } of uploads) {
    expect(batch.userId, "a signed-in customer is identified").toMatch(/^\d+$/);
    for (const event of batch.events) {
      expect(analyticsEventProblem(event as unknown as Record<string, unknown>)).toBeNull();
      expect(event.route).toBe(`VOD ${video.id}`);
    }
  }
  expect(sent("play")[0]!.attributes).toEqual({ contentId: String(video.id) });

  // A 400 drops its batch: the pause it held is never sent again.
  verdicts.push({ status: 400, holding: "pause" });
  await player.getByRole("button", { name: "Pause" }).click();
  await expect.poll(() => sent("pause").map((e) => e.status)).toEqual([400]);
  const dropped = sent("pause")[0]!;
  expect(Number(dropped.attributes?.watchedSeconds)).toBeGreaterThanOrEqual(0);
  await player.getByRole("button", { name: "Play" }).click();
  await player.getByRole("button", { name: "Pause" }).click();
  await expect.poll(() => sent("pause").map((e) => e.status)).toEqual([400, 202]);
  expect(sent("pause")[1]!.at).not.toBe(dropped.at);

  // The realm's admin sees the session's play on the dashboard, which is axe-clean.
  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await signInWithPassword(adminContext, baseURL!, "liga", "admin@liga.test");
  const today = new Date().toISOString().slice(0, 10);
  const answer = await admin.goto(`/realm/liga/admin/analytics?from=${today}&to=${today}`);
  expect(answer?.status()).toBe(200);
  expect(answer?.headers()["cache-control"]).toBe("private, no-store");
  const main = admin.locator("main");
  await expect(main.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
  await expect(
    main
      .getByRole("navigation", { name: "Administration" })
      .getByRole("link", { name: "Analytics" }),
  ).toHaveAttribute("aria-current", "page");
  const todayRow = main.locator("#analytics-days tbody tr", { hasText: today });
  expect(Number(await todayRow.locator("td").first().textContent())).toBeGreaterThanOrEqual(1);
  const topVideos = main.getByRole("region", { name: "Top videos and events" });
  await expect(
    topVideos.getByRole("rowheader", { name: `VOD ${video.id}`, exact: true }),
  ).toBeVisible();
  await expect(
    main.getByRole("img", { name: "Chart: Plays and unique viewers per day" }),
  ).toBeVisible();
  expect(await axeViolations(admin)).toEqual([]);

  const csv = await admin.request.get(`/realm/liga/admin/analytics.csv?from=${today}&to=${today}`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  expect(csv.headers()["cache-control"]).toBe("private, no-store");
  expect(await csv.text()).toContain(`topVideo,VOD ${video.id},`);
  await adminContext.close();
});

test("a customer gets 403 on the analytics dashboard and its CSV", async ({
  page,
  context,
  baseURL,
}) => {
  await signInWithPassword(context, baseURL!, "liga", "viewer@liga.test");
  const dashboard = await page.goto("/realm/liga/admin/analytics");
  expect(dashboard?.status()).toBe(403);
  await expect(page.locator("main")).not.toContainText("Plays and unique viewers per day");
  const csv = await page.request.get("/realm/liga/admin/analytics.csv");
  expect(csv.status()).toBe(403);
  expect(await csv.text()).not.toContain("section,name,count");
});

test("a sign-up sends its funnel: started, details entered, then completed on the page it reaches", async ({
  page,
}) => {
  const { sent } = await interceptUploads(page);
  await page.goto("/realm/liga/signup");
  await page.locator("html[data-hydrated]").waitFor();
  await expect.poll(() => sent("signUpStarted").length).toBe(1);
  expect(sent("signUpStarted")[0]!.route).toBe("SIGNUP");
  await page
    .getByRole("textbox", { name: "Email", exact: true })
    .fill(`e2e.funnel.${Date.now()}@liga.test`);
  await page.locator('input[name="password"]').fill("watch-pass-1");
  await page.getByLabel("Tax number").fill("123.456.789-09");
  await page.getByLabel("Country").selectOption("BR");
  const region = page.getByRole("radio", { name: "Brazil" }).or(page.getByLabel("Region"));
  if ((await region.count()) > 0) {
    const first = region.first();
    if ((await first.getAttribute("type")) === "radio") await first.check();
    else await first.selectOption({ index: 1 });
  }
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/realm\/liga\/home$/);
  await expect.poll(() => sent("signUpCompleted").map((e) => e.route)).toEqual(["HOME"]);
  // The sign-up page's batch leaves as that page goes (a beacon the browser delivers on its own
  // time, or the batch's timer): it may arrive after the home page's.
  await expect.poll(() => sent("signUpDetailsEntered").map((e) => e.route)).toEqual(["SIGNUP"]);
});
