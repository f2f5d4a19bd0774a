import { badRequest } from "./errors.ts";

export interface Page {
  page: number;
  rpp: number;
  offset: number;
}

/** Reads `p` (from 1) and `rpp` query parameters; bad values are a 400, not a guess. */
export function readPage(
  query: (name: string) => string | undefined,
  defaultRpp = 10,
  maxRpp = 200,
): Page {
  const page = intParam(query("p"), "p", 1, 1, 100_000);
  const rpp = intParam(query("rpp"), "rpp", defaultRpp, 1, maxRpp);
  return { page, rpp, offset: (page - 1) * rpp };
}

export function intParam(
  raw: string | undefined,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  if (raw === undefined || raw === "") return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw badRequest(
      "INVALID_QUERY",
      `Query parameter '${name}' must be a whole number from ${min} to ${max}`,
    );
  }
  return Number(raw);
}

/** The largest id or version the store holds (a PostgreSQL integer). */
export const MAX_ID = 2_147_483_647;

/** A whole number from 1 to MAX_ID in plain digits (no sign, exponent or hex), else null. */
export function storedNumber(raw: string): number | null {
  return /^\d{1,10}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= MAX_ID ? Number(raw) : null;
}

/** A path id: a whole number from 1 to MAX_ID, else a 400. */
export function idParam(raw: string): number {
  const id = storedNumber(raw);
  if (id === null) throw badRequest("INVALID_ID", `'${raw.slice(0, 40)}' is not a valid id`);
  return id;
}

export function resultSet<T>(hits: T[], totalHits: number, page: Page) {
  return {
    hits,
    page: page.page,
    totalPages: Math.max(1, Math.ceil(totalHits / page.rpp)),
    totalHits,
  };
}

/** An `ILIKE` pattern matching `text` anywhere, its own `%`, `_` and `\` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
