import { describe, expect, it } from "vitest";
import { Validator } from "@seriousme/openapi-schema-validator";
import { ENDPOINTS, findEndpoint } from "../../contract/endpoints.ts";
import { createTokenIssuer } from "../../platform/auth/tokens.ts";
import { createPlatformApi } from "../../platform/api/app.ts";
import { validateBody } from "../../contract/validator.ts";
import { TEST_TOKEN_SECRET, useSeededPlatform } from "../fixtures/platform.ts";

const platform = useSeededPlatform();

describe("the platform contract", () => {
  it.each([
    ["Realm", 400, "MISSING_REALM"],
    ["X-Api-Key", 401, "MISSING_API_KEY"],
    ["App", 400, "MISSING_APP"],
  ])("answers a call without %s with a JSON error", async (header, status, code) => {
    const res = await platform.api.call("arena", "/api/v1/init", {
      headers: { [header]: undefined },
    });
    expect(res.status).toBe(status);
    expect(res.headers.get("Content-Type")).toMatch(/application\/json/);
    const body = await res.json();
    expect(body).toMatchObject({ status, code, messages: [expect.stringContaining(header)] });
    expect(body.requestId).toEqual(expect.any(String));
  });

  it("refuses another realm's key and an unknown realm", async () => {
    const wrongKey = await platform.api.call("arena", "/api/v1/init", {
      headers: { "X-Api-Key": "liga-web-9c4e7a13f0b26d58" },
    });
    expect(wrongKey.status).toBe(401);
    expect((await wrongKey.json()).code).toBe("INVALID_API_KEY");
    const unknown = await platform.api.call("arena", "/api/v1/init", {
      headers: { Realm: "nowhere" },
    });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).code).toBe("REALM_NOT_FOUND");
  });

  it("answers unknown endpoints with a JSON 404", async () => {
    const res = await platform.api.call("arena", "/api/v2/no-such-thing");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ status: 404, code: "NOT_FOUND" });
  });

  it("refuses non-JSON and malformed bodies", async () => {
    const form = await platform.api.call("arena", "/api/v1/session", {
      method: "POST",
      body: "referralExid=abc",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
    const broken = await platform.api.call("arena", "/api/v1/session", {
      method: "POST",
      body: "{not json",
    });
    expect(broken.status).toBe(400);
    expect((await broken.json()).code).toBe("MALFORMED_JSON");
  });

  it("echoes the caller's request id", async () => {
    const res = await platform.api.call("arena", "/api/v1/init", {
      headers: { "X-Request-Id": "req-123" },
    });
    expect(res.headers.get("X-Request-Id")).toBe("req-123");
  });

  it("finds realms by name and by host without a key", async () => {
    const byName = await platform.api.app.request("/api/v1/realm-lookup?name=arena");
    expect(await byName.json()).toMatchObject({
      realm: "arena",
      fullName: "Arena Fight Pass",
      apiKey: "arena-web-5b1f0c9e2d7a4e61",
    });
    const byHost = await platform.api.app.request("/api/v1/realm-lookup?host=liga.localhost");
    expect((await byHost.json()).realm).toBe("liga");
    expect((await platform.api.app.request("/api/v1/realm-lookup?name=nope")).status).toBe(404);
    expect((await platform.api.app.request("/api/v1/realm-lookup")).status).toBe(400);
    const directory = await (await platform.api.app.request("/api/v1/realms")).json();
    expect(directory.realms.map((r: { name: string }) => r.name)).toEqual(["arena", "liga"]);
  });

  it("gives each realm the logo made for its header's colour", async () => {
    const liga = await (await platform.api.call("liga", "/api/v1/init")).json();
    expect(liga.theme.backgroundColor).toBe("#f6f7f2");
    expect(liga.realm.logoUrl).toBe("/brand/liga/logo-on-light.svg");
    const byHost = await platform.api.app.request("/api/v1/realm-lookup?host=liga.localhost");
    expect((await byHost.json()).logoUrl).toBe("/brand/liga/logo-on-light.svg");
    const directory = await (await platform.api.app.request("/api/v1/realms")).json();
    expect(directory.realms.map((r: { logoUrl: string }) => r.logoUrl)).toEqual([
      "/brand/arena/logo-on-dark.svg",
      "/brand/liga/logo-on-light.svg",
    ]);
  });
});

describe("init", () => {
  it("answers the realm's licences from its config with readLicences=true, and only then", async () => {
    const res = await platform.api.call("liga", "/api/v1/init?readLicences=true");
    expect(res.status).toBe(200);
    const init = await res.json();
    for (const licence of init.licences)
      expect(validateBody("licence", licence).issues).toEqual([]);
    expect(init.licences.map((l: { id: string }) => l.id)).toEqual([
      "LIGA_MENSAL",
      "LIGA_FINAL_PASS",
    ]);
    expect(init.licences[0]).toMatchObject({
      kind: "SUBSCRIPTION",
      purchaseStrategy: { subscriptionPeriod: "MONTHLY" },
      trialDays: 7,
      grants: ["ALL_ACCESS"],
    });
    expect(init.licences[0].amounts[0]).toEqual({
      amount: 699,
      scale: 2,
      currency: "EUR",
      local: false,
      default: true,
    });
    const without = await (await platform.api.call("liga", "/api/v1/init")).json();
    expect(without.licences).toBeUndefined();
    const bad = await platform.api.call("liga", "/api/v1/init?readLicences=yes");
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe("INVALID_QUERY");
  });

  it("gives arena its settings, theme, TOP menu with a folder, heroes and live count", async () => {
    const res = await platform.api.call(
      "arena",
      "/api/v1/init?countEvents=LIVE&menuTargetPlatform=WEB",
    );
    expect(res.status).toBe(200);
    const init = await res.json();
    expect(init.realm).toMatchObject({
      name: "arena",
      fullName: "Arena Fight Pass",
      defaultLocale: "en",
    });
    // Arena's header is dark (#0b0d12).
    expect(init.realm.logoUrl).toBe("/brand/arena/logo-on-dark.svg");
    expect(init.settings).toMatchObject({
      contentSearchEngine: "VESPER",
      watchlistsEnabled: true,
      epgMatrix: "ENABLED",
      fullGuestAccess: false,
    });
    expect(init.theme.mode).toBe("dark");
    expect(init.menu.layout).toBe("TOP");
    expect(
      init.menu.items.some(
        (i: { type: string; items?: unknown[] }) => i.type === "FOLDER" && i.items?.length,
      ),
    ).toBe(true);
    expect(init.eventCount).toBeGreaterThanOrEqual(1);
    expect(init.content.heroes.length).toBeGreaterThanOrEqual(2);
    for (const hero of init.content.heroes) {
      expect(hero.imageUrl).toMatch(/^\/images\/arena\/hero\/.+\.webp$/);
      expect(hero.portraitImageUrl).toMatch(/\/portrait\.webp$/);
    }
  });

  it("gives liga a light theme, TOP_LEFT menu and Portuguese by default", async () => {
    const init = await (await platform.api.call("liga", "/api/v1/init")).json();
    expect(init.theme.mode).toBe("light");
    expect(init.menu.layout).toBe("TOP_LEFT");
    expect(init.locale).toBe("pt");
    expect(init.settings).toMatchObject({
      watchlistsEnabled: false,
      gifting: "ENABLED",
      fullGuestAccess: true,
      allowGuestSchedule: true,
    });
    expect(init).not.toHaveProperty("eventCount");
    expect(init).not.toHaveProperty("preferences");
  });

  it("answers the preferences named by pk, and refuses unknown ones", async () => {
    const init = await (
      await platform.api.call("liga", "/api/v1/init?pk=autoAdvance,subTitleLanguage&pk=autoAdvance")
    ).json();
    expect(init.preferences).toEqual({ autoAdvance: true, subTitleLanguage: null });
    const bad = await platform.api.call("liga", "/api/v1/init?pk=volume");
    expect(bad.status).toBe(400);
    expect((await bad.json()).messages[0]).toMatch(/unknown preference 'volume'/);
  });

  it.each([
    ["es-AR,es;q=0.9", "es"],
    ["en_GB", "en"],
    ["fr-FR, de;q=0.5", "pt"],
    ["de;q=0.9, es;q=0.1", "es"],
  ])("negotiates Accept-Language %s to %s", async (header, locale) => {
    const init = await (
      await platform.api.call("liga", "/api/v1/init", { headers: { "Accept-Language": header } })
    ).json();
    expect(init.locale).toBe(locale);
  });

  it("answers init in the shape of its own schema, for every realm and kind of caller", async () => {
    for (const realm of ["arena", "liga"] as const) {
      for (const query of [
        "",
        "?countEvents=LIVE&menuTargetPlatform=MOBILE_WEB&readLicences=true",
      ]) {
        const res = await platform.api.call(realm, `/api/v1/init${query}`);
        expect(res.status).toBe(200);
        expect(validateBody("initResponse", await res.json()).issues, `${realm}${query}`).toEqual(
          [],
        );
      }
    }
  });

  it("rejects an unknown menu target platform", async () => {
    const res = await platform.api.call("arena", "/api/v1/init?menuTargetPlatform=TV");
    expect(res.status).toBe(400);
    expect((await res.json()).messages[0]).toMatch(/menuTargetPlatform/);
  });
});

describe("the endpoint table", () => {
  /** A path the route matches: the first choice of a `{a|b}` parameter, `1` for others. */
  const samples = (route: string): string[] => {
    const filled = route
      .replace(/^\/api/, "")
      .replace(/:\w+\{(\w+)[^}]*\}/g, "$1")
      .replace(/:\w+(?!\?)\b(?!\?)/g, "1");
    // An optional last parameter: the path with it and without it.
    return filled.includes("?")
      ? [filled.replace(/:\w+\?/, "1"), filled.replace(/\/:\w+\?/, "")]
      : [filled];
  };

  it("names every route the platform serves", () => {
    const api = createPlatformApi({
      store: platform.store,
      tokens: createTokenIssuer(TEST_TOKEN_SECRET),
      mediaSecret: async () => "media-secret",
    });
    // The sandbox acquirer's pages stand in for another party's site: HTML, not the contract.
    const routes = api.routes.filter(
      (route) =>
        route.method !== "ALL" &&
        route.path !== "/api/*" &&
        !route.path.startsWith("/api/sandbox-acquirer/"),
    );
    expect(routes.length).toBeGreaterThan(70);
    const missing = routes.flatMap((route) =>
      samples(route.path)
        .filter((path) => !findEndpoint(route.method, path))
        .map((path) => `${route.method} ${path}`),
    );
    expect(missing).toEqual([]);
  });
});

describe("request bodies", () => {
  const postSession = (body: unknown, language = "en") =>
    platform.api.call("liga", "/api/v1/session", {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "Accept-Language": language },
    });

  it("refuses a field of the wrong type with 400, naming it by JSON pointer", async () => {
    const res = await postSession({ referralExid: 5 });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      status: 400,
      code: "INVALID_BODY",
      pointer: "/referralExid",
      message: "/referralExid must be of type string",
    });
  });

  it("points at a missing field and words the message in the caller's language", async () => {
    const res = await postSession({ clickId: "abc" }, "es");
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: "INVALID_BODY",
      pointer: "/referralExid",
      message: "Falta /referralExid",
    });
  });

  it("lets a body that fits through to the endpoint", async () => {
    const res = await postSession({ referralExid: "spring-promo", clickId: "c-1" });
    expect(res.status).toBe(201);
  });
});

describe("the OpenAPI document", () => {
  it("is served at /api/openapi.json and is valid OpenAPI 3.1", async () => {
    const res = await platform.api.app.request("/api/openapi.json");
    expect(res.status).toBe(200);
    const document = await res.json();
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("describes every endpoint of the table, with its bodies", async () => {
    const document = await (await platform.api.app.request("/api/openapi.json")).json();
    const operations = Object.values(document.paths).flatMap((item) =>
      Object.values(item as Record<string, { operationId: string }>).map((op) => op.operationId),
    );
    expect(operations.sort()).toEqual(Object.keys(ENDPOINTS).sort());
    expect(document.paths["/v2/login"].post.requestBody.content["application/json"].schema).toEqual(
      { $ref: "#/components/schemas/credentials" },
    );
    expect(document.paths["/v2/vod/{id}"].get.responses["200"].content).toEqual({
      "application/json": {
        schema: { $ref: "#/components/schemas/content-detail/$defs/videoDetail" },
      },
    });
  });
});
