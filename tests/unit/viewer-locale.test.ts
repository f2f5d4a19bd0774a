import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import { viewerFromToken } from "../../app/session/viewer.server.ts";
import { createTokenIssuer } from "../../platform/auth/tokens.ts";
import { TEST_TOKEN_SECRET } from "../fixtures/secrets.ts";

async function viewerWith(claims: Record<string, unknown>) {
  const token = await createTokenIssuer(TEST_TOKEN_SECRET).issueAccess({
    sub: "7",
    rlm: "liga",
    rol: [],
    gue: false,
    ...claims,
  } as never);
  return viewerFromToken(token, decodeJwt(token));
}

describe("the viewer's account language", () => {
  it("is the token's loc for a signed-in account, and none for a guest", async () => {
    expect(await viewerWith({ loc: "es" })).toMatchObject({ role: "CUSTOMER", locale: "es" });
    const guest = await viewerWith({ loc: "pt", gue: true });
    expect(guest.role).toBe("GUEST");
    expect(guest.locale).toBeUndefined();
  });

  it("reads the active profile: a child profile's code is c", async () => {
    expect(await viewerWith({ pro: { id: 4, type: "c" } })).toMatchObject({
      child: true,
      profileId: 4,
    });
    expect(await viewerWith({ pro: { id: 3, type: "a" } })).toMatchObject({ child: false });
  });
});
