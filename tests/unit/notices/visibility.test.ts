import { describe, expect, it } from "vitest";
import { noticesFor, playStoreUrl, type NoticeChoices } from "../../../app/notices/notices.ts";
import { isAndroid, isOutdatedBrowser } from "../../../app/notices/user-agent.ts";

const UA = {
  androidChrome:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36",
  androidTablet:
    "Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36",
  iphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
  desktopChrome:
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36",
  edge: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36 Edg/124.0",
  ie11: "Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko",
  ie10: "Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.2; Trident/6.0)",
  ie8: "Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 6.1)",
};

describe("user agents", () => {
  it("tells Android phones and tablets, and nothing else, apart", () => {
    expect(isAndroid(UA.androidChrome)).toBe(true);
    expect(isAndroid(UA.androidTablet)).toBe(true);
    for (const ua of [UA.iphone, UA.desktopChrome, UA.edge, UA.ie11, "", null, undefined]) {
      expect(isAndroid(ua)).toBe(false);
    }
  });

  it("tells Internet Explorer 8 to 11 (MSIE or Trident), not Edge or Chrome", () => {
    for (const ua of [UA.ie11, UA.ie10, UA.ie8]) expect(isOutdatedBrowser(ua)).toBe(true);
    for (const ua of [UA.edge, UA.desktopChrome, UA.androidChrome, UA.iphone, null]) {
      expect(isOutdatedBrowser(ua)).toBe(false);
    }
  });
});

const settings = {
  cookieBanner: { enabled: true, policyUrl: "https://example.com/cookies" },
  smartBanner: { androidAppId: "com.liga.app" },
  vpnAllowed: false,
  hasPromoNotification: true,
};
const nothingChosen: NoticeChoices = { cookiePolicyAgreed: false, smartBannerDismissed: false };

function realmNotices(
  over: {
    settings?: Partial<typeof settings>;
    choices?: Partial<NoticeChoices>;
    vpn?: "detected" | "blocked" | null;
    userAgent?: string;
    role?: "UNAUTHENTICATED" | "GUEST" | "CUSTOMER" | "ADMIN";
  } = {},
) {
  return noticesFor({
    userAgent: over.userAgent ?? UA.desktopChrome,
    realm: {
      settings: { ...settings, ...over.settings },
      choices: { ...nothingChosen, ...over.choices },
      vpn: over.vpn ?? null,
      role: over.role ?? "UNAUTHENTICATED",
    },
  }).realm!;
}

describe("cookie banner", () => {
  it("shows while enabled and not agreed, with the policy link", () => {
    expect(realmNotices().cookieBanner).toEqual({ policyUrl: "https://example.com/cookies" });
  });

  it("goes once agreed, and never shows when disabled or not configured", () => {
    expect(realmNotices({ choices: { cookiePolicyAgreed: true } }).cookieBanner).toBeNull();
    expect(
      realmNotices({ settings: { cookieBanner: { enabled: false, policyUrl: "/c" } } })
        .cookieBanner,
    ).toBeNull();
    expect(realmNotices({ settings: { cookieBanner: undefined } }).cookieBanner).toBeNull();
  });

  it("keeps the banner but drops a policy link that is not a web address or path", () => {
    expect(
      realmNotices({ settings: { cookieBanner: { enabled: true, policyUrl: "javascript:x" } } })
        .cookieBanner,
    ).toEqual({ policyUrl: null });
  });
});

describe("smart app banner", () => {
  it("shows on Android only, linking to the app's store page", () => {
    expect(realmNotices({ userAgent: UA.androidChrome }).smartBanner).toEqual({
      storeUrl: "https://play.google.com/store/apps/details?id=com.liga.app",
    });
    expect(realmNotices({ userAgent: UA.iphone }).smartBanner).toBeNull();
    expect(realmNotices({ userAgent: UA.desktopChrome }).smartBanner).toBeNull();
  });

  it("goes once dismissed, needs an app, and uses a configured store URL", () => {
    const android = { userAgent: UA.androidChrome };
    expect(
      realmNotices({ ...android, choices: { smartBannerDismissed: true } }).smartBanner,
    ).toBeNull();
    expect(
      realmNotices({ ...android, settings: { smartBanner: undefined } }).smartBanner,
    ).toBeNull();
    expect(
      realmNotices({
        ...android,
        settings: { smartBanner: { androidAppId: "a.b", storeUrl: "https://apps.example/a.b" } },
      } as never).smartBanner,
    ).toEqual({ storeUrl: "https://apps.example/a.b" });
    expect(playStoreUrl("com.x&y")).toBe("https://play.google.com/store/apps/details?id=com.x%26y");
  });
});

describe("VPN notice", () => {
  it("shows what the platform reports where the realm does not allow VPNs", () => {
    expect(realmNotices({ vpn: "detected" }).vpn).toBe("detected");
    expect(realmNotices({ vpn: "blocked" }).vpn).toBe("blocked");
    expect(realmNotices({ vpn: null }).vpn).toBeNull();
    expect(realmNotices({ vpn: "detected", settings: { vpnAllowed: true } }).vpn).toBeNull();
  });

  it("offers to log out only to a viewer with a session", () => {
    expect(realmNotices({ vpn: "detected" }).canLogOut).toBe(false);
    expect(realmNotices({ vpn: "detected", role: "GUEST" }).canLogOut).toBe(true);
    expect(realmNotices({ vpn: "detected", role: "CUSTOMER" }).canLogOut).toBe(true);
  });

  it("when blocked, offers neither the app nor a promotion", () => {
    const blocked = realmNotices({ vpn: "blocked", userAgent: UA.androidChrome });
    expect(blocked.smartBanner).toBeNull();
    expect(blocked.promoNotification).toBe(false);
    expect(blocked.cookieBanner).not.toBeNull();
  });
});

describe("the rest", () => {
  it("asks for a promo notification only in realms with hasPromoNotification", () => {
    expect(realmNotices().promoNotification).toBe(true);
    expect(realmNotices({ settings: { hasPromoNotification: false } }).promoNotification).toBe(
      false,
    );
  });

  it("says whether the browser is out of date, with or without a realm", () => {
    expect(noticesFor({ userAgent: UA.ie11 })).toEqual({ outdatedBrowser: true, realm: null });
    expect(noticesFor({ userAgent: UA.desktopChrome }).outdatedBrowser).toBe(false);
  });
});
