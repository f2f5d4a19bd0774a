import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { validateBody } from "../../contract/validator.ts";
import * as t from "../../platform/store/schema.ts";
import { accountWithSession } from "../fixtures/accounts.ts";
import { useSeededPlatform } from "../fixtures/platform.ts";

const platform = useSeededPlatform();

const put = (realm: "arena" | "liga", body: unknown, headers: Record<string, string>) =>
  platform.api.call(realm, "/api/v2/user/profile", {
    method: "PUT",
    body: JSON.stringify(body),
    headers,
  });

describe("GET/PUT /api/v2/user/profile", () => {
  it("answers the account's details", async () => {
    const viewer = await accountWithSession(platform.store, "arena", {
      details: { fullName: "Ana Lima", phoneNumber: "5511912345678" },
    });
    const res = await platform.api.call("arena", "/api/v2/user/profile", { headers: viewer.auth });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(validateBody("userDetails", body).ok).toBe(true);
    expect(body).toEqual({
      email: viewer.user.email,
      contactEmail: null,
      name: { fullName: "Ana Lima", preferredName: null },
      birthDate: null,
      taxNumber: null,
      phoneNumber: "5511912345678",
    });
  });

  it("saves the given details (spaces out of the phone number) and answers messages", async () => {
    const viewer = await accountWithSession(platform.store, "liga");
    const res = await put(
      "liga",
      {
        name: { fullName: " Bruno Souza ", preferredName: "Bru" },
        phoneNumber: "+55 11 91234 5678",
        birthDate: "1990-04-02",
        taxNumber: "123.456.789-09",
        contactEmail: "bruno@example.com",
      },
      { ...viewer.auth, "Accept-Language": "en" },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ messages: ["Your details are saved."] });
    const [user] = await platform.store.db
      .select()
      .from(t.users)
      .where(eq(t.users.id, viewer.user.id));
    expect(user).toMatchObject({
      fullName: "Bruno Souza",
      preferredName: "Bru",
      phoneNumber: "+5511912345678",
      birthDate: "1990-04-02",
      taxNumber: "123.456.789-09",
      contactEmail: "bruno@example.com",
    });
  });

  it("checks values against the realm's form, saving nothing when one does not fit", async () => {
    const viewer = await accountWithSession(platform.store, "liga");
    const res = await put(
      "liga",
      { taxNumber: "12-34", birthDate: "02/04/1990", name: { fullName: "Carla" } },
      { ...viewer.auth, "Accept-Language": "pt-BR" },
    );
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe("INVALID_FIELDS");
    // In the form's order (tax number before date of birth) and the viewer's language.
    expect(body.messages).toEqual([
      "Informe um CPF válido.",
      "Informe sua data de nascimento como AAAA-MM-DD.",
    ]);
    expect(body.details.fields.map((f: { field: string }) => f.field)).toEqual([
      "taxNumber",
      "birthDate",
    ]);
    const [user] = await platform.store.db
      .select()
      .from(t.users)
      .where(eq(t.users.id, viewer.user.id));
    expect(user!.fullName).toBeNull();
  });

  it("refuses to clear a required detail, an unknown field, and a child profile", async () => {
    const viewer = await accountWithSession(platform.store, "liga", {
      details: { taxNumber: "12345678909" },
    });
    const cleared = await put(
      "liga",
      { taxNumber: "" },
      { ...viewer.auth, "Accept-Language": "en" },
    );
    expect((await cleared.json()).messages).toEqual(["Tax number is required."]);
    const unknown = await put("liga", { role: "ADMIN" }, viewer.auth);
    expect((await unknown.json()).code).toBe("INVALID_BODY");
    const child = await accountWithSession(platform.store, "arena", {
      profiles: [{ name: "Kid", type: "CHILD" }],
    });
    expect((await put("arena", { name: { fullName: "X" } }, child.auth)).status).toBe(403);
  });
});

describe("GET /api/v2/user/missing-information", () => {
  const check = (realm: "arena" | "liga", auth: Record<string, string>) =>
    platform.api.call(realm, "/api/v2/user/missing-information", {
      headers: { ...auth, "Accept-Language": "en" },
    });

  it("fails with the details the realm's form requires and the account lacks", async () => {
    const viewer = await accountWithSession(platform.store, "liga");
    const res = await check("liga", viewer.auth);
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.code).toBe("MISSING_INFORMATION");
    expect(body.details).toEqual({ missingFields: ["taxNumber"] });
    expect(validateBody("missingInformation", body.details).ok).toBe(true);
    expect(body.messages).toEqual(["Please complete your details to keep watching."]);

    const arena = await accountWithSession(platform.store, "arena");
    expect((await (await check("arena", arena.auth)).json()).details).toEqual({
      missingFields: ["fullName"],
    });
  });

  it("answers an empty list once they are given", async () => {
    const viewer = await accountWithSession(platform.store, "liga");
    await put("liga", { taxNumber: "12345678909", phoneNumber: "11 91234 5678" }, viewer.auth);
    const res = await check("liga", viewer.auth);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ missingFields: [] });
  });
});

describe("PUT /api/v2/user/language", () => {
  const putLanguage = (headers: Record<string, string>, language: string) =>
    platform.api.call("liga", "/api/v2/user/language", {
      method: "PUT",
      body: JSON.stringify({ language }),
      headers,
    });

  it("keeps one of the realm's languages on the account, and the next sign-in carries it", async () => {
    const viewer = await accountWithSession(platform.store, "liga");
    const res = await putLanguage(viewer.auth, "EN-gb");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ language: "en" });
    const [user] = await platform.store.db
      .select()
      .from(t.users)
      .where(eq(t.users.id, viewer.user.id));
    expect(user?.locale).toBe("en");
  });

  it("refuses a language the realm does not have, changing nothing", async () => {
    const viewer = await accountWithSession(platform.store, "liga");
    const res = await putLanguage(viewer.auth, "fr");
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe("INVALID_LOCALE");
    const [user] = await platform.store.db
      .select()
      .from(t.users)
      .where(eq(t.users.id, viewer.user.id));
    expect(user?.locale).not.toBe("fr");
    expect(
      (
        await platform.api.call("liga", "/api/v2/user/language", {
          method: "PUT",
          body: JSON.stringify({ language: "en" }),
        })
      ).status,
    ).toBe(401);
  });
});
