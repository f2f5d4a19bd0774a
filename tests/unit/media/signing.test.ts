import { describe, expect, it } from "vitest";
import { mediaScope, signMediaToken, verifyMediaToken } from "../../../platform/media/signing.ts";

const SECRET = "s".repeat(48);
const scope = mediaScope("vod", 7);
const grant = { scope, session: "0b9d6c1e-4c1a-4f0e-9a51-7d2f3c1b5e60", expiresAt: 2_000_000_000 };
const token = signMediaToken(SECRET, grant);

describe("signed media tokens", () => {
  it("accepts its own token for its stream until it expires", () => {
    expect(verifyMediaToken(SECRET, scope, token, 1_999_999_999)).toEqual({
      ok: true,
      session: grant.session,
      expiresAt: grant.expiresAt,
    });
    expect(verifyMediaToken(SECRET, scope, token, 2_000_000_000)).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  it("refuses a token of another stream, another secret, or with any part changed", () => {
    const now = 1_900_000_000;
    const invalid = { ok: false, reason: "invalid" };
    expect(verifyMediaToken(SECRET, mediaScope("vod", 8), token, now)).toEqual(invalid);
    expect(verifyMediaToken(SECRET, mediaScope("live", 7), token, now)).toEqual(invalid);
    expect(verifyMediaToken("t".repeat(48), scope, token, now)).toEqual(invalid);
    const [expires, session, mac] = token.split(".");
    // A later expiry or another session cannot be claimed without the secret.
    expect(
      verifyMediaToken(SECRET, scope, `${Number(expires) + 1}.${session}.${mac}`, now),
    ).toEqual(invalid);
    expect(verifyMediaToken(SECRET, scope, `${expires}.other-session.${mac}`, now)).toEqual(
      invalid,
    );
  });

  it("tells a missing token from a malformed one", () => {
    expect(verifyMediaToken(SECRET, scope, undefined, 0)).toEqual({ ok: false, reason: "missing" });
    for (const bad of ["abc", "1.2", "1.a.b.c", "x.session.mac", "1.bad session.mac"]) {
      expect(verifyMediaToken(SECRET, scope, bad, 0)).toEqual({ ok: false, reason: "malformed" });
    }
  });
});
