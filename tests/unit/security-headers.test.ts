import { describe, expect, it } from "vitest";
import {
  addSecurityHeaders,
  arrivedOverHttps,
  contentSecurityPolicy,
  cspNonce,
} from "../../server/security-headers.ts";

/** The policy's directives by name. */
function directives(policy: string): Record<string, string> {
  return Object.fromEntries(
    policy.split(";").map((part) => {
      const [name = "", ...values] = part.trim().split(/\s+/);
      return [name, values.join(" ")];
    }),
  );
}

const policyFor = (path: string) =>
  directives(contentSecurityPolicy("abc123==", new URL(`http://arena.test${path}`)));

describe("content security policy", () => {
  it("runs scripts only from this origin or with the answer's nonce, never inline ones", () => {
    const policy = policyFor("/realm/arena/home");
    expect(policy["script-src"]).toBe("'self' 'nonce-abc123=='");
    expect(policy["style-src"]).toBe("'self' 'nonce-abc123=='");
    expect(policy["default-src"]).toBe("'self'");
    expect(policy["object-src"]).toBe("'none'");
    expect(policy["base-uri"]).toBe("'none'");
    expect(policy["form-action"]).toBe("'self'");
    // hls.js: media from blob: URLs, empty subtitle tracks from data: URLs, a blob: worker.
    expect(policy["media-src"]).toBe("'self' blob: data:");
    expect(policy["worker-src"]).toBe("'self' blob:");
    expect(policy["report-uri"]).toBe("/csp-report");
  });

  it("lets only the realm itself frame previews and the fallback page, and nobody any other page", () => {
    for (const path of [
      "/realm/liga/preview/page/home",
      "/preview/page/home",
      "/disconnected",
      "/realm/liga/disconnected",
    ]) {
      expect(policyFor(path)["frame-ancestors"], path).toBe("'self'");
    }
    for (const path of ["/", "/realm/liga/home", "/realm/liga/previews", "/preview", "/login"]) {
      expect(policyFor(path)["frame-ancestors"], path).toBe("'none'");
    }
  });

  it("frames this site only, and the one https origin an external page names", () => {
    expect(policyFor("/realm/liga/home")["frame-src"]).toBe("'self'");
    const framing = (source: string) =>
      directives(contentSecurityPolicy("n", new URL("http://liga.test/external/rules"), source))[
        "frame-src"
      ];
    expect(framing("https://rules.example.com")).toBe("'self' https://rules.example.com");
    expect(framing("https://rules.example.com:8443")).toBe("'self' https://rules.example.com:8443");
    // Anything but a plain https origin could widen the policy: it is left out.
    for (const source of [
      "http://rules.example.com",
      "https://a.test; script-src *",
      "https://a.test,https://b.test",
      "*",
      "https:",
    ]) {
      expect(framing(source), source).toBe("'self'");
    }
  });

  it("lets the realm frame its own external pages under /external-pages/", () => {
    expect(policyFor("/external-pages/liga/regulamento.html")["frame-ancestors"]).toBe("'self'");
    expect(policyFor("/realm/liga/external/regulamento")["frame-ancestors"]).toBe("'none'");
  });

  it("lets the authorize form end at its app's origin, and nowhere else", () => {
    const redirect = encodeURIComponent("https://tv.example.com/callback?x=1");
    expect(policyFor(`/realm/arena/authorize?redirect_uri=${redirect}`)["form-action"]).toBe(
      "'self' https://tv.example.com",
    );
    expect(policyFor(`/authorize?redirect_uri=${redirect}`)["form-action"]).toBe(
      "'self' https://tv.example.com",
    );
    const local = encodeURIComponent("http://[::1]:8080/cb");
    expect(policyFor(`/authorize?redirect_uri=${local}`)["form-action"]).toBe(
      "'self' http://[::1]:8080",
    );
    for (const path of [
      `/realm/arena/login?redirect_uri=${redirect}`,
      `/realm/arena/authorize?redirect_uri=${encodeURIComponent("javascript:alert(1)")}`,
      `/realm/arena/authorize?redirect_uri=not-a-url`,
      `/realm/arena/authorize?redirect_uri=${encodeURIComponent("https://a.test; script-src *")}`,
      // Hosts that would end the directive, or add a source to it.
      `/realm/arena/authorize?redirect_uri=${encodeURIComponent("https://a.test;script-src/x")}`,
      `/realm/arena/authorize?redirect_uri=${encodeURIComponent("https://a.test%3Bscript-src/x")}`,
      `/realm/arena/authorize?redirect_uri=${encodeURIComponent("https://a.test,b/x")}`,
      "/realm/arena/authorize",
    ]) {
      expect(policyFor(path)["form-action"], path).toBe("'self'");
    }
  });

  it("makes a new 128-bit nonce for every answer", () => {
    const nonces = new Set(Array.from({ length: 100 }, cspNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });
});

describe("security headers", () => {
  const html = (extra: Record<string, string> = {}) =>
    new Headers({ "Content-Type": "text/html; charset=utf-8", ...extra });
  const add = (headers: Headers, https = false) => {
    addSecurityHeaders(headers, { nonce: "n0nce", url: new URL("http://a.test/home"), https });
    return headers;
  };

  it("gives pages a policy, permissions and referrer policy, and every answer nosniff", () => {
    const page = add(html());
    expect(page.get("Content-Security-Policy")).toContain("script-src 'self' 'nonce-n0nce'");
    expect(page.get("Permissions-Policy")).toContain("camera=()");
    expect(page.get("Permissions-Policy")).toContain("fullscreen=(self)");
    expect(page.get("X-Content-Type-Options")).toBe("nosniff");
    expect(page.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(page.get("Strict-Transport-Security")).toBeNull();

    const json = add(new Headers({ "Content-Type": "application/json" }));
    expect(json.get("Content-Security-Policy")).toBeNull();
    expect(json.get("X-Content-Type-Options")).toBe("nosniff");
    expect(json.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  });

  it("reads the frame source a page asked for, and never sends it on", () => {
    const page = add(html({ "X-Frame-Source": "https://rules.example.com" }));
    expect(directives(page.get("Content-Security-Policy")!)["frame-src"]).toBe(
      "'self' https://rules.example.com",
    );
    expect(page.get("X-Frame-Source")).toBeNull();
    const data = add(
      new Headers({ "Content-Type": "text/x-script", "X-Frame-Source": "https://a.test" }),
    );
    expect(data.get("X-Frame-Source")).toBeNull();
  });

  it("keeps a header the answer chose itself", () => {
    const page = add(html({ "Referrer-Policy": "no-referrer" }));
    expect(page.get("Referrer-Policy")).toBe("no-referrer");
  });

  it("asks for HTTPS only on answers sent over HTTPS", () => {
    expect(add(html(), true).get("Strict-Transport-Security")).toBe("max-age=31536000");
    const request = (url: string, headers: Record<string, string> = {}) =>
      new Request(url, { headers });
    expect(arrivedOverHttps(request("https://a.test/"), undefined)).toBe(true);
    expect(
      arrivedOverHttps(request("http://a.test/", { "X-Forwarded-Proto": "https" }), undefined),
    ).toBe(true);
    expect(
      arrivedOverHttps(
        request("http://a.test/", { "X-Forwarded-Proto": "https, http" }),
        undefined,
      ),
    ).toBe(true);
    expect(arrivedOverHttps(request("http://a.test/"), "https://watch.example.com")).toBe(true);
    expect(arrivedOverHttps(request("http://a.test/"), undefined)).toBe(false);
    expect(arrivedOverHttps(request("http://a.test/"), "http://localhost:3000")).toBe(false);
    expect(
      arrivedOverHttps(request("http://a.test/", { "X-Forwarded-Proto": "http" }), undefined),
    ).toBe(false);
  });
});
