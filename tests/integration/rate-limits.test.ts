import { and, eq, inArray, isNotNull, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { hashPassword } from "../../platform/auth/passwords.ts";
import { encodeChallengeInput, solveChallenge, type Challenge } from "../../contract/challenge.ts";
import { HEADERS } from "../../contract/headers.ts";
import { issueChallenge } from "../../platform/identity/challenge.ts";
import { digest } from "../../platform/identity/secrets.ts";
import { DEMO_PASSWORD } from "../../platform/seed/demo-accounts.ts";
import { DEMO_CLIENT_ID, demoRedirectUris } from "../../platform/seed/demo-oauth-clients.ts";
import * as t from "../../platform/store/schema.ts";
import { useServedPlatform } from "../fixtures/served-platform.ts";

// Over a real socket, so that the guesses really overlap as an attacker's would.
const platform = useServedPlatform();

/** Per-account limit of sign-in failures, and per-address limit (platform/api/identity/shared.ts). */
const ACCOUNT_LIMIT = 5;
const ADDRESS_LIMIT = 30;

let addresses = 0;
/** A documentation address (RFC 3849) of its own, so only the limit under test applies. */
const freshAddress = () => `2001:db8::${(++addresses).toString(16)}`;

async function accountWithPassword(email: string, realm: "arena" | "liga" = "liga") {
  await platform.store.db.insert(t.users).values({
    realm,
    email,
    role: "CUSTOMER",
    status: "ACTIVE",
    passwordHash: await hashPassword(DEMO_PASSWORD),
  });
}

const signIn = (
  id: string,
  secret: string,
  address = freshAddress(),
  realm: "arena" | "liga" = "liga",
  headers: Record<string, string> = {},
) =>
  platform.call(realm, "/api/v2/login", {
    method: "POST",
    body: JSON.stringify({ id, secret }),
    address,
    headers,
  });

/**
 * Waits until each attempt is under way: answered already, or its challenge used up (which
 * happens just before its password is checked).
 */
async function waitUntilUnderWay(
  attempts: { challenge: Challenge; response: Promise<Response> }[],
) {
  const answered = new Set<Challenge>();
  for (const { challenge, response } of attempts) {
    const settled = () => answered.add(challenge);
    void response.then(settled, settled);
  }
  for (;;) {
    const used = await platform.store.db
      .select({ hash: t.oneTimeTokens.tokenHash })
      .from(t.oneTimeTokens)
      .where(
        and(
          inArray(
            t.oneTimeTokens.tokenHash,
            attempts.map(({ challenge }) => digest(challenge.id)),
          ),
          isNotNull(t.oneTimeTokens.usedAt),
        ),
      );
    const usedHashes = new Set(used.map((row) => row.hash));
    if (
      attempts.every(
        ({ challenge }) => answered.has(challenge) || usedHashes.has(digest(challenge.id)),
      )
    ) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const authorize = (id: string, secret: string) =>
  platform.call("liga", "/api/v4/oauth2-auth/code", {
    method: "POST",
    address: freshAddress(),
    body: JSON.stringify({
      response_type: "code",
      client_id: DEMO_CLIENT_ID,
      redirect_uri: demoRedirectUris()[0],
      code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      code_challenge_method: "S256",
      credentials: { id, secret },
    }),
  });

/** How many answers had each status: 404 is a checked wrong password, 429 a refused guess. */
async function tally(responses: Promise<Response>[]) {
  const counts: Record<number, number> = {};
  for (const res of await Promise.all(responses)) {
    counts[res.status] = (counts[res.status] ?? 0) + 1;
    await res.body?.cancel();
  }
  return counts;
}

// Dozens of password checks at once take a while on a busy machine.
describe("sign-in limits hold against parallel guesses", { timeout: 120_000 }, () => {
  it.each([
    ["sign-in", signIn],
    ["OAuth sign-in", authorize],
  ] as const)(
    "%s: of 40 parallel wrong passwords for one account, only the limit's worth are checked",
    async (_, guess) => {
      const email = `parallel-${crypto.randomUUID().slice(0, 8)}@liga.test`;
      await accountWithPassword(email);
      const counts = await tally(Array.from({ length: 40 }, (_, i) => guess(email, `guess-${i}`)));
      expect(counts).toEqual({ 404: ACCOUNT_LIMIT, 429: 40 - ACCOUNT_LIMIT });
    },
  );

  it("the right password sent while 29 wrong ones are checked does not sign in: the limit is used up", async () => {
    const email = "hidden-right@arena.test";
    await accountWithPassword(email, "arena");
    // Arena asks each attempt to solve a challenge, which the attempt uses up before its
    // password is checked: the store then shows when every wrong guess is under way.
    const challenges = await Promise.all(
      Array.from({ length: 30 }, () => issueChallenge(platform.store.db, "arena")),
    );
    const attempt = async (secret: string, challenge: Challenge) =>
      signIn(email, secret, freshAddress(), "arena", {
        [HEADERS.challengeInput]: encodeChallengeInput({
          id: challenge.id,
          secrets: [{ type: "CAPTCHA", value: await solveChallenge(challenge) }],
        }),
      });
    const wrong = challenges
      .slice(0, 29)
      .map((challenge, i) => ({ challenge, response: attempt(`guess-${i}`, challenge) }));
    await waitUntilUnderWay(wrong);
    const right = attempt(DEMO_PASSWORD, challenges[29]!);
    expect(await tally([...wrong.map(({ response }) => response), right])).toEqual({
      404: ACCOUNT_LIMIT,
      429: 30 - ACCOUNT_LIMIT,
    });
    expect((await right).status).toBe(429);
  });

  it("40 parallel guesses at 40 accounts from one address: only the address's limit are checked, successes do not use it up", async () => {
    const address = "192.0.2.44";
    // A venue's viewers behind one address sign in fine: successes are not held against it.
    for (let i = 0; i < 3; i++) {
      expect((await signIn("fan@liga.test", DEMO_PASSWORD, address)).status).toBe(200);
    }
    const counts = await tally(
      Array.from({ length: 40 }, (_, i) => signIn(`someone-${i}@liga.test`, "guess", address)),
    );
    expect(counts).toEqual({ 404: ADDRESS_LIMIT, 429: 40 - ADDRESS_LIMIT });
  });
});

describe("ended counters", () => {
  const dayAgo = () => new Date(Date.now() - 25 * 3600_000);
  const keysLike = async (prefix: string) =>
    (
      await platform.store.db
        .select({ key: t.rateLimits.key })
        .from(t.rateLimits)
        .where(like(t.rateLimits.key, `${prefix}%`))
    ).map((row) => row.key);
  /** As if counters were last dropped more than a minute ago. */
  const purgeDue = () =>
    platform.store.db
      .update(t.rateLimits)
      .set({ windowStartedAt: dayAgo() })
      .where(eq(t.rateLimits.key, "purge:rate-limits"));

  it("are dropped as attempts are counted, a bounded batch at a time, live ones kept", async () => {
    await platform.store.db.insert(t.rateLimits).values([
      ...Array.from({ length: 2500 }, (_, i) => ({
        key: `login:address:liga:ended-${i}`,
        windowStartedAt: dayAgo(),
        count: 3,
      })),
      { key: "login:address:liga:live", windowStartedAt: new Date(), count: 3 },
    ]);
    await purgeDue();
    // A sign-in counts twice (address and account): a batch of 1000 each time. A full batch
    // means more may wait, so the next count goes on at once.
    expect((await signIn("nobody@liga.test", "guess")).status).toBe(404);
    expect(await keysLike("login:address:liga:ended-")).toHaveLength(500);
    expect((await signIn("nobody@liga.test", "guess")).status).toBe(404);
    expect(await keysLike("login:address:liga:ended-")).toEqual([]);
    expect(await keysLike("login:address:liga:live")).toEqual(["login:address:liga:live"]);
    // Done: the next minute's counts leave the store alone.
    await platform.store.db
      .insert(t.rateLimits)
      .values({ key: "login:address:liga:ended-late", windowStartedAt: dayAgo(), count: 1 });
    expect((await signIn("nobody@liga.test", "guess")).status).toBe(404);
    expect(await keysLike("login:address:liga:ended-")).toEqual(["login:address:liga:ended-late"]);
  });
});
