import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "../../app/realm/safe-redirect.ts";

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
