import { describe, expect, it } from "vitest";
import { validateBody } from "../../contract/validator.ts";
import { createTokenIssuer } from "../../platform/auth/tokens.ts";
import { accountWithSession } from "../fixtures/accounts.ts";
import { TEST_TOKEN_SECRET, useSeededPlatform } from "../fixtures/platform.ts";

const platform = useSeededPlatform();

type Realm = "arena" | "liga";
type Auth = Record<string, string>;

const PATH = "/api/v2/user/playback-preferences";
const DEFAULTS = {
  subTitleLanguage: null,
  audioLanguage: null,
  autoAdvance: true,
  videoBackgroundAutoPlay: true,
};

async function read(realm: Realm, auth: Auth) {
  const res = await platform.api.call(realm, PATH, { headers: auth });
  if (res.ok) expect(res.headers.get("Cache-Control")).toBe("private, no-store");
  const body = await res.json();
  if (res.ok) expect(validateBody("playbackPreferences", body).issues).toEqual([]);
  return { status: res.status, body };
}

async function save(realm: Realm, auth: Auth, body: unknown) {
  const res = await platform.api.call(realm, PATH, {
    method: "PUT",
    headers: auth,
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

describe("playback preferences", () => {
  it("starts from init's defaults, then keeps what the viewer saves for every later session", async () => {
    const viewer = await accountWithSession(platform.store, "liga");
    expect((await read("liga", viewer.auth)).body).toEqual(DEFAULTS);
    const chosen = {
      subTitleLanguage: "ES",
      audioLanguage: "en",
      autoAdvance: false,
      videoBackgroundAutoPlay: false,
    };
    const saved = await save("liga", viewer.auth, chosen);
    expect(saved.status).toBe(200);
    // Languages as the realm spells them.
    expect(saved.body).toEqual({ ...chosen, subTitleLanguage: "es" });
    // Another device: a second session of the same account reads the same.
    const elsewhere = await createTokenIssuer(TEST_TOKEN_SECRET).issueAccess({
      sub: String(viewer.user.id),
      rlm: "liga",
      rol: ["CUSTOMER"],
      gue: false,
    });
    const again = await read("liga", { Authorization: `Bearer ${elsewhere}` });
    expect(again.body).toEqual({ ...chosen, subTitleLanguage: "es" });
    // Saved again: replaced, not added.
    await save("liga", viewer.auth, { ...DEFAULTS, subTitleLanguage: "pt" });
    expect((await read("liga", viewer.auth)).body).toEqual({ ...DEFAULTS, subTitleLanguage: "pt" });
  });

  it("refuses languages the realm does not have, another realm's included, saving nothing", async () => {
    const viewer = await accountWithSession(platform.store, "arena");
    // pt is one of liga's languages, not arena's (en, es).
    for (const field of ["subTitleLanguage", "audioLanguage"] as const) {
      const refused = await save("arena", viewer.auth, { ...DEFAULTS, [field]: "pt" });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe("INVALID_LOCALE");
      expect(refused.body.pointer).toBe(`/${field}`);
    }
    expect((await read("arena", viewer.auth)).body).toEqual(DEFAULTS);
  });

  it("refuses bodies outside the contract and callers without an account", async () => {
    const viewer = await accountWithSession(platform.store, "liga");
    for (const body of [
      { subTitleLanguage: "pt" },
      { ...DEFAULTS, autoAdvance: "yes" },
      { ...DEFAULTS, subTitleLanguage: 7 },
      { ...DEFAULTS, subTitleLanguage: "x".repeat(21) },
      { ...DEFAULTS, extra: true },
      [],
    ]) {
      const refused = await save("liga", viewer.auth, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    expect((await read("liga", viewer.auth)).body).toEqual(DEFAULTS);
    expect((await read("liga", {})).status).toBe(401);
    expect((await save("liga", {}, DEFAULTS)).status).toBe(401);
  });

  it("keeps each profile's own, a child profile's included", async () => {
    const adult = await accountWithSession(platform.store, "arena", {
      profiles: [
        { name: "Sam", type: "ADULT" },
        { name: "Kid", type: "CHILD" },
      ],
    });
    const child = await createTokenIssuer(TEST_TOKEN_SECRET).issueAccess({
      sub: String(adult.user.id),
      rlm: "arena",
      rol: ["CUSTOMER"],
      gue: false,
      pro: { id: adult.profiles[1]!.id, type: "c" },
    });
    const childAuth = { Authorization: `Bearer ${child}` };
    await save("arena", adult.auth, { ...DEFAULTS, subTitleLanguage: "en" });
    expect((await save("arena", childAuth, { ...DEFAULTS, audioLanguage: "es" })).status).toBe(200);
    expect((await read("arena", adult.auth)).body).toEqual({ ...DEFAULTS, subTitleLanguage: "en" });
    expect((await read("arena", childAuth)).body).toEqual({ ...DEFAULTS, audioLanguage: "es" });
  });

  it("two saves at once leave one of them whole", async () => {
    const viewer = await accountWithSession(platform.store, "liga");
    const a = {
      subTitleLanguage: "pt",
      audioLanguage: "pt",
      autoAdvance: true,
      videoBackgroundAutoPlay: false,
    };
    const b = {
      subTitleLanguage: "en",
      audioLanguage: "es",
      autoAdvance: false,
      videoBackgroundAutoPlay: true,
    };
    const answers = await Promise.all([save("liga", viewer.auth, a), save("liga", viewer.auth, b)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect([a, b]).toContainEqual((await read("liga", viewer.auth)).body);
  });
});
