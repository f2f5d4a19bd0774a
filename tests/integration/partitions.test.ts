import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { validateBody } from "../../contract/validator.ts";
import { createTokenIssuer } from "../../platform/auth/tokens.ts";
import * as t from "../../platform/store/schema.ts";
import { accountWithSession } from "../fixtures/accounts.ts";
import { withChallenge } from "../fixtures/challenge.ts";
import { TEST_TOKEN_SECRET, useSeededPlatform } from "../fixtures/platform.ts";

const platform = useSeededPlatform();
const issuer = createTokenIssuer(TEST_TOKEN_SECRET);

type Realm = "arena" | "liga";

async function call(
  realm: Realm,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const request = (headers: Record<string, string> = {}) =>
    platform.api.call(realm, path, {
      method: init.method ?? "GET",
      headers: { ...init.headers, ...headers },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  const res = await withChallenge(request);
  return { status: res.status, body: await res.json() };
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const licenceIds = (body: { licences?: { id: string }[] }) => body.licences?.map((l) => l.id);

describe("partitions (liga: brasil sells the monthly and the final's pass, portugal the monthly at 5.99)", () => {
  it("keeps the partition chosen at sign-up, in the account and its tokens", async () => {
    const email = `part-${crypto.randomUUID().slice(0, 8)}@liga.test`;
    const signed = await call("liga", "/api/v2/user/pbr", {
      method: "POST",
      body: {
        email,
        secret: "secret-12",
        taxNumber: "123.456.789-09",
        country: "BR",
        partitionData: { partitionId: "portugal" },
      },
    });
    expect(signed.status).toBe(201);
    expect((await issuer.verifyAccess(signed.body.authorisationToken)).prt).toBe("portugal");
    const [user] = await platform.store.db.select().from(t.users).where(eq(t.users.email, email));
    expect(user!.partition).toBe("portugal");
    const mine = await call("liga", "/api/v2/user/partition", {
      headers: bearer(signed.body.authorisationToken),
    });
    expect(validateBody("accountPartition", mine.body).issues).toEqual([]);
    expect(mine.body.partitionData).toEqual({ partitionId: "portugal" });
    expect(mine.body.partitions.map((p: { id: string }) => p.id)).toEqual(["brasil", "portugal"]);

    // An unknown partition is a field to fix; nothing is opened.
    const unknown = await call("liga", "/api/v2/user/pbr", {
      method: "POST",
      body: {
        email: `x-${email}`,
        secret: "secret-12",
        taxNumber: "123.456.789-09",
        country: "BR",
        partitionData: { partitionId: "atlantis" },
      },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details.fields).toMatchObject({ partitionId: "partitionRequired" });
  });

  it("changes the partition, and the licences and prices follow it", async () => {
    const account = await accountWithSession(platform.store, "liga", {
      details: { partition: "brasil" },
    });
    const init = (token: string) =>
      call("liga", "/api/v1/init?readLicences=true", { headers: bearer(token) });
    expect(licenceIds((await init(account.authorisationToken)).body)).toEqual([
      "LIGA_MENSAL",
      "LIGA_FINAL_PASS",
    ]);
    const basket = (licence: string) =>
      call("liga", `/api/v4/basket?licence=${licence}&country=PT`, { headers: account.auth });
    expect((await basket("LIGA_MENSAL")).body.firstCharge.total).toBe(699);

    const changed = await call("liga", "/api/v2/user/partition", {
      method: "PUT",
      headers: account.auth,
      body: { partitionId: "portugal" },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.partitionData).toEqual({ partitionId: "portugal" });
    // What is sold follows at once; the realm's settings with the next token.
    expect((await basket("LIGA_MENSAL")).body.firstCharge.total).toBe(599);
    expect((await basket("LIGA_FINAL_PASS")).status).toBe(404);
    const refreshed = await call("liga", "/api/v2/token/refresh", {
      method: "POST",
      body: { refreshToken: account.refreshToken },
    });
    expect((await issuer.verifyAccess(refreshed.body.authorisationToken)).prt).toBe("portugal");
    const after = (await init(refreshed.body.authorisationToken)).body;
    expect(licenceIds(after)).toEqual(["LIGA_MENSAL"]);
    expect(after.licences[0].amounts).toEqual([
      { amount: 599, scale: 2, currency: "EUR", local: true, default: true },
    ]);
    // Without a partition (a visitor), every licence of the realm.
    expect(licenceIds((await call("liga", "/api/v1/init?readLicences=true")).body)).toEqual([
      "LIGA_MENSAL",
      "LIGA_FINAL_PASS",
    ]);

    for (const body of [
      { partitionId: "atlantis" },
      { partitionId: 3 },
      {},
      { partitionId: "brasil", x: 1 },
    ]) {
      const refused = await call("liga", "/api/v2/user/partition", {
        method: "PUT",
        headers: account.auth,
        body,
      });
      expect(refused.status).toBe(400);
    }
    expect(
      (
        await call("liga", "/api/v2/user/partition", {
          method: "PUT",
          body: { partitionId: "brasil" },
        })
      ).status,
    ).toBe(401);
    const [user] = await platform.store.db
      .select()
      .from(t.users)
      .where(eq(t.users.id, account.user.id));
    expect(user!.partition).toBe("portugal");
  });

  it("arena is not partitioned: it refuses a partition at sign-up and on the account", async () => {
    const account = await accountWithSession(platform.store, "arena");
    expect((await call("arena", "/api/v2/user/partition", { headers: account.auth })).status).toBe(
      404,
    );
    const put = await call("arena", "/api/v2/user/partition", {
      method: "PUT",
      headers: account.auth,
      body: { partitionId: "brasil" },
    });
    expect(put).toMatchObject({ status: 404, body: { code: "NOT_PARTITIONED" } });
    const signed = await call("arena", "/api/v2/user", {
      method: "POST",
      body: {
        email: `part-${crypto.randomUUID().slice(0, 8)}@arena.test`,
        secret: "secret-12",
        fullName: "Robin",
        countryCode: "GB",
        consentAnswers: [{ promptField: "termsAndConditions", answer: true }],
        partitionData: { partitionId: "brasil" },
      },
    });
    expect(signed.status).toBe(400);
    expect(signed.body.details.fields).toMatchObject({ partitionId: "partitionRequired" });
  });
});
