/*
 * Days of the programme guide: UTC days from yesterday to six days ahead, named in the address
 * as `?day=YYYY-MM-DD` (today without it).
 */

export const DAY_MS = 24 * 60 * 60 * 1000;
/** Days before and after today the day picker offers. */
export const DAYS_BEFORE = 1;
export const DAYS_AFTER = 6;

/** Midnight UTC of the day holding `time`. */
export function dayStart(time: number): number {
  return Math.floor(time / DAY_MS) * DAY_MS;
}

export function dayParam(start: number): string {
  return new Date(start).toISOString().slice(0, 10);
}

/** The days the picker offers, oldest first, as midnight UTC. */
export function guideDays(now: number): number[] {
  const today = dayStart(now);
  return Array.from(
    { length: DAYS_BEFORE + 1 + DAYS_AFTER },
    (_, i) => today + (i - DAYS_BEFORE) * DAY_MS,
  );
}

/**
 * The day `?day=` names: today when absent, null when it is not a date or not one the picker
 * offers.
 */
export function readDay(value: string | null, now: number): number | null {
  if (value === null || value === "") return dayStart(now);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const start = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(start) || dayParam(start) !== value) return null;
  return guideDays(now).includes(start) ? start : null;
}
