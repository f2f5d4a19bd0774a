import { describe, expect, it } from "vitest";
import { isMultiview, multiviewQuery, pickedEvents } from "../../app/multiview/selection.ts";

describe("multi-view selection", () => {
  it("keeps events live now, each once, in the order given, and drops anything else", () => {
    const query = new URLSearchParams(
      "event=7&event=3&event=7&event=abc&event=99&event=-1&event=03&event=12",
    );
    expect(pickedEvents(query, [3, 7, 12])).toEqual([7, 3, 12]);
    expect(pickedEvents(new URLSearchParams(""), [3, 7])).toEqual([]);
  });

  it("makes a multi-view of 2 to 4 events", () => {
    expect([0, 1, 2, 3, 4, 5].map(isMultiview)).toEqual([false, false, true, true, true, false]);
  });

  it("writes the query of what is on screen", () => {
    expect(multiviewQuery([12, 7])).toBe("event=12&event=7");
    expect(multiviewQuery([])).toBe("");
  });
});
