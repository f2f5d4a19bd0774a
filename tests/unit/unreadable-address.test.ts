import { describe, expect, it } from "vitest";
import { isUnreadableAddress } from "../../server/unreadable-address.ts";

const unreadable = (path: string) => isUnreadableAddress(new URL(path, "http://localhost"));

describe("isUnreadableAddress", () => {
  it("refuses control characters in a path or a query, and broken %-escapes in a path", () => {
    for (const path of [
      "/realm/arena/vod/%00",
      "/realm/arena/series/a%00b",
      "/api/v2/vods?q=%00",
      "/api/v2/vods?%00=1",
      "/realm/arena/home?x=%1B",
      "/realm/arena/%0D%0ASet-Cookie:x",
      "/realm/arena/live/%",
      "/realm/arena/live/%zz",
      "/realm/arena/live/%C0%AF",
      "/realm/arena/live/%ED%A0%80",
      "/%5C",
      "/realm/arena/a%5Cb",
    ]) {
      expect(unreadable(path), path).toBe(true);
    }
  });

  it("lets through what routes mean, whatever its script, and line breaks in a query value", () => {
    for (const path of [
      "/",
      "/realm/arena/vod/12",
      "/realm/arena/section/caf%C3%A9",
      "/realm/arena/grid/%F0%9F%98%80",
      "/realm/arena/login?from=%2Fvod%2F1",
      "/realm/arena/search?q=100%",
      "/realm/arena/search?q=two%0D%0Alines%09tabbed",
      "/realm/arena/a%2Fb",
    ]) {
      expect(unreadable(path), path).toBe(false);
    }
  });
});
