import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { validateBody } from "../../contract/validator.ts";
import * as t from "../../platform/store/schema.ts";
import { accountWithSession } from "../fixtures/accounts.ts";
import { useSeededPlatform } from "../fixtures/platform.ts";

const platform = useSeededPlatform();

type Realm = "arena" | "liga";
const PASS = { arena: "AFC_FIGHT_NIGHT_89_PPV", liga: "LIGA_FINAL_PASS" } as const;
const COUNTRY = { arena: "DE", liga: "BR" } as const;

async function idOf(table: typeof t.videos | typeof t.events, realm: Realm, key: string) {
  const [row] = await platform.store.db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.realm, realm), eq(table.externalKey, key)));
  return row!.id;
}

async function call(realm: Realm, auth: Record<string, string>, path: string, body?: unknown) {
  const res = await platform.api.call(realm, path, {
    method: body === undefined ? "GET" : "POST",
    headers: auth,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: await res.json() };
}

/** A fresh account of `realm` that paid for the realm's pass with a card that is accepted. */
async function passHolder(realm: Realm) {
  const { auth } = await accountWithSession(platform.store, realm);
  const order = await call(realm, auth, "/api/v4/basket/pay", {
    licence: PASS[realm],
    country: COUNTRY[realm],
    provider: "Cardstream",
    idempotencyKey: `key-${crypto.randomUUID()}`,
    card: { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123", holder: "Ana Lima" },
    returnUrl: `/realm/${realm}/payment/authorization`,
  });
  expect(order.status).toBe(201);
  expect(validateBody("order", order.body).issues).toEqual([]);
  return { auth, order: order.body };
}

const play = async (realm: Realm, auth: Record<string, string>, what: string) => {
  const res = await call(realm, auth, `/api/v2/playback/${what}`);
  return { status: res.status, code: res.body.code as string | undefined };
};

describe("pay-per-view", () => {
  it("arena's Fight Night 89 pass plays that event and nothing else that needs a licence", async () => {
    const fightNight = await idOf(t.events, "arena", "afc-fight-night-89-main-card");
    const replay = await idOf(t.videos, "arena", "replay-afc-208-main-card");
    const stranger = await accountWithSession(platform.store, "arena");
    expect(await play("arena", stranger.auth, `live/${fightNight}`)).toEqual({
      status: 403,
      code: "NOT_LICENSED",
    });

    const { auth, order } = await passHolder("arena");
    expect(order).toMatchObject({
      status: "COMPLETED",
      licenceId: "AFC_FIGHT_NIGHT_89_PPV",
      entitlements: [{ licence: "AFC_FIGHT_NIGHT_89_PPV", endsAt: null }],
    });
    // The order, and so the payment history and invoice, name the event bought.
    expect(order.basket.basketItems[0].name).toBe("AFC Fight Night 89: Yıldırım vs. Marchetti");
    // Its line lists what the pass opens, by id and title, in the basket and so in the order.
    const opens = [
      { type: "EVENT", id: fightNight, title: expect.stringContaining("Fight Night 89") },
    ];
    expect(order.basket.basketItems[0].content).toEqual(opens);
    const priced = await call(
      "arena",
      auth,
      `/api/v4/basket?licence=${PASS.arena}&country=${COUNTRY.arena}`,
    );
    expect(priced.body.basketItems[0].content).toEqual(opens);
    expect((await play("arena", auth, `live/${fightNight}`)).status).toBe(200);
    expect(await play("arena", auth, `vod/${replay}`)).toEqual({
      status: 403,
      code: "NOT_LICENSED",
    });
  });

  it("liga's final pass opens the final, not the realm's other licensed content; a subscription opens both", async () => {
    const final = await idOf(t.events, "liga", "copa-final-estadio-nacional");
    const [video] = await platform.store.db
      .select({ id: t.videos.id })
      .from(t.videos)
      .where(and(eq(t.videos.realm, "liga"), eq(t.videos.licence, "ALL_ACCESS")))
      .limit(1);
    const { auth, order } = await passHolder("liga");
    expect(order.entitlements).toEqual([
      expect.objectContaining({ licence: "LIGA_FINAL_PASS", endsAt: null }),
    ]);
    // Licensed: the final is only not on yet.
    expect(await play("liga", auth, `live/${final}`)).toEqual({ status: 409, code: "NOT_STARTED" });
    expect((await play("liga", auth, `vod/${video!.id}`)).code).toBe("NOT_LICENSED");

    const without = await accountWithSession(platform.store, "liga");
    expect(await play("liga", without.auth, `live/${final}`)).toEqual({
      status: 403,
      code: "NOT_LICENSED",
    });
    const subscriber = await accountWithSession(platform.store, "liga");
    await platform.store.db
      .insert(t.entitlements)
      .values({ userId: subscriber.user.id, licence: "ALL_ACCESS" });
    expect((await play("liga", subscriber.auth, `live/${final}`)).code).toBe("NOT_STARTED");
    expect((await play("liga", subscriber.auth, `vod/${video!.id}`)).status).toBe(200);
  });

  it("a pass opens nothing of another realm: its event ids are not there", async () => {
    const arenaEvent = await idOf(t.events, "arena", "afc-fight-night-89-main-card");
    const ligaFinal = await idOf(t.events, "liga", "copa-final-estadio-nacional");
    const liga = await passHolder("liga");
    expect((await play("liga", liga.auth, `live/${arenaEvent}`)).status).toBe(404);
    const arena = await passHolder("arena");
    expect((await play("arena", arena.auth, `live/${ligaFinal}`)).status).toBe(404);
  });

  it("init's licences name what each pass opens, by id and title; details name the licence needed", async () => {
    const final = await idOf(t.events, "liga", "copa-final-estadio-nacional");
    const init = await call("liga", {}, "/api/v1/init?readLicences=true");
    const pass = init.body.licences.find((l: { id: string }) => l.id === "LIGA_FINAL_PASS");
    expect(validateBody("licence", pass).issues).toEqual([]);
    expect(pass.content).toEqual([
      {
        type: "EVENT",
        key: "copa-final-estadio-nacional",
        id: final,
        title: "Copa Nacional: Final",
      },
    ]);
    expect(pass.grants).toBeUndefined();
    const detail = await call("liga", {}, `/api/v2/event/${final}`);
    expect(detail.body).toMatchObject({ id: final, licence: "ALL_ACCESS" });
    expect(validateBody("watchItem", detail.body).issues).toEqual([]);
  });
});
