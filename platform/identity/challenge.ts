import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../store/store.ts";
import { consumeOneTimeToken, issueOneTimeToken } from "./one-time-tokens.ts";

/**
 * A self-hosted proof-of-work challenge standing in for a CAPTCHA service (none can be
 * reached from here): find a `value` such that SHA-256(`salt` + `value`) starts with
 * `difficulty` zero bits. Cheap for one sign-in, costly for a password-guessing run.
 */
export interface Challenge {
  id: string;
  algorithm: "SHA-256";
  salt: string;
  difficulty: number;
}

/** What a client sends back, base64url JSON in the challenge-input header (spec section 7). */
export interface ChallengeInput {
  id: string;
  secrets: { type: "CAPTCHA"; value: string }[];
}

export const CHALLENGE_INPUT_HEADER = "X-Challenge-Input";
/** About 16,000 hashes on average: a fraction of a second in a browser. */
export const CHALLENGE_DIFFICULTY = 14;
const CHALLENGE_TTL_SECONDS = 5 * 60;

export async function issueChallenge(
  db: Db,
  realm: string,
  difficulty = CHALLENGE_DIFFICULTY,
): Promise<Challenge> {
  const salt = randomBytes(16).toString("base64url");
  const id = await issueOneTimeToken(db, "challenge", {
    realm,
    data: { salt, difficulty },
    ttlSeconds: CHALLENGE_TTL_SECONDS,
  });
  return { id, algorithm: "SHA-256", salt, difficulty };
}

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

export function solves(salt: string, value: string, difficulty: number): boolean {
  return (
    leadingZeroBits(
      createHash("sha256")
        .update(salt + value)
        .digest(),
    ) >= difficulty
  );
}

/** Decodes the header; null when it is not a well-formed challenge input. */
export function parseChallengeInput(header: string | undefined): ChallengeInput | null {
  if (!header) return null;
  try {
    const input = JSON.parse(Buffer.from(header, "base64url").toString("utf8")) as ChallengeInput;
    if (typeof input?.id !== "string" || !Array.isArray(input.secrets)) return null;
    return input;
  } catch {
    return null;
  }
}

/** Whether the input answers a live challenge of `realm`; the challenge is used up either way. */
export async function verifyChallenge(
  db: Db,
  realm: string,
  input: ChallengeInput,
): Promise<boolean> {
  const challenge = await consumeOneTimeToken(db, "challenge", realm, input.id);
  if (!challenge) return false;
  const { salt, difficulty } = challenge.data as { salt: string; difficulty: number };
  const answer = input.secrets.find((secret) => secret?.type === "CAPTCHA");
  return (
    typeof answer?.value === "string" &&
    answer.value.length <= 64 &&
    solves(salt, answer.value, difficulty)
  );
}

/** Finds an answer by brute force: for tests and command-line clients (browsers solve their own). */
export function solveChallenge({
  salt,
  difficulty,
}: Pick<Challenge, "salt" | "difficulty">): string {
  for (let n = 0; ; n++) {
    const value = n.toString(36);
    if (solves(salt, value, difficulty)) return value;
  }
}

export const encodeChallengeInput = (input: ChallengeInput) =>
  Buffer.from(JSON.stringify(input)).toString("base64url");
