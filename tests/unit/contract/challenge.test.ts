import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  captchaAnswer,
  challengeAnswer,
  encodeChallengeInput,
  leadingZeroBits,
  parseChallengeInput,
  solveChallenge,
  solves,
} from "../../../contract/challenge.ts";

describe("proof-of-work challenge", () => {
  it("finds an answer whose SHA-256 has the asked zero bits, as an independent hash confirms", async () => {
    const salt = "c2FsdC1vZi10ZXN0";
    const value = await solveChallenge({ salt, difficulty: 10 });
    const digest = createHash("sha256")
      .update(salt + value)
      .digest();
    expect(leadingZeroBits(digest)).toBeGreaterThanOrEqual(10);
    expect(await solves(salt, value, 10)).toBe(true);
  });

  it("refuses an answer that does not reach the difficulty", async () => {
    const salt = "another-salt";
    const value = await solveChallenge({ salt, difficulty: 8 });
    const digest = createHash("sha256")
      .update(salt + value)
      .digest();
    expect(await solves(salt, value, leadingZeroBits(digest) + 1)).toBe(false);
  });

  it("counts leading zero bits across bytes", () => {
    expect(leadingZeroBits(Uint8Array.of(0, 0b0001_0000, 0xff))).toBe(11);
    expect(leadingZeroBits(Uint8Array.of(0, 0))).toBe(16);
  });

  it("stops when aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      solveChallenge({ salt: "x", difficulty: 30 }, controller.signal),
    ).rejects.toThrow();
  });

  it("round-trips the challenge-input header as base64url without padding", () => {
    const input = challengeAnswer("id-ü/+?", "1a");
    const header = encodeChallengeInput(input);
    expect(header).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(header, "base64url").toString("utf8")).toBe(JSON.stringify(input));
    expect(parseChallengeInput(header)).toEqual(input);
  });

  it("reads nothing from a header that is not a challenge input", () => {
    expect(parseChallengeInput(undefined)).toBeNull();
    expect(parseChallengeInput("not base64 json")).toBeNull();
    expect(parseChallengeInput(encodeChallengeInput({ id: 3 } as never))).toBeNull();
  });

  it("hashes no answer longer than a solver could need", () => {
    expect(captchaAnswer(challengeAnswer("a", "x".repeat(65)))).toBeNull();
    expect(captchaAnswer(challengeAnswer("a", "zz"))).toBe("zz");
  });
});
