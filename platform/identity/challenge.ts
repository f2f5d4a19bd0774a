import { randomBytes } from "node:crypto";
import {
  CHALLENGE_DIFFICULTY,
  captchaAnswer,
  solves,
  type Challenge,
  type ChallengeInput,
} from "../../contract/challenge.ts";
import type { Db } from "../store/store.ts";
import { consumeOneTimeToken, issueOneTimeToken } from "./one-time-tokens.ts";

/** The platform's half of the proof-of-work challenge (contract/challenge.ts): issue and verify. */
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

/** Whether the input answers a live challenge of `realm`; the challenge is used up either way. */
export async function verifyChallenge(
  db: Db,
  realm: string,
  input: ChallengeInput,
): Promise<boolean> {
  const challenge = await consumeOneTimeToken(db, "challenge", realm, input.id);
  if (!challenge) return false;
  const { salt, difficulty } = challenge.data as { salt: string; difficulty: number };
  const answer = captchaAnswer(input);
  return answer !== null && (await solves(salt, answer, difficulty));
}
