import { describe, expect, it } from "vitest";
import { createTokenIssuer } from "../../platform/auth/tokens.ts";
import * as t from "../../platform/store/schema.ts";
import { TEST_TOKEN_SECRET, useSeededPlatform } from "../fixtures/platform.ts";
import { updateRealm } from "../fixtures/realm-settings.ts";
import { eq } from "drizzle-orm";

const platform = useSeededPlatform();

describe("guest check-in", () => {
  it("gives a realm with guests a guest token of that realm", async () => {
    const res = await platform.api.call("liga", "/api/v2/login/guest/checkin", { method: "POST" });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.refreshToken).toMatch(/^[\w-]{40,}$/);
    const claims = await createTokenIssuer(TEST_TOKEN_SECRET).verifyAccess(body.authorisationToken);
    expect(claims).toMatchObject({ rlm: "liga", gue: true, rol: [], loc: "pt" });
    expect(claims.sub).toMatch(/^guest-[0-9a-f-]{36}$/);
  });

  it("refuses realms without guests", async () => {
    const [realm] = await platform.store.db
      .select({ settings: t.realms.settings })
      .from(t.realms)
      .where(eq(t.realms.name, "arena"));
    await updateRealm(platform.store, "arena", {
      settings: { ...realm!.settings, guestsAllowed: false },
    });
    const res = await platform.api.call("arena", "/api/v2/login/guest/checkin", { method: "POST" });
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe("FORBIDDEN");
  });
});
