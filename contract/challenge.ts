/**
 * The proof-of-work challenge standing in for a CAPTCHA service (docs/api.md, "Challenge"):
 * find a `value` such that SHA-256(`salt` + `value`) starts with `difficulty` zero bits. Cheap
 * for one sign-in, costly for a password-guessing run. The platform checks answers with the
 * same code the browser finds them with, on WebCrypto, which both runtimes have.
 */
export interface Challenge {
  id: string;
  algorithm: "SHA-256";
  salt: string;
  difficulty: number;
}

/** What a client sends back, base64url JSON in the challenge-input header. */
export interface ChallengeInput {
  id: string;
  secrets: { type: "CAPTCHA"; value: string }[];
}

/** About 16,000 hashes on average: a fraction of a second in a browser. */
export const CHALLENGE_DIFFICULTY = 14;
/** Longer answers are refused unhashed: a solver never needs one. */
export const CHALLENGE_ANSWER_MAX_LENGTH = 64;

/** Hashes per turn of the solver, so a page stays responsive while it works. */
const BATCH = 256;

/** Leading zero bits of a digest. */
export function leadingZeroBits(bytes: Uint8Array): number {
  let bits = 0;
  for (const byte of bytes) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

const encoder = new TextEncoder();

async function digest(salt: string, value: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(salt + value)));
}

/** Whether `value` answers a challenge of `salt` and `difficulty`. */
export async function solves(salt: string, value: string, difficulty: number): Promise<boolean> {
  return leadingZeroBits(await digest(salt, value)) >= difficulty;
}

/** Finds an answer by trying base-36 counters in batches; `signal` stops it between batches. */
export async function solveChallenge(
  { salt, difficulty }: Pick<Challenge, "salt" | "difficulty">,
  signal?: AbortSignal,
): Promise<string> {
  for (let start = 0; ; start += BATCH) {
    signal?.throwIfAborted();
    const values = Array.from({ length: BATCH }, (_, i) => (start + i).toString(36));
    const digests = await Promise.all(values.map((value) => digest(salt, value)));
    const found = digests.findIndex((bytes) => leadingZeroBits(bytes) >= difficulty);
    if (found >= 0) return values[found]!;
  }
}

/** The input answering challenge `id` with `value`. */
export const challengeAnswer = (id: string, value: string): ChallengeInput => ({
  id,
  secrets: [{ type: "CAPTCHA", value }],
});

function toBase64Url(text: string): string {
  const binary = Array.from(encoder.encode(text), (byte) => String.fromCharCode(byte)).join("");
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): string {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

/** The challenge-input header value. */
export const encodeChallengeInput = (input: ChallengeInput): string =>
  toBase64Url(JSON.stringify(input));

/** Decodes the header; null when it is not a well-formed challenge input. */
export function parseChallengeInput(header: string | undefined): ChallengeInput | null {
  if (!header) return null;
  try {
    const input = JSON.parse(fromBase64Url(header)) as ChallengeInput;
    if (typeof input?.id !== "string" || !Array.isArray(input.secrets)) return null;
    return input;
  } catch {
    return null;
  }
}

/** The answer an input carries, when it is one worth hashing. */
export function captchaAnswer(input: ChallengeInput): string | null {
  const answer = input.secrets.find((secret) => secret?.type === "CAPTCHA");
  return typeof answer?.value === "string" && answer.value.length <= CHALLENGE_ANSWER_MAX_LENGTH
    ? answer.value
    : null;
}
