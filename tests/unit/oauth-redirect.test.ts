import { describe, expect, it } from "vitest";
import { oauthParams, oauthRedirectTarget } from "../../app/oauth/oauth-redirect.ts";

const URI = "https://tv.example/callback";

describe("oauthRedirectTarget: the one redirect that leaves the site", () => {
  it("follows the requested redirect URI with a code added", () => {
    expect(oauthRedirectTarget(`${URI}?code=abc&state=s`, URI)).toBe(`${URI}?code=abc&state=s`);
    expect(
      oauthRedirectTarget("https://tv.example/cb?app=1&code=abc", "https://tv.example/cb?app=1"),
    ).toBe("https://tv.example/cb?app=1&code=abc");
  });

  it.each([
    ["another host", "https://evil.example/callback?code=abc"],
    ["a look-alike host", "https://tv.example.evil.example/callback?code=abc"],
    ["userinfo", "https://tv.example@evil.example/callback?code=abc"],
    ["another path", "https://tv.example/callback2?code=abc"],
    ["a longer path", "https://tv.example/callback/../evil?code=abc"],
    ["no code", `${URI}?state=s`],
    ["an empty code", `${URI}?code=`],
    ["javascript:", "javascript:alert(1)//?code=abc"],
    ["a relative URL", "/callback?code=abc"],
    ["not a string", 42],
    ["nothing", undefined],
  ])("refuses %s", (_what, redirectUrl) => {
    expect(oauthRedirectTarget(redirectUrl, URI)).toBeNull();
  });

  it("refuses anything when the request named no usable redirect URI", () => {
    expect(oauthRedirectTarget(`${URI}?code=abc`, "")).toBeNull();
    expect(oauthRedirectTarget("javascript:x?code=abc", "javascript:x")).toBeNull();
  });
});

describe("oauthParams", () => {
  it("needs every parameter but state", () => {
    const full = new URLSearchParams({
      response_type: "code",
      client_id: "app",
      redirect_uri: URI,
      code_challenge: "c",
      code_challenge_method: "S256",
    });
    expect(oauthParams(full)).toMatchObject({ client_id: "app", state: "" });
    full.delete("client_id");
    expect(oauthParams(full)).toBeNull();
  });
});
