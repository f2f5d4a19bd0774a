import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { validateBody } from "../../contract/validator.ts";
import { verifyPassword } from "../../platform/auth/passwords.ts";
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

const post = (path: string, body: unknown, auth: Record<string, string>, realm = "arena") =>
  platform.api.call(realm as "arena", `/api/v1${path}`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: auth,
  });

const userRow = async (id: number) =>
  (await platform.store.db.select().from(t.users).where(eq(t.users.id, id)))[0]!;

describe("POST /api/v1/parental-control", () => {
  it("sets the first PIN with the status, hashed, and replaces the token's par", async () => {
    const viewer = await accountWithSession(platform.store, "arena", { profiles: FAMILY });
    const res = await post("/parental-control", { pin: "1234", status: "RESTRICTED" }, viewer.auth);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ status: "RESTRICTED", pinSet: true });
    expect(validateBody("parentalControl", body).ok).toBe(true);
    const replacement = res.headers.get("Replacementauthorisation");
    expect((await issuer.verifyAccess(replacement!)).par).toBe("RESTRICTED");
    const user = await userRow(viewer.user.id);
    expect(user.parentalPinHash).not.toContain("1234");
    expect(await verifyPassword("1234", user.parentalPinHash!)).toBe(true);

    const state = await platform.api.call("arena", "/api/v1/parental-control", {
      headers: viewer.auth,
    });
    expect(await state.json()).toEqual({ status: "RESTRICTED", pinSet: true });
  });

  it("changes the status of an account with a PIN only with that PIN", async () => {
    const viewer = await accountWithSession(platform.store, "arena", {
      profiles: FAMILY,
      pin: "1234",
      parentalStatus: "RESTRICTED",
    });
    const wrong = await post(
      "/parental-control",
      { pin: "9999", status: "NON_RESTRICTED" },
      viewer.auth,
    );
    expect(wrong.status).toBe(403);
    expect((await wrong.json()).code).toBe("WRONG_PIN");
    expect((await userRow(viewer.user.id)).parentalStatus).toBe("RESTRICTED");
    const right = await post(
      "/parental-control",
      { pin: "1234", status: "NON_RESTRICTED" },
      viewer.auth,
    );
    expect(await right.json()).toEqual({ status: "NON_RESTRICTED", pinSet: true });
  });

  it("refuses a PIN that is not four digits, an unknown status, and child profiles", async () => {
    const viewer = await accountWithSession(platform.store, "arena", { profiles: FAMILY });
    for (const [body, code] of [
      [{ pin: "123", status: "RESTRICTED" }, "INVALID_PIN"],
      [{ pin: "12a4", status: "RESTRICTED" }, "INVALID_PIN"],
      [{ pin: 1234, status: "RESTRICTED" }, "INVALID_PIN"],
      [{ pin: "1234", status: "LOCKED" }, "INVALID_STATUS"],
    ] as const) {
      const res = await post("/parental-control", body, viewer.auth);
      expect(res.status).toBe(400);
      expect((await res.json()).code).toBe(code);
    }
    const child = await accountWithSession(platform.store, "arena", {
      profiles: FAMILY,
      actingAs: 1,
    });
    const res = await post(
      "/parental-control",
      { pin: "1234", status: "NON_RESTRICTED" },
      child.auth,
    );
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe("CHILD_PROFILE");
  });

  it("needs the realm's client headers and a signed-in account", async () => {
    const res = await platform.api.call("arena", "/api/v1/parental-control", {
      method: "POST",
      body: JSON.stringify({ pin: "1234", status: "RESTRICTED" }),
    });
    expect(res.status).toBe(401);
    const noKey = await platform.api.call("arena", "/api/v1/parental-control", {
      headers: { "X-Api-Key": undefined },
    });
    expect((await noKey.json()).code).toBe("MISSING_API_KEY");
  });
});

describe("POST /api/v1/parental-control/pin", () => {
  it("changes the PIN with the current one", async () => {
    const viewer = await accountWithSession(platform.store, "arena", {
      profiles: FAMILY,
      pin: "1234",
    });
    const wrong = await post(
      "/parental-control/pin",
      { pin: "5678", currentPin: "0000" },
      viewer.auth,
    );
    expect(wrong.status).toBe(403);
    const missing = await post("/parental-control/pin", { pin: "5678" }, viewer.auth);
    expect(missing.status).toBe(400);
    const res = await post(
      "/parental-control/pin",
      { pin: "5678", currentPin: "1234" },
      viewer.auth,
    );
    expect(res.status).toBe(200);
    expect(await verifyPassword("5678", (await userRow(viewer.user.id)).parentalPinHash!)).toBe(
      true,
    );
  });

  it("resets a forgotten PIN with the code the reset email carries, once", async () => {
    const viewer = await accountWithSession(platform.store, "arena", {
      profiles: FAMILY,
      pin: "1234",
      details: { locale: "en" },
    });
    const requested = await post("/parental-control/pin/reset", {}, viewer.auth);
    expect(requested.status).toBe(202);
    const [mail] = await platform.store.db
      .select()
      .from(t.outbox)
      .where(and(eq(t.outbox.realm, "arena"), eq(t.outbox.recipient, viewer.user.email)))
      .orderBy(desc(t.outbox.id));
    expect(mail).toMatchObject({
      kind: "pin-reset",
      subject: "Reset your Arena Fight Pass parental PIN",
    });
    // The web app's confirm page, on the platform's public origin (the request's in tests).
    const link = /http:\/\/localhost\/realm\/arena\/pin-reset\/confirm\?code=(\S+)/.exec(
      mail!.body,
    );
    expect(link, mail!.body).not.toBeNull();
    const code = decodeURIComponent(link![1]!);

    const res = await post("/parental-control/pin", { pin: "8642", resetCode: code }, viewer.auth);
    expect(res.status).toBe(200);
    expect(await verifyPassword("8642", (await userRow(viewer.user.id)).parentalPinHash!)).toBe(
      true,
    );
    const again = await post(
      "/parental-control/pin",
      { pin: "1111", resetCode: code },
      viewer.auth,
    );
    expect(again.status).toBe(400);
    expect((await again.json()).code).toBe("INVALID_RESET_CODE");

    // Another account cannot use someone else's code.
    await post("/parental-control/pin/reset", {}, viewer.auth);
    const other = await accountWithSession(platform.store, "arena", { profiles: FAMILY });
    const [second] = await platform.store.db
      .select()
      .from(t.outbox)
      .where(eq(t.outbox.recipient, viewer.user.email))
      .orderBy(desc(t.outbox.id));
    const secondCode = /\?code=(\S+)/.exec(second!.body)![1]!;
    const foreign = await post(
      "/parental-control/pin",
      { pin: "1111", resetCode: decodeURIComponent(secondCode) },
      other.auth,
    );
    expect(foreign.status).toBe(400);
  });

  it("writes to the contact email in the viewer's language", async () => {
    const viewer = await accountWithSession(platform.store, "liga", {
      details: { locale: "pt", contactEmail: "casa@example.com" },
    });
    expect((await post("/parental-control/pin/reset", {}, viewer.auth, "liga")).status).toBe(202);
    const [mail] = await platform.store.db
      .select()
      .from(t.outbox)
      .where(eq(t.outbox.recipient, "casa@example.com"));
    expect(mail!.subject).toBe("Redefina o PIN de controle dos pais de Liga Play");
    expect(mail!.body).toContain("/realm/liga/pin-reset/confirm?code=");
  });

  it("sends at most three reset emails an hour", async () => {
    const viewer = await accountWithSession(platform.store, "arena", { profiles: FAMILY });
    for (let i = 0; i < 3; i++) {
      expect((await post("/parental-control/pin/reset", {}, viewer.auth)).status).toBe(202);
    }
    expect((await post("/parental-control/pin/reset", {}, viewer.auth)).status).toBe(429);
  });
});
