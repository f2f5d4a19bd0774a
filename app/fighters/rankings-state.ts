import type { Fighter } from "../../contract/generated/fighters.ts";

export type Gender = Fighter["gender"];
export type Division = Fighter["weightClass"] | "POUND_FOR_POUND";

/** The rankings' tabs per gender, in the order they are shown (pound for pound first). */
export const DIVISIONS: Record<Gender, readonly Division[]> = {
  MALE: [
    "POUND_FOR_POUND",
    "FLYWEIGHT",
    "BANTAMWEIGHT",
    "FEATHERWEIGHT",
    "LIGHTWEIGHT",
    "WELTERWEIGHT",
    "MIDDLEWEIGHT",
    "LIGHT_HEAVYWEIGHT",
    "HEAVYWEIGHT",
  ],
  FEMALE: ["POUND_FOR_POUND", "STRAWWEIGHT", "FLYWEIGHT", "BANTAMWEIGHT", "FEATHERWEIGHT"],
};

/** Spec section 9: five fighters a page unless the address asks otherwise. */
export const DEFAULT_RPP = 5;
const MAX_RPP = 50;
export const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".split("");

/**
 * What the fighters page shows (spec section 2, Fighters): the list's parameters `ctt`
 * (category), `p`, `rpp` and `lastNameStartLetter`, and the rankings state: the selected tab
 * (`weightClass`), the filter option (`gender`) and the carousel's focused index (`focus`).
 * It all lives in the address, so back, reload and a shared link restore it.
 */
export interface FightersState {
  category: "rankings" | "all";
  gender: Gender;
  division: Division;
  letter: string | null;
  page: number;
  rpp: number;
  focus: number;
}

export const DEFAULT_STATE: FightersState = {
  category: "rankings",
  gender: "MALE",
  division: "POUND_FOR_POUND",
  letter: null,
  page: 1,
  rpp: DEFAULT_RPP,
  focus: 0,
};

/** Reads the state from a query; anything unknown or out of range falls back to its default. */
export function readFightersState(query: URLSearchParams): FightersState {
  const category = query.get("ctt")?.toLowerCase() === "all" ? "all" : "rankings";
  const gender: Gender = query.get("gender")?.toUpperCase() === "FEMALE" ? "FEMALE" : "MALE";
  const asked = query.get("weightClass")?.toUpperCase() as Division | undefined;
  const division = asked && DIVISIONS[gender].includes(asked) ? asked : "POUND_FOR_POUND";
  const letter = query.get("lastNameStartLetter")?.toUpperCase() ?? "";
  return {
    category,
    gender,
    division,
    letter: LETTERS.includes(letter) ? letter : null,
    page: whole(query.get("p"), 1, 1, 10_000),
    rpp: whole(query.get("rpp"), DEFAULT_RPP, 1, MAX_RPP),
    focus: whole(query.get("focus"), 0, 0, MAX_RPP - 1),
  };
}

/** The query of a state, defaults left out so that addresses stay short and canonical. */
export function fightersQuery(state: FightersState): string {
  const query = new URLSearchParams();
  if (state.category !== DEFAULT_STATE.category) query.set("ctt", state.category);
  if (state.gender !== DEFAULT_STATE.gender) query.set("gender", state.gender);
  if (state.division !== DEFAULT_STATE.division) query.set("weightClass", state.division);
  if (state.letter) query.set("lastNameStartLetter", state.letter);
  if (state.page !== 1) query.set("p", String(state.page));
  if (state.rpp !== DEFAULT_RPP) query.set("rpp", String(state.rpp));
  if (state.focus !== 0) query.set("focus", String(state.focus));
  const text = query.toString();
  return text ? `?${text}` : "";
}

/**
 * The state after a change: choosing another category, filter, tab or letter starts again at
 * the first page and the first slide; paging starts at the first slide.
 */
export function changeState(state: FightersState, change: Partial<FightersState>): FightersState {
  const next = { ...state, ...change };
  if (change.gender && change.gender !== state.gender && !("division" in change)) {
    next.division = "POUND_FOR_POUND";
  }
  const restarts = (["category", "gender", "division", "letter", "rpp"] as const).some(
    (key) => key in change && change[key] !== state[key],
  );
  if (restarts) next.page = 1;
  if (restarts || ("page" in change && change.page !== state.page)) {
    if (!("focus" in change)) next.focus = 0;
  }
  return next;
}

function whole(value: string | null, fallback: number, min: number, max: number): number {
  if (value === null || !/^\d{1,6}$/.test(value)) return fallback;
  const number = Number(value);
  return number >= min && number <= max ? number : fallback;
}
