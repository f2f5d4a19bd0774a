import { expect, type Page } from "@playwright/test";
import { encodeChallengeInput, solveChallenge } from "../../contract/challenge.ts";
import { HEADERS } from "../../contract/headers.ts";
import { DEMO_KEYS } from "../fixtures/secrets.ts";
import type { Card } from "../../contract/generated/card.ts";

export type Realm = keyof typeof DEMO_KEYS;

/** A call to the test server's platform, as a client app makes it (solving a challenge once). */
export async function platformCall(
  baseUrl: string,
  realm: Realm,
  path: string,
  {
    method = "GET",
    token,
    body,
    from,
    headers = {},
  }: {
    method?: string;
    token?: string;
    body?: unknown;
    from?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<Response> {
  const send = (extra: Record<string, string> = {}) =>
    fetch(`${baseUrl}/api${path}`, {
      method,
      headers: {
        Accept: "application/json",
        App: "e2e-tests",
        Realm: realm,
        "X-Api-Key": DEMO_KEYS[realm],
        // One device: starting playback again replaces its own sessions.
        "X-Device-Id": "e2e-history",
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(from ? { "X-Forwarded-For": from } : {}),
        ...headers,
        ...extra,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const res = await send();
  if (res.status !== 428) return res;
  const { challenge } = ((await res.json()) as { details: { challenge: never } }).details;
  return send({
    [HEADERS.challengeInput]: encodeChallengeInput({
      id: (challenge as { id: string }).id,
      secrets: [{ type: "CAPTCHA", value: await solveChallenge(challenge) }],
    }),
  });
}

export interface Account {
  email: string;
  authorisationToken: string;
  refreshToken: string;
}

let viewersSoFar = 0;

/**
 * An address of a viewer of its own (TEST-NET-2), as the test server's proxy would report it:
 * sign-ups are limited per address, and a worker's tests sign up more accounts than one
 * household would in an hour.
 */
export function viewerAddress(): string {
  viewersSoFar += 1;
  return `198.51.100.${(viewersSoFar % 254) + 1}`;
}

/**
 * A new account of this test's own, signed up through the platform as the sign-up page does,
 * from an address of its own, with the realm's terms agreed: the demo accounts stay as other
 * tests expect them. A liga account is in Brazil, as its sign-up page would have asked.
 */
export async function freshAccount(
  baseUrl: string,
  realm: Realm,
  {
    partition = "brasil",
    confirmed = true,
  }: {
    /** Liga's region (its sign-up asks for one); null for an account made without one. */
    partition?: string | null;
    /** Follow the confirmation link of realms that ask (arena): watching waits for it. */
    confirmed?: boolean;
  } = {},
): Promise<Account> {
  const email = `history-${crypto.randomUUID().slice(0, 8)}@${realm}.test`;
  const from = viewerAddress();
  const secret = "watch-pass-1";
  const terms = [{ promptField: "termsAndConditions", answer: true }];
  const res =
    realm === "arena"
      ? await platformCall(baseUrl, realm, "/v2/user", {
          method: "POST",
          body: {
            email,
            secret,
            fullName: "Robin Watcher",
            countryCode: "GB",
            consentAnswers: terms,
          },
          from,
        })
      : await platformCall(baseUrl, realm, "/v2/user/pbr", {
          method: "POST",
          body: {
            email,
            secret,
            taxNumber: "123.456.789-09",
            country: "BR",
            ...(partition ? { partitionData: { partitionId: partition } } : {}),
          },
          from,
        });
  expect(res.status, await res.clone().text()).toBe(201);
  const tokens = (await res.json()) as Account;
  if (realm === "liga") {
    const agreed = await platformCall(baseUrl, realm, "/v2/consent-prompt", {
      method: "PUT",
      token: tokens.authorisationToken,
      body: terms,
    });
    expect(agreed.status).toBe(200);
  }
  if (confirmed) await confirmEmail(baseUrl, realm, email);
  return { ...tokens, email };
}

/** The bodies of the mail the outbox holds for `email`, newest first, read as the realm's admin. */
export async function mailTo(baseUrl: string, realm: Realm, email: string): Promise<string[]> {
  const admin = await platformCall(baseUrl, realm, "/v2/login", {
    method: "POST",
    body: { id: `admin@${realm}.test`, secret: "demo-pass-1" },
  });
  const { authorisationToken } = (await admin.json()) as { authorisationToken: string };
  const res = await platformCall(baseUrl, realm, "/v2/admin/outbox?rpp=50", {
    token: authorisationToken,
  });
  const { hits } = (await res.json()) as { hits: { recipient: string; body: string }[] };
  return hits.filter((hit) => hit.recipient === email).map((hit) => hit.body);
}

/** The confirmation link the outbox holds for `email` (a receipt may have come after it). */
export async function confirmationLink(
  baseUrl: string,
  realm: Realm,
  email: string,
): Promise<URL | undefined> {
  const bodies = await mailTo(baseUrl, realm, email);
  const link = /https?:\/\/\S+\/email-confirmation\?token=[\w-]+/.exec(bodies.join("\n"))?.[0];
  return link ? new URL(link) : undefined;
}

/** The token of the confirmation link the outbox holds for `email`. */
export async function confirmationToken(
  baseUrl: string,
  realm: Realm,
  email: string,
): Promise<string | undefined> {
  return (await confirmationLink(baseUrl, realm, email))?.searchParams.get("token") ?? undefined;
}

/** Confirms a new account's e-mail with its link, as its owner would (realms that ask). */
export async function confirmEmail(baseUrl: string, realm: Realm, email: string) {
  const token = await confirmationToken(baseUrl, realm, email);
  if (!token) return;
  const confirmed = await platformCall(baseUrl, realm, "/v2/confirmation-token/verify", {
    method: "POST",
    body: { confirmationToken: token },
  });
  expect(confirmed.ok, await confirmed.clone().text()).toBe(true);
}

/**
 * Plays `what` ("vod/12", "live/3") as a player does: asks for the stream, reports `position`
 * in a heartbeat, then closes. False when the account may not play it (licence, no stream).
 */
export async function watch(
  baseUrl: string,
  realm: Realm,
  token: string,
  what: string,
  position: number,
): Promise<boolean> {
  const start = await platformCall(baseUrl, realm, `/v2/playback/${what}`, { token });
  if (start.status === 403 || start.status === 404) return false;
  expect(start.status, what).toBe(200);
  const { sessionId } = (await start.json()) as { sessionId: string };
  const beat = await platformCall(baseUrl, realm, "/v2/playback/heartbeat", {
    method: "POST",
    token,
    body: { sessionId, position },
  });
  expect(beat.status).toBe(204);
  const end = await platformCall(baseUrl, realm, `/v2/playback/session/${sessionId}`, {
    method: "DELETE",
    token,
  });
  expect(end.status).toBe(204);
  return true;
}

/** Cards of a platform list (`/v2/vods`, `/v2/events?status=PAST`...). */
export async function cards(baseUrl: string, realm: Realm, path: string): Promise<Card[]> {
  const res = await platformCall(baseUrl, realm, path);
  expect(res.status).toBe(200);
  return ((await res.json()) as { hits: Card[] }).hits;
}

/**
 * Watches the first of `candidates` the account may play to `fraction` of its length, and
 * gives its card (the demo realms keep a few items behind a licence a new account lacks).
 */
export async function watchFirstPlayable(
  baseUrl: string,
  realm: Realm,
  token: string,
  candidates: Card[],
  fraction: number,
): Promise<Card> {
  for (const card of candidates) {
    const kind = card.type === "VOD_VIDEO" ? "vod" : "live";
    const length =
      card.duration ?? (Date.parse(card.endDate!) - Date.parse(card.startDate!)) / 1000;
    if (await watch(baseUrl, realm, token, `${kind}/${card.id}`, Math.round(length * fraction))) {
      return card;
    }
  }
  throw new Error("nothing here could be played");
}

/** Buys a licence by card through the platform, as the checkout's last step does. */
export async function buyByCard(baseUrl: string, realm: Realm, token: string, licence: string) {
  const res = await platformCall(baseUrl, realm, "/v4/basket/pay", {
    method: "POST",
    token,
    body: {
      licence,
      country: realm === "arena" ? "DE" : "BR",
      provider: "Cardstream",
      idempotencyKey: crypto.randomUUID(),
      card: { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123", holder: "Robin" },
      returnUrl: `/realm/${realm}/payment/authorization?return=%2Fhome`,
    },
  });
  expect(res.ok, await res.clone().text()).toBe(true);
  expect(((await res.json()) as { status: string }).status).toBe("COMPLETED");
}

/** Fills the card step and pays. */
export async function payByCard(page: Page, number: string, options: { trial?: boolean } = {}) {
  await page.getByLabel("Name on card").fill("Robin Watcher");
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry date").fill("12/34");
  await page.getByLabel("Security code (CVC)").fill("123");
  if (options.trial) await page.getByRole("checkbox", { name: /unless I cancel/ }).check();
  await page.getByRole("button", { name: /^(Pay |Start subscription)/ }).click();
}
