import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { validateBody } from "../../contract/validator.ts";
import { createTokenIssuer } from "../../platform/auth/tokens.ts";
import * as t from "../../platform/store/schema.ts";
import { accountWithSession } from "../fixtures/accounts.ts";
import { TEST_TOKEN_SECRET, useSeededPlatform } from "../fixtures/platform.ts";

const platform = useSeededPlatform();
const issuer = createTokenIssuer(TEST_TOKEN_SECRET);

const FAMILY = [
  { name: "Sam", type: "ADULT" as const },
  { name: "Kid", type: "CHILD" as const },
];

const json = (method: string, body: unknown, headers: Record<string, string>) => ({
  method,
  body: JSON.stringify(body),
  headers,
});

async function listOf(realm: "arena" | "liga", auth: Record<string, string>) {
  const res = await platform.api.call(realm, "/api/v2/user/profiles", { headers: auth });
  expect(res.status).toBe(200);
  const body = await res.json();
  expect(validateBody("profileList", body).issues).toEqual([]);
  return body;
}

describe("GET /api/v2/user/profiles", () => {
  it("answers status NONE and no profiles in a realm without profiles", async () => {
    const viewer = await accountWithSession(platform.store, "liga");
    expect(await listOf("liga", viewer.auth)).toEqual({
      status: "NONE",
      profiles: [],
      activeProfileId: null,
      maxProfiles: 0,
    });
  });

  it("lists the account's profiles, the acting one named, with the realm's limit", async () => {
    const viewer = await accountWithSession(platform.store, "arena", { profiles: FAMILY });
    const body = await listOf("arena", viewer.auth);
    expect(body).toEqual({
      status: "CONFIGURED",
      profiles: [
        { id: viewer.profiles[0]!.id, name: "Sam", type: "ADULT" },
        { id: viewer.profiles[1]!.id, name: "Kid", type: "CHILD" },
      ],
      activeProfileId: viewer.profiles[0]!.id,
      maxProfiles: 4,
    });
  });

  it("gives an account without profiles its adult main profile, named after the viewer", async () => {
    const viewer = await accountWithSession(platform.store, "arena", {
      details: { preferredName: "Alex" },
    });
    const first = await listOf("arena", viewer.auth);
    expect(first.profiles).toEqual([{ id: expect.any(Number), name: "Alex", type: "ADULT" }]);
    expect((await listOf("arena", viewer.auth)).profiles).toEqual(first.profiles);
  });

  it("needs a signed-in account: 401 without a token, 403 for a guest", async () => {
    expect((await platform.api.call("arena", "/api/v2/user/profiles")).status).toBe(401);
    const guest = await issuer.issueAccess({ sub: "guest-1", rlm: "arena", rol: [], gue: true });
    const res = await platform.api.call("arena", "/api/v2/user/profiles", {
      headers: { Authorization: `Bearer ${guest}` },
    });
    expect(res.status).toBe(403);
  });
});

describe("creating, renaming and deleting profiles", () => {
  it("creates profiles up to maxProfiles, with a name unique in the account", async () => {
    const viewer = await accountWithSession(platform.store, "arena", { profiles: FAMILY });
    const create = (body: unknown) =>
      platform.api.call("arena", "/api/v2/user/profiles", json("POST", body, viewer.auth));
    const res = await create({ name: "  Robin ", type: "CHILD" });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ id: expect.any(Number), name: "Robin", type: "CHILD" });

    for (const [body, code] of [
      [{ name: "robin" }, "NAME_TAKEN"],
      [{ name: "" }, "INVALID_NAME"],
      [{ name: "x".repeat(41) }, "INVALID_NAME"],
      [{ name: "Lee", type: "PET" }, "INVALID_TYPE"],
    ] as const) {
      const refused = await create(body);
      expect((await refused.json()).code).toBe(code);
    }
    expect((await create({ name: "Lee" })).status).toBe(201);
    const full = await create({ name: "Max" });
    expect(full.status).toBe(409);
    expect((await full.json()).code).toBe("TOO_MANY_PROFILES");
    expect(
      (await listOf("arena", viewer.auth)).profiles.map((p: { name: string }) => p.name),
    ).toEqual(["Sam", "Kid", "Robin", "Lee"]);
  });

  it("renames a profile, refusing a name another profile has", async () => {
    const viewer = await accountWithSession(platform.store, "arena", { profiles: FAMILY });
    const kid = viewer.profiles[1]!;
    const rename = (name: string) =>
      platform.api.call(
        "arena",
        `/api/v2/user/profiles/${kid.id}`,
        json("PUT", { name }, viewer.auth),
      );
    const res = await rename("Junior");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: kid.id, name: "Junior", type: "CHILD" });
    expect((await rename("sam")).status).toBe(409);
    const other = await accountWithSession(platform.store, "arena", { profiles: FAMILY });
    const foreign = await platform.api.call(
      "arena",
      `/api/v2/user/profiles/${kid.id}`,
      json("PUT", { name: "Mine" }, other.auth),
    );
    expect(foreign.status).toBe(404);
  });

  it("deletes a profile but never the last adult one nor the one in use", async () => {
    const viewer = await accountWithSession(platform.store, "arena", {
      profiles: [...FAMILY, { name: "Pat", type: "ADULT" }],
    });
    const [sam, kid, pat] = viewer.profiles;
    const remove = (id: number) =>
      platform.api.call("arena", `/api/v2/user/profiles/${id}`, {
        method: "DELETE",
        headers: viewer.auth,
      });
    // What the child profile watched, listed and chose; Sam has the same.
    const { db } = platform.store;
    const userId = viewer.user.id;
    for (const profileKey of [sam!.id, kid!.id]) {
      await db
        .insert(t.watchHistory)
        .values({ userId, profileKey, kind: "vod", contentId: 7, positionSeconds: 9 });
      await db.insert(t.viewerLists).values({ userId, profileKey, kind: "MY_LIST" });
      await db.insert(t.playbackPreferences).values({ userId, profileKey, autoAdvance: false });
    }
    const inUse = await remove(sam!.id);
    expect((await inUse.json()).code).toBe("PROFILE_ACTIVE");
    expect((await remove(kid!.id)).status).toBe(204);
    expect((await remove(pat!.id)).status).toBe(204);
    const left = await platform.store.db
      .select({ name: t.profiles.name })
      .from(t.profiles)
      .where(eq(t.profiles.userId, viewer.user.id));
    expect(left).toEqual([{ name: "Sam" }]);
    for (const table of [t.watchHistory, t.viewerLists, t.playbackPreferences]) {
      const rows = await db
        .select({ profileKey: table.profileKey })
        .from(table)
        .where(eq(table.userId, userId));
      expect(rows).toEqual([{ profileKey: sam!.id }]);
    }

    // A session acting as no profile may delete any profile but the last adult one.
    const other = await accountWithSession(platform.store, "arena", {
      profiles: [{ name: "Only", type: "ADULT" }],
      actingAs: -1,
    });
    const refused = await platform.api.call(
      "arena",
      `/api/v2/user/profiles/${other.profiles[0]!.id}`,
      { method: "DELETE", headers: other.auth },
    );
    expect(refused.status).toBe(409);
    expect((await refused.json()).code).toBe("LAST_ADULT_PROFILE");
  });

  it("lets no child profile manage profiles", async () => {
    const viewer = await accountWithSession(platform.store, "arena", {
      profiles: FAMILY,
      actingAs: 1,
    });
    const res = await platform.api.call(
      "arena",
      "/api/v2/user/profiles",
      json("POST", { name: "Sneaky" }, viewer.auth),
    );
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe("CHILD_PROFILE");
  });

  it("refuses changes in a realm without profiles", async () => {
    const viewer = await accountWithSession(platform.store, "liga");
    const res = await platform.api.call(
      "liga",
      "/api/v2/user/profiles",
      json("POST", { name: "Two" }, viewer.auth),
    );
    expect(res.status).toBe(409);
    expect((await res.json()).code).toBe("PROFILES_NOT_CONFIGURED");
  });
});

describe("POST /api/v2/user/profiles/{id}/switch", () => {
  const switchTo = (
    id: number,
    viewer: { auth: Record<string, string>; refreshToken: string },
    extra: Record<string, unknown> = {},
  ) =>
    platform.api.call(
      "arena",
      `/api/v2/user/profiles/${id}/switch`,
      json("POST", { refreshToken: viewer.refreshToken, ...extra }, viewer.auth),
    );

  it("ends the session and starts one whose tokens act as the chosen profile", async () => {
    const viewer = await accountWithSession(platform.store, "arena", { profiles: FAMILY });
    const kid = viewer.profiles[1]!;
    const res = await switchTo(kid.id, viewer);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.profile).toEqual({ id: kid.id, name: "Kid", type: "CHILD" });
    const claims = await issuer.verifyAccess(body.authorisationToken);
    expect(claims).toMatchObject({ sub: String(viewer.user.id), pro: { id: kid.id, type: "c" } });

    // The old session is over: its refresh token no longer refreshes, the new one does.
    const old = await platform.api.call(
      "arena",
      "/api/v2/user/profiles/" + kid.id + "/switch",
      json("POST", { refreshToken: viewer.refreshToken }, viewer.auth),
    );
    expect(old.status).toBe(401);
    expect((await old.json()).code).toBe("INVALID_REFRESH_TOKEN");
    const [row] = await platform.store.db
      .select()
      .from(t.refreshTokens)
      .where(eq(t.refreshTokens.userId, viewer.user.id))
      .orderBy(t.refreshTokens.id);
    expect(row!.revokedAt).not.toBeNull();
  });

  it("asks for the PIN to leave a child profile for an adult one while RESTRICTED", async () => {
    const viewer = await accountWithSession(platform.store, "arena", {
      profiles: FAMILY,
      actingAs: 1,
      pin: "4321",
      parentalStatus: "RESTRICTED",
    });
    const sam = viewer.profiles[0]!;
    const none = await switchTo(sam.id, viewer);
    expect(none.status).toBe(403);
    expect((await none.json()).code).toBe("PIN_REQUIRED");
    const wrong = await switchTo(sam.id, viewer, { pin: "1111" });
    expect(wrong.status).toBe(403);
    expect((await wrong.json()).code).toBe("WRONG_PIN");
    const right = await switchTo(sam.id, viewer, { pin: "4321" });
    expect(right.status).toBe(200);
    const claims = await issuer.verifyAccess((await right.json()).authorisationToken);
    expect(claims.pro).toEqual({ id: sam.id, type: "a" });
  });

  it("stops guessing: the sixth PIN attempt within the window is refused, even a right one", async () => {
    const viewer = await accountWithSession(platform.store, "arena", {
      profiles: FAMILY,
      actingAs: 1,
      pin: "2468",
      parentalStatus: "RESTRICTED",
    });
    const sam = viewer.profiles[0]!;
    for (let i = 0; i < 5; i++) {
      expect((await switchTo(sam.id, viewer, { pin: `000${i}` })).status).toBe(403);
    }
    const limited = await switchTo(sam.id, viewer, { pin: "2468" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("needs no PIN from an adult profile, nor without restriction", async () => {
    const adult = await accountWithSession(platform.store, "arena", {
      profiles: FAMILY,
      pin: "4321",
      parentalStatus: "RESTRICTED",
    });
    expect((await switchTo(adult.profiles[1]!.id, adult)).status).toBe(200);
    const open = await accountWithSession(platform.store, "arena", {
      profiles: FAMILY,
      actingAs: 1,
      pin: "4321",
    });
    expect((await switchTo(open.profiles[0]!.id, open)).status).toBe(200);
  });

  it("refuses another account's refresh token or profile", async () => {
    const viewer = await accountWithSession(platform.store, "arena", { profiles: FAMILY });
    const other = await accountWithSession(platform.store, "arena", { profiles: FAMILY });
    const foreignToken = await switchTo(viewer.profiles[1]!.id, {
      auth: viewer.auth,
      refreshToken: other.refreshToken,
    });
    expect(foreignToken.status).toBe(401);
    expect((await switchTo(other.profiles[1]!.id, viewer)).status).toBe(404);
    const missing = await platform.api.call(
      "arena",
      `/api/v2/user/profiles/${viewer.profiles[1]!.id}/switch`,
      json("POST", {}, viewer.auth),
    );
    expect(missing.status).toBe(400);
  });
});
