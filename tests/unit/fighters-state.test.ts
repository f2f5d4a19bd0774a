import { describe, expect, it } from "vitest";
import {
  changeState,
  DEFAULT_STATE,
  fightersQuery,
  readFightersState,
} from "../../app/fighters/rankings-state.ts";

const read = (query: string) => readFightersState(new URLSearchParams(query));

describe("the fighters page state in the address", () => {
  it("defaults to men's pound-for-pound rankings, five a page, the first slide", () => {
    expect(read("")).toEqual(DEFAULT_STATE);
    expect(fightersQuery(DEFAULT_STATE)).toBe("");
  });

  it("survives a round trip through the address: tab, letter, filter option and focused slide", () => {
    const state = {
      ...DEFAULT_STATE,
      gender: "FEMALE" as const,
      division: "STRAWWEIGHT" as const,
      letter: "K",
      page: 2,
      rpp: 10,
      focus: 3,
    };
    const query = fightersQuery(state);
    expect(query).toBe(
      "?gender=FEMALE&weightClass=STRAWWEIGHT&lastNameStartLetter=K&p=2&rpp=10&focus=3",
    );
    expect(read(query.slice(1))).toEqual(state);
    expect(read("ctt=all&lastNameStartLetter=o")).toMatchObject({ category: "all", letter: "O" });
  });

  it("ignores what it does not know rather than failing", () => {
    expect(read("ctt=nope&gender=x&weightClass=STRAWWEIGHT&p=0&rpp=999&focus=-1")).toEqual(
      DEFAULT_STATE,
    );
    // Strawweight is a women's division only.
    expect(read("weightClass=STRAWWEIGHT").division).toBe("POUND_FOR_POUND");
    expect(read("lastNameStartLetter=ab").letter).toBeNull();
    expect(read("p=1e3").page).toBe(1);
  });

  it("starts again at the first page and slide when the tab, filter or letter changes", () => {
    const deep = { ...DEFAULT_STATE, division: "LIGHTWEIGHT" as const, page: 3, focus: 2 };
    expect(changeState(deep, { division: "HEAVYWEIGHT" })).toMatchObject({ page: 1, focus: 0 });
    expect(changeState(deep, { gender: "FEMALE" })).toMatchObject({
      division: "POUND_FOR_POUND",
      page: 1,
    });
    expect(changeState(deep, { letter: "B" })).toMatchObject({ page: 1, focus: 0 });
    expect(changeState(deep, { page: 4 })).toMatchObject({ page: 4, focus: 0 });
    expect(changeState(deep, { focus: 1 })).toMatchObject({ page: 3, focus: 1 });
  });
});
