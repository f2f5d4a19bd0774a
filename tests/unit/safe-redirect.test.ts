import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeRedirectPath, sameSitePath } from "../../app/realm/safe-redirect.ts";

const OWN = "https://liga.example";

describe("redirect targets from user input", () => {
  it.each([
    "//evil.test",
    "//evil.test/path",
    "/\\evil.test",
    "\\\\evil.test",
    "/%09/evil.test",
    "/%0a/evil.test",
    "%2f%2fevil.test",
    "/%2f/evil.test",
    "/%5cevil.test",
    "https:evil.test",
    "https://evil.test",
    "http:/evil.test",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>",
    "evil.test",
    " /home",
    "",
    "/%E0%A4%A",
    // Only protocol-relative once dot segments are resolved.
    "/.//evil.test",
    "/./\\evil.test",
    "/a/..//evil.test",
    "/%2e//evil.test",
    "/%2e%2e//evil.test",
    "/.%2e//evil.test",
    "/a/b/../..//evil.test/x?y#z",
  ])("refuses %j", (value) => {
    expect(safeRedirectPath(value, "/fallback")).toBe("/fallback");
  });

  it.each([
    ["/home", "/home"],
    ["/realm/arena/browse?x=1#top", "/realm/arena/browse?x=1#top"],
    ["/search?q=a%20b", "/search?q=a%20b"],
    ["/a/../b", "/b"],
  ])("keeps %j on this site", (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected);
  });

  it("refuses what is not a string", () => {
    expect(safeRedirectPath(undefined)).toBe("/");
    expect(safeRedirectPath(["/home"])).toBe("/");
  });
});

describe("redirect targets, generated", () => {
  const piece = fc.constantFrom(
    ...["/", "//", "\\", "/./", "/../", "/.", "/..", "/%2e/", "/%2e%2e/", "a/", "%2f", "%5c"],
    ...["%09", "%0a", "%00", "\t", "\n", " ", "@", ":", "?", "#", "evil.test", "https:"],
  );
  const target = fc.oneof(
    fc.array(piece, { maxLength: 8 }).map((parts) => parts.join("")),
    fc.string({ unit: "binary", maxLength: 30 }),
  );

  it("never lead off the site, wherever the path is joined", () => {
    fc.assert(
      fc.property(target, fc.constantFrom("", "/realm/liga"), (value, base) => {
        const path = safeRedirectPath(value, "/fallback");
        expect(path).toMatch(/^\/(?![/\\])/);
        expect(new URL(`${base}${path}`, `${OWN}/x/y`).origin).toBe(OWN);
      }),
      { numRuns: 5000 },
    );
  });
});

describe("the path of a URL of this site, to go to it again", () => {
  it.each([
    ["https://liga.example//evil.test/home?x=1", "/evil.test/home?x=1"],
    ["https://liga.example///evil.test", "/evil.test"],
    ["https://liga.example/.//evil.test", "/evil.test"],
    ["https://liga.example/realm/liga//browse?a=b#c", "/realm/liga//browse?a=b#c"],
    ["https://liga.example/", "/"],
  ])("of %j is %j", (url, expected) => {
    expect(sameSitePath(new URL(url))).toBe(expected);
  });

  it("stays on the site for any request path", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 30 }), (path) => {
        const url = new URL(`${OWN}/${path}`);
        expect(new URL(sameSitePath(url), `${OWN}/x`).origin).toBe(OWN);
      }),
      { numRuns: 5000 },
    );
  });
});
