import type { Context } from "hono";
import { hashPassword, verifyPassword } from "../auth/passwords.ts";
import type { UserRow } from "../identity/sessions.ts";
import { clearAttempts, countAttempt, type RateLimit } from "../identity/rate-limit.ts";
import type { PlatformEnv } from "./context.ts";
import { ApiError, badRequest } from "./errors.ts";

/** A parental PIN is four digits (spec: parental PIN). */
export const PIN_PATTERN = /^\d{4}$/;

// Four digits are 10 000 guesses: a handful of tries per quarter hour makes guessing pointless.
const PIN_ATTEMPTS: RateLimit = { limit: 5, windowSeconds: 15 * 60 };

/** `value` as a PIN, or a 400 naming `field`. */
export function pinOf(value: unknown, field = "pin"): string {
  if (typeof value !== "string" || !PIN_PATTERN.test(value)) {
    throw badRequest("INVALID_PIN", `'${field}' must be four digits`);
  }
  return value;
}

export const hashPin = (pin: string) => hashPassword(pin);

/**
 * Checks `pin` against the account's PIN, counting the attempt: 403 `WRONG_PIN` when it does
 * not match, 429 once too many attempts were made (the right PIN included, so the limit holds).
 */
export async function requireParentalPin(
  c: Context<PlatformEnv>,
  user: UserRow,
  pin: unknown,
  field = "pin",
): Promise<void> {
  if (!user.parentalPinHash) {
    throw new ApiError(409, "PIN_NOT_SET", "This account has no parental PIN");
  }
  const candidate = pinOf(pin, field);
  const { db } = c.get("store");
  const key = `parental-pin:${user.id}`;
  const verdict = await countAttempt(db, key, PIN_ATTEMPTS);
  if (!verdict.allowed) {
    c.header("Retry-After", String(verdict.retryAfterSeconds));
    throw new ApiError(429, "TOO_MANY_ATTEMPTS", "Too many PIN attempts; try again later", {
      retryAfterSeconds: verdict.retryAfterSeconds,
    });
  }
  if (!(await verifyPassword(candidate, user.parentalPinHash))) {
    throw new ApiError(403, "WRONG_PIN", "The PIN is not right");
  }
  await clearAttempts(db, key);
}
