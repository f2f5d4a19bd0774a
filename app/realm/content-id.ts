/** The largest id the platform stores (a PostgreSQL integer). */
const MAX_ID = 2_147_483_647;

/**
 * An id from an address or a form: a whole number from 1 to MAX_ID in plain digits, else null.
 * A longer one names nothing, so it is never sent on to the platform.
 */
export function contentId(value: unknown): number | null {
  if (typeof value !== "string" || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= MAX_ID ? id : null;
}
