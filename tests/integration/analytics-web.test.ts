import type { ActionFunctionArgs } from "@remix-run/node";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { analyticsAction } from "../../app/analytics/ingest.server.ts";
import * as t from "../../platform/store/schema.ts";
import { accountWithSession } from "../fixtures/accounts.ts";
import { useSeededPlatform } from "../fixtures/platform.ts";
import { sessionCookieFor, webContext } from "../fixtures/web-context.ts";

const platform = useSeededPlatform();

/** A page's upload to arena's `/analytics`, as the browser sends it (cookies and all). */
function upload(body: unknown, cookie?: string): ActionFunctionArgs {
  return {
    request: new Request("http://localhost/realm/arena/analytics", {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
      body: JSON.stringify(body),
    }),
    params: { realm: "arena" },
    context: webContext(platform.api) as never,
  };
}

const play = () => ({ name: "play", type: "MEDIA", route: "VOD 3", at: Date.now() });

/** The events stored for arena under a marker route key, so each test reads its own. */
async function storedFor(route: string) {
  return platform.store.db
    .select({ userId: t.analyticsEvents.userId, email: t.analyticsEvents.email })
    .from(t.analyticsEvents)
    .where(and(eq(t.analyticsEvents.realm, "arena"), eq(t.analyticsEvents.route, route)));
}

describe("the web app's analytics route", () => {
  it("uploads as the signed-in viewer, so the events are theirs and not whom the page names", async () => {
    const viewer = await accountWithSession(platform.store, "arena");
    const other = await accountWithSession(platform.store, "arena");
    const cookie = await sessionCookieFor("arena", { accessToken: viewer.authorisationToken });
    const route = `VOD ${viewer.user.id}`;
    const answer = await analyticsAction(
      upload({ userId: String(other.user.id), events: [{ ...play(), route }] }, cookie),
    );
    expect(answer.status).toBe(202);
    // arena sends the e-mail identity from the main profile, which an account without profiles acts as.
    expect(await storedFor(route)).toEqual([
      { userId: String(viewer.user.id), email: viewer.user.email },
    ]);
  });

  it("uploads a visitor's events as nobody's, whatever userId the page puts in them", async () => {
    const other = await accountWithSession(platform.store, "arena");
    const route = `VOD ${other.user.id}`;
    const answer = await analyticsAction(
      upload({ userId: String(other.user.id), events: [{ ...play(), route }] }),
    );
    expect(answer.status).toBe(202);
    expect(await storedFor(route)).toEqual([{ userId: null, email: null }]);
  });

  it("counts the events of a session that has ended meanwhile, as nobody's", async () => {
    const viewer = await accountWithSession(platform.store, "arena");
    const cookie = await sessionCookieFor("arena", { accessToken: viewer.authorisationToken });
    // Signed out everywhere (another device): the page's token is refused from now on.
    await platform.store.db
      .update(t.refreshTokens)
      .set({ revokedAt: new Date() })
      .where(eq(t.refreshTokens.userId, viewer.user.id));
    const route = `VOD ${viewer.user.id}`;
    const answer = await analyticsAction(upload({ events: [{ ...play(), route }] }, cookie));
    expect(answer.status).toBe(202);
    expect(await storedFor(route)).toEqual([{ userId: null, email: null }]);
  });
});
