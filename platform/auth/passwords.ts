import {
  randomBytes,
  scrypt as scryptCallback,
  timingSafeEqual,
  type ScryptOptions,
} from "node:crypto";

const scrypt = (password: string, salt: Buffer, length: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCallback(password, salt, length, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

// OWASP's scrypt minimum (N=2^17 would be stronger, but costs 128 MiB per concurrent sign-in).
const COST = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const MAX_MEMORY = 64 * 1024 * 1024;

/** Spec section 5: 6 to 24 characters of any kind. */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 24;

/** `scrypt$N$r$p$salt$key`, salt and key in base64url: parameters travel with the hash. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, {
    ...COST,
    maxmem: MAX_MEMORY,
  });
  return [
    "scrypt",
    COST.N,
    COST.r,
    COST.p,
    salt.toString("base64url"),
    key.toString("base64url"),
  ].join("$");
}

/** Whether `password` matches `stored`; false for a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !key) return false;
  const expected = Buffer.from(key, "base64url");
  const actual = await scrypt(
    password.normalize("NFKC"),
    Buffer.from(salt, "base64url"),
    expected.length,
    {
      N: Number(n),
      r: Number(r),
      p: Number(p),
      maxmem: MAX_MEMORY,
    },
  );
  return timingSafeEqual(actual, expected);
}

let decoy: Promise<string> | undefined;

/**
 * Spends what a real check would when there is no account to check against, so the answer's
 * timing does not tell which emails have accounts.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  decoy ??= hashPassword(randomBytes(12).toString("base64url"));
  await verifyPassword(password, await decoy);
  return false;
}
