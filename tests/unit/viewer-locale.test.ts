import { describe, expect, it } from "vitest";
import { sessionStorage } from "../../app/session/session.server.ts";
import { viewerOf } from "../../app/session/viewer.server.ts";
import { createTokenIssuer } from "../../server/auth/tokens.ts";
import { TEST_SESSION_SECRET, TEST_TOKEN_SECRET } from "../fixtures/secrets.ts";

const session = { secret: TEST_SESSION_SECRET, secure: false };

async function requestWith(claims: Record<string, unknown>): Promise<Request> {
  const token = await createTokenIssuer(TEST_TOKEN_SECRET).issueAccess({
    sub: "7",
    rlm: "liga",
    rol: [],
    gue: false,
    ...claims,
  } as never);
  const storage = sessionStorage(session);
  const cookie = await storage.getSession();
  cookie.set("accessToken", token);
  const header = await storage.commitSession(cookie);
  return new Request("http://localhost/realm/liga", {
    headers: { Cookie: header.split(";")[0]! },
  });
}

describe("the viewer's account language", () => {
  it("is the token's loc for a signed-in account, and none for a guest", async () => {
    const customer = await viewerOf(await requestWith({ loc: "es" }), { session }, "liga");
    expect(customer).toMatchObject({ role: "CUSTOMER", locale: "es" });
    const guest = await viewerOf(await requestWith({ loc: "pt", gue: true }), { session }, "liga");
    expect(guest.role).toBe("GUEST");
    expect(guest.locale).toBeUndefined();
  });
});
