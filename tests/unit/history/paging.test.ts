import { describe, expect, it } from "vitest";
import {
  askedCount,
  HISTORY_MAX,
  HISTORY_PAGE_SIZE,
  nextCount,
  shownCount,
} from "../../../app/history/paging.ts";

const at = (query: string) => new URL(`http://localhost/realm/liga/history${query}`);

describe("history paging", () => {
  it("shows the first page unless the URL asks for 1-100 items", () => {
    expect(shownCount(at(""))).toBe(HISTORY_PAGE_SIZE);
    expect(shownCount(at("?rpp=40"))).toBe(40);
    expect(shownCount(at("?rpp=100"))).toBe(100);
    for (const bad of ["0", "101", "-5", "2.5", "abc", "", "1e2", "0040"]) {
      expect(shownCount(at(`?rpp=${bad}`)), bad).toBe(HISTORY_PAGE_SIZE);
    }
  });

  it("asks for one more than it shows, to know whether there are more, within the platform's limit", () => {
    expect(askedCount(20)).toBe(21);
    expect(askedCount(99)).toBe(100);
    expect(askedCount(HISTORY_MAX)).toBe(HISTORY_MAX);
  });

  it("offers 20 more while the platform had more than was shown, up to 100", () => {
    expect(nextCount(20, 21)).toBe(40);
    expect(nextCount(20, 20)).toBeNull();
    expect(nextCount(20, 3)).toBeNull();
    expect(nextCount(90, 91)).toBe(100);
    expect(nextCount(100, 100)).toBeNull();
  });
});
