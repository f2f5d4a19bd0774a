import { describe, expect, it } from "vitest";
import { cacheControlFor } from "../../../app/composer/page-route.server.ts";
import { flashToast, takeFlashToast } from "../../../app/feedback/flash.server.ts";
import { deviceIdOf, readChoices, rememberChoice } from "../../../app/notices/cookies.server.ts";

const context = { session: { secret: "s".repeat(32), secure: true } };
const other = { session: { secret: "t".repeat(32), secure: true } };

/** A request carrying the cookies of `setCookies` headers, as a browser would send them. */
function withCookies(...setCookies: string[]) {
  const cookie = setCookies.map((header) => header.split(";")[0]).join("; ");
  return new Request("https://watch.example/realm/arena", { headers: { Cookie: cookie } });
}

describe("notice choices", () => {
  it("are nothing until a signed cookie says otherwise, per realm", async () => {
    const nothing = { cookiePolicyAgreed: false, smartBannerDismissed: false };
    expect(await readChoices(new Request("https://w.example/"), context, "arena")).toEqual(nothing);
    const agreed = await rememberChoice(withCookies(), context, "arena", {
      cookiePolicyAgreed: true,
    });
    expect(agreed).toMatch(
      /^notices_arena=.*; Max-Age=31536000; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
    expect(await readChoices(withCookies(agreed), context, "arena")).toEqual({
      ...nothing,
      cookiePolicyAgreed: true,
    });
    expect(await readChoices(withCookies(agreed), context, "liga")).toEqual(nothing);
    // Signed with another secret, or tampered with: not a choice.
    expect(await readChoices(withCookies(agreed), other, "arena")).toEqual(nothing);
    const forged = `notices_arena=${btoa(JSON.stringify({ cookiePolicyAgreed: true }))}`;
    expect(await readChoices(withCookies(forged), context, "arena")).toEqual(nothing);
  });

  it("add up: dismissing the app banner keeps the cookie agreement", async () => {
    const agreed = await rememberChoice(withCookies(), context, "liga", {
      cookiePolicyAgreed: true,
    });
    const both = await rememberChoice(withCookies(agreed), context, "liga", {
      smartBannerDismissed: true,
    });
    expect(await readChoices(withCookies(both), context, "liga")).toEqual({
      cookiePolicyAgreed: true,
      smartBannerDismissed: true,
    });
  });
});

describe("device id", () => {
  it("is made once, kept in a long-lived httpOnly cookie, and read back after", async () => {
    const first = await deviceIdOf(withCookies(), context);
    expect(first.deviceId).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.setCookie).toMatch(/^device_id=.*; Max-Age=63072000; Path=\/; HttpOnly; Secure/);
    const again = await deviceIdOf(withCookies(first.setCookie!), context);
    expect(again).toEqual({ deviceId: first.deviceId });
  });
});

describe("flash toast", () => {
  it("is read once: the page that shows it clears it", async () => {
    const set = await flashToast(withCookies(), context, {
      level: "success",
      label: "cookiePolicySaved",
    });
    const taken = await takeFlashToast(withCookies(set), context);
    expect(taken.toast).toEqual({
      id: expect.any(String),
      level: "success",
      label: "cookiePolicySaved",
      duration: "SHORT",
    });
    expect(taken.setCookie).toMatch(/^__flash=; Path=\/; Expires=Thu, 01 Jan 1970/);
    expect(await takeFlashToast(withCookies(), context)).toEqual({ toast: null });
  });
});

describe("shared caching of pages", () => {
  const request = (headers: Record<string, string>) =>
    new Request("https://watch.example/realm/liga", { headers });
  it("is allowed only when the notices are the same for every visitor", () => {
    expect(
      cacheControlFor(request({ "User-Agent": "Mozilla/5.0 (X11; Linux) Chrome/124" })),
    ).toMatch(/^public/);
    expect(cacheControlFor(request({ "User-Agent": "Mozilla/5.0 (Linux; Android 14)" }))).toBe(
      "private, no-cache",
    );
    expect(cacheControlFor(request({ "User-Agent": "Mozilla/5.0 (Trident/7.0; rv:11.0)" }))).toBe(
      "private, no-cache",
    );
    expect(cacheControlFor(request({}), { edgeHeaders: { "X-Edge-Vpn": "vpn" } })).toBe(
      "private, no-cache",
    );
    expect(cacheControlFor(request({ Cookie: "a=b" }))).toBe("private, no-cache");
  });
});
