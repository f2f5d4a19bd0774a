import { describe, expect, it } from "vitest";
import {
  createTokenIssuer,
  InvalidTokenError,
  tokenFromAuthorization,
} from "../../platform/auth/tokens.ts";

const secret = "unit-test-secret-0123456789abcdef0123456";

describe("access tokens", () => {
  it("round-trips the claims the web app reads", async () => {
    const tokens = createTokenIssuer(secret);
    const token = await tokens.issueAccess({
      sub: "42",
      rlm: "arena",
      rol: ["ADMIN"],
      gue: false,
      loc: "en",
    });
    const claims = await tokens.verifyAccess(token);
    expect(claims).toMatchObject({
      sub: "42",
      rlm: "arena",
      rol: ["ADMIN"],
      gue: false,
      loc: "en",
    });
    expect(claims.exp - Date.now() / 1000).toBeGreaterThan(14 * 60);
    expect(claims.exp - Date.now() / 1000).toBeLessThanOrEqual(15 * 60);
  });

  it("refuses expired, forged and tampered tokens", async () => {
    const tokens = createTokenIssuer(secret);
    const expired = await tokens.issueAccess({ sub: "1", rlm: "a", rol: [], gue: true }, -1);
    await expect(tokens.verifyAccess(expired)).rejects.toMatchObject({ reason: "expired" });
    const other = await createTokenIssuer(`${secret}-other`).issueAccess({
      sub: "1",
      rlm: "a",
      rol: ["ADMIN"],
      gue: false,
    });
    await expect(tokens.verifyAccess(other)).rejects.toBeInstanceOf(InvalidTokenError);
    const good = await tokens.issueAccess({ sub: "1", rlm: "a", rol: ["CUSTOMER"], gue: false });
    const [header, , signature] = good.split(".");
    const payload = Buffer.from(
      JSON.stringify({ sub: "1", rlm: "a", rol: ["ADMIN"], gue: false, exp: 9e9, iss: "x" }),
    ).toString("base64url");
    await expect(tokens.verifyAccess(`${header}.${payload}.${signature}`)).rejects.toMatchObject({
      reason: "invalid",
    });
    await expect(tokens.verifyAccess("not-a-token")).rejects.toMatchObject({ reason: "invalid" });
  });

  it("needs a secret long enough to resist guessing", () => {
    expect(() => createTokenIssuer("short")).toThrow(/32 bytes/);
  });

  it("reads Bearer and the contract's Mixed authorisation", () => {
    expect(tokenFromAuthorization("Bearer abc")).toBe("abc");
    expect(tokenFromAuthorization("Mixed abc def")).toBe("abc");
    expect(tokenFromAuthorization("Basic abc")).toBeUndefined();
    expect(tokenFromAuthorization("Bearer")).toBeUndefined();
    expect(tokenFromAuthorization(undefined)).toBeUndefined();
  });
});
