import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { validateBody } from "../../contract/validator.ts";
import { ADDRESS_LIMIT } from "../../platform/identity/addresses.ts";
import * as t from "../../platform/store/schema.ts";
import { accountWithSession } from "../fixtures/accounts.ts";
import { useSeededPlatform } from "../fixtures/platform.ts";

const platform = useSeededPlatform();

type Viewer = Awaited<ReturnType<typeof accountWithSession>>;

const call = (viewer: Viewer, path: string, method = "GET", body?: unknown) =>
  platform.api.call("liga", `/api/v2/user/${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    headers: { ...viewer.auth, "Accept-Language": "en" },
  });

const list = async (viewer: Viewer) => {
  const res = await call(viewer, "address");
  expect(res.status).toBe(200);
  const body = await res.json();
  expect(validateBody("addressList", body).ok).toBe(true);
  return body as { id: number; countryCode: string; postalCode: string; default: boolean }[];
};

const home = {
  countryCode: "br",
  postalCode: "01310-100",
  city: "São Paulo",
  line1: "Av. Paulista, 1000",
};
const work = { countryCode: "PT", postalCode: "1100-148", city: "Lisboa" };

describe("the account's addresses (/api/v2/user/address)", () => {
  it("adds addresses, the first one the default, and answers them default first", async () => {
    const viewer = await accountWithSession(platform.store, "liga");
    expect(await list(viewer)).toEqual([]);
    const first = await call(viewer, "address", "POST", home);
    expect(first.status).toBe(201);
    const added = await first.json();
    expect(validateBody("address", added).ok).toBe(true);
    expect(added).toMatchObject({ countryCode: "BR", postalCode: "01310-100", default: true });
    const second = await (await call(viewer, "address", "POST", work)).json();
    expect(second.default).toBe(false);
    expect((await list(viewer)).map((a) => [a.countryCode, a.default])).toEqual([
      ["BR", true],
      ["PT", false],
    ]);
  });

  it("makes another address the default, keeping exactly one", async () => {
    const viewer = await accountWithSession(platform.store, "liga");
    const a = await (await call(viewer, "address", "POST", home)).json();
    const b = await (await call(viewer, "address", "POST", work)).json();
    const made = await call(viewer, `address/${b.id}`, "PUT", { default: true });
    expect(made.status).toBe(200);
    expect((await list(viewer)).map((x) => [x.id, x.default])).toEqual([
      [b.id, true],
      [a.id, false],
    ]);
    // A change keeps the fields it does not name.
    const moved = await (
      await call(viewer, `address/${a.id}`, "PUT", { postalCode: "20040-002" })
    ).json();
    expect(moved).toMatchObject({ countryCode: "BR", postalCode: "20040-002", city: "São Paulo" });
  });

  it("a removed default hands over to the oldest address left", async () => {
    const viewer = await accountWithSession(platform.store, "liga");
    const a = await (await call(viewer, "address", "POST", home)).json();
    const b = await (await call(viewer, "address", "POST", work)).json();
    expect((await call(viewer, `address/${a.id}`, "DELETE")).status).toBe(204);
    expect(await list(viewer)).toEqual([expect.objectContaining({ id: b.id, default: true })]);
    expect((await call(viewer, `address/${a.id}`, "DELETE")).status).toBe(404);
  });

  it("refuses a country that is none (ZZ) and a postal code that is not printable ASCII, saving nothing", async () => {
    const viewer = await accountWithSession(platform.store, "liga");
    const res = await call(viewer, "address", "POST", { countryCode: "ZZ", postalCode: "São\t1" });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe("INVALID_FIELDS");
    expect(body.details.fields).toEqual([
      { field: "countryCode", message: "Choose the country." },
      {
        field: "postalCode",
        message: "Use only letters, digits, spaces and common punctuation in the postal code.",
      },
    ]);
    expect(await list(viewer)).toEqual([]);
    // Fields the contract does not have are refused before anything is read.
    expect((await call(viewer, "address", "POST", { ...home, street: "x" })).status).toBe(400);
  });

  it("never shows, changes or removes another account's address", async () => {
    const owner = await accountWithSession(platform.store, "liga");
    const other = await accountWithSession(platform.store, "liga");
    const a = await (await call(owner, "address", "POST", home)).json();
    expect((await call(other, `address/${a.id}`, "PUT", { default: true })).status).toBe(404);
    expect((await call(other, `address/${a.id}`, "DELETE")).status).toBe(404);
    expect(await list(other)).toEqual([]);
    expect(await list(owner)).toHaveLength(1);
  });

  it(`keeps at most ${ADDRESS_LIMIT} addresses, however many are added at once`, async () => {
    const viewer = await accountWithSession(platform.store, "liga");
    const answers = await Promise.all(
      Array.from({ length: ADDRESS_LIMIT + 3 }, (_, i) =>
        call(viewer, "address", "POST", { countryCode: "BR", postalCode: `0000${i}` }),
      ),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(ADDRESS_LIMIT);
    expect(statuses.filter((s) => s === 409)).toHaveLength(3);
    const kept = await list(viewer);
    expect(kept).toHaveLength(ADDRESS_LIMIT);
    expect(kept.filter((x) => x.default)).toHaveLength(1);
  });

  it("is for the account's adults only", async () => {
    const child = await accountWithSession(platform.store, "liga", {
      profiles: [{ name: "Kid", type: "CHILD" }],
    });
    expect((await call(child, "address", "POST", home)).status).toBe(403);
    const guest = await platform.api.call("liga", "/api/v2/user/address");
    expect(guest.status).toBe(401);
  });
});

describe("billing details (PUT /api/v2/user/billing-details)", () => {
  it("puts the payer's name and tax number in the details and the address as the default", async () => {
    const viewer = await accountWithSession(platform.store, "liga");
    const res = await call(viewer, "billing-details", "PUT", {
      fullName: " Ana Lima ",
      taxNumber: "123.456.789-09",
      address: home,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ countryCode: "BR", default: true });
    const [user] = await platform.store.db
      .select()
      .from(t.users)
      .where(eq(t.users.id, viewer.user.id));
    expect(user).toMatchObject({ fullName: "Ana Lima", taxNumber: "123.456.789-09" });
    // Again: the default address changes in place, no second one is added.
    await call(viewer, "billing-details", "PUT", { fullName: "Ana Lima", address: work });
    expect((await list(viewer)).map((a) => [a.countryCode, a.default])).toEqual([["PT", true]]);
  });

  it("refuses an empty name or a bad address and changes nothing", async () => {
    const viewer = await accountWithSession(platform.store, "liga", {
      details: { fullName: "Kept Name" },
    });
    const res = await call(viewer, "billing-details", "PUT", {
      fullName: "  ",
      address: { countryCode: "BR", postalCode: "" },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).details.fields.map((f: { field: string }) => f.field)).toEqual([
      "fullName",
      "address.postalCode",
    ]);
    const [user] = await platform.store.db
      .select()
      .from(t.users)
      .where(eq(t.users.id, viewer.user.id));
    expect(user?.fullName).toBe("Kept Name");
    expect(await list(viewer)).toEqual([]);
  });
});
