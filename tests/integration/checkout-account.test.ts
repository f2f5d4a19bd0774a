import type { ActionFunctionArgs } from "@remix-run/node";
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { encodeChallengeInput, solveChallenge } from "../../contract/challenge.ts";
import {
  checkoutAction,
  checkoutLoader,
  type StepOutcome,
} from "../../app/checkout/checkout.server.ts";
import { sessionStorage } from "../../app/session/session.server.ts";
import { createTokenIssuer } from "../../platform/auth/tokens.ts";
import * as t from "../../platform/store/schema.ts";
import { TEST_TOKEN_SECRET, useSeededPlatform } from "../fixtures/platform.ts";
import { sessionCookieFor, WEB_SESSION, webContext } from "../fixtures/web-context.ts";

const platform = useSeededPlatform();
const issuer = createTokenIssuer(TEST_TOKEN_SECRET);
const PASSWORD = "watch-pass-1";
let counter = 0;
const freshEmail = (realm: string) => `checkout-${Date.now()}-${counter++}@${realm}.test`;

/** A request to a realm's `/purchase` with this query, as a form post or a page load. */
function purchaseArgs(
  realm: string,
  search: string,
  { form, cookie }: { form?: Record<string, string>; cookie?: string } = {},
): ActionFunctionArgs & { context: ReturnType<typeof webContext> } {
  return {
    request: new Request(`http://localhost/realm/${realm}/purchase${search}`, {
      method: form ? "POST" : "GET",
      headers: {
        ...(cookie ? { Cookie: cookie } : {}),
        ...(form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    }),
    params: { realm },
    context: webContext(platform.api) as never,
  };
}

/** What an action answered, returned or thrown. */
async function answerOf(pending: Promise<unknown>): Promise<Response | StepOutcome> {
  try {
    return (await pending) as Response | StepOutcome;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** The access token the answer left in the session cookie. */
async function tokenAfter(args: { context: { sessionCookie?: string } }, realm: string) {
  const header = args.context.sessionCookie;
  if (!header) return undefined;
  const session = await sessionStorage(WEB_SESSION, `/realm/${realm}`).getSession(
    header.split(";")[0],
  );
  return session.get("accessToken") as string | undefined;
}

/** Posts a form to the checkout, answering the realm's challenge once as the browser does. */
async function post(realm: string, search: string, form: Record<string, string>, cookie?: string) {
  let args = purchaseArgs(realm, search, { form, cookie });
  let answer = await answerOf(checkoutAction(args));
  if (!(answer instanceof Response) && answer.outcome.status === "challenge") {
    const challenge = answer.outcome.challenge;
    const challengeInput = encodeChallengeInput({
      id: challenge.id,
      secrets: [{ type: "CAPTCHA", value: await solveChallenge(challenge) }],
    });
    args = purchaseArgs(realm, search, { form: { ...form, challengeInput }, cookie });
    answer = await answerOf(checkoutAction(args));
  }
  return { answer, args };
}

const ligaSignup = (email: string, extra: Record<string, string> = {}) => ({
  intent: "signup",
  email,
  password: PASSWORD,
  taxNumber: "123.456.789-09",
  countryCode: "BR",
  partitionId: "brasil",
  ...extra,
});

const arenaSignup = (email: string, extra: Record<string, string> = {}) => ({
  intent: "signup",
  email,
  password: PASSWORD,
  fullName: "Check Out",
  countryCode: "GB",
  "consent:termsAndConditions": "true",
  ...extra,
});

/** A refused form leaves no account signed in (at most the guest session the page started). */
async function expectNoAccountSession(args: { context: { sessionCookie?: string } }) {
  const token = await tokenAfter(args, "liga");
  if (token) expect((await issuer.verifyAccess(token)).gue).toBe(true);
}

async function userOf(realm: string, email: string) {
  const [user] = await platform.store.db
    .select()
    .from(t.users)
    .where(and(eq(t.users.realm, realm), eq(t.users.email, email)));
  return user;
}

describe("the checkout's account step", () => {
  it("liga: creates the account with its region, signs it in and goes on with the plan and voucher", async () => {
    const email = freshEmail("liga");
    const { answer, args } = await post(
      "liga",
      "?licence=LIGA_MENSAL&voucher=WELCOME10&step=1",
      ligaSignup(email),
    );
    expect(answer).toBeInstanceOf(Response);
    const res = answer as Response;
    expect(res.status).toBe(303);
    const next = new URL(res.headers.get("Location")!, "http://localhost");
    expect(next.pathname).toBe("/realm/liga/purchase");
    expect(next.searchParams.get("licence")).toBe("LIGA_MENSAL");
    expect(next.searchParams.get("voucher")).toBe("WELCOME10");
    // Liga asks the account first. It sells one plan (its pass is bought from the final
    // itself, not from the plan list), so there is no plan to choose: on to the payment method.
    expect(next.searchParams.get("step")).toBe("2");
    const token = await tokenAfter(args, "liga");
    expect(token).toBeTruthy();
    const claims = await issuer.verifyAccess(token!);
    expect(claims.prt).toBe("brasil");
    expect((await userOf("liga", email))?.partition).toBe("brasil");

    // Signed in now: the checkout has no account step, and shows the step after it.
    const cookie = await sessionCookieFor("liga", { accessToken: token! });
    const page = (await checkoutLoader(
      purchaseArgs("liga", `${next.search}`, { cookie }),
    )) as unknown as { data: { signedIn: boolean; steps: number[]; step: number } };
    expect(page.data.signedIn).toBe(true);
    expect(page.data.steps).not.toContain(1);
    expect(page.data.step).not.toBe(1);
  });

  it("refuses bad input against its step, keeping what was typed and no session", async () => {
    const taken = freshEmail("liga");
    await post("liga", "?licence=LIGA_MENSAL&step=1", ligaSignup(taken));

    const again = await post("liga", "?licence=LIGA_MENSAL&step=1", ligaSignup(taken));
    expect(again.answer).toMatchObject({
      status: "step",
      step: 1,
      intent: "signup",
      outcome: { status: "error", label: "emailErrorCode", values: { email: taken } },
    });
    await expectNoAccountSession(again.args);

    const weak = await post(
      "liga",
      "?licence=LIGA_MENSAL&step=1",
      ligaSignup(freshEmail("liga"), { password: "abc" }),
    );
    expect(weak.answer).toMatchObject({
      status: "step",
      step: 1,
      outcome: { status: "error", fields: { password: "yourPasswordRules" } },
    });
    expect(JSON.stringify(weak.answer)).not.toContain('abc"');

    const noRegion = await post(
      "liga",
      "?licence=LIGA_MENSAL&step=1",
      ligaSignup(freshEmail("liga"), { partitionId: "atlantis" }),
    );
    expect(noRegion.answer).toMatchObject({
      outcome: { status: "error", fields: { partitionId: "partitionRequired" } },
    });

    const noConsent = await post(
      "arena",
      "?licence=FIGHT_PASS_MONTHLY&step=1",
      arenaSignup(freshEmail("arena"), { "consent:termsAndConditions": "" }),
    );
    expect(noConsent.answer).toMatchObject({
      status: "step",
      step: 1,
      outcome: { status: "error", fields: { termsAndConditions: "requiredField" } },
    });

    const wrongPassword = await post("liga", "?licence=LIGA_MENSAL&step=1", {
      intent: "signin",
      email: taken,
      password: "not-the-password",
    });
    expect(wrongPassword.answer).toMatchObject({
      status: "step",
      intent: "signin",
      outcome: { status: "error", label: "loginError" },
    });
    await expectNoAccountSession(wrongPassword.args);
  });

  it("goes nowhere but this checkout, whatever `from` or `return` say", async () => {
    for (const hostile of [
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "/%09/evil.example",
    ]) {
      const email = freshEmail("liga");
      const { answer } = await post(
        "liga",
        `?licence=LIGA_MENSAL&step=1&return=${encodeURIComponent(hostile)}`,
        ligaSignup(email, { from: hostile }),
      );
      const location = (answer as Response).headers.get("Location")!;
      const target = new URL(location, "http://localhost");
      expect(target.origin, location).toBe("http://localhost");
      expect(target.pathname).toBe("/realm/liga/purchase");
      expect(location).not.toContain("evil");
    }
    // A same-realm return is kept for after the purchase.
    const { answer } = await post(
      "liga",
      "?licence=LIGA_MENSAL&step=1&return=%2Fvideo%2F1",
      ligaSignup(freshEmail("liga")),
    );
    const kept = new URL((answer as Response).headers.get("Location")!, "http://localhost");
    expect(kept.searchParams.get("return")).toBe("/video/1");
  });

  it("signs in to an account the viewer has and goes on at the same place", async () => {
    const email = freshEmail("liga");
    await post("liga", "?licence=LIGA_MENSAL&step=1", ligaSignup(email));
    const { answer, args } = await post("liga", "?licence=LIGA_MENSAL&step=1", {
      intent: "signin",
      email,
      password: PASSWORD,
    });
    const next = new URL((answer as Response).headers.get("Location")!, "http://localhost");
    expect(next.pathname).toBe("/realm/liga/purchase");
    expect(next.searchParams.get("licence")).toBe("LIGA_MENSAL");
    expect(await tokenAfter(args, "liga")).toBeTruthy();
  });

  it("arena (decision 022): an unconfirmed account keeps its session to pay, and watches once confirmed", async () => {
    const email = freshEmail("arena");
    const { answer, args } = await post(
      "arena",
      "?licence=FIGHT_PASS_MONTHLY&step=1",
      arenaSignup(email),
    );
    const next = new URL((answer as Response).headers.get("Location")!, "http://localhost");
    expect(next.pathname).toBe("/realm/arena/purchase");
    expect(next.searchParams.get("step")).toBe("2");
    const token = await tokenAfter(args, "arena");
    expect(token).toBeTruthy();
    expect((await userOf("arena", email))?.status).toBe("PENDING_CONFIRMATION");

    // It may buy: the basket is priced for it.
    const basket = await platform.api.call("arena", "/api/v4/basket?licence=FIGHT_PASS_MONTHLY", {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(basket.status).toBe(200);

    const [video] = await platform.store.db
      .select({ id: t.videos.id })
      .from(t.videos)
      .where(eq(t.videos.realm, "arena"))
      .limit(1);
    const play = () =>
      platform.api.call("arena", `/api/v2/playback/vod/${video!.id}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
    const refused = await play();
    expect(refused.status).toBe(403);
    expect((await refused.json()).code).toBe("EMAIL_NOT_CONFIRMED");

    const [mail] = await platform.store.db
      .select()
      .from(t.outbox)
      .where(and(eq(t.outbox.realm, "arena"), eq(t.outbox.recipient, email)))
      .orderBy(desc(t.outbox.id))
      .limit(1);
    const link = /email-confirmation\?token=([\w-]+)/.exec(mail!.body);
    const verified = await platform.api.call("arena", "/api/v2/confirmation-token/verify", {
      method: "POST",
      body: JSON.stringify({ confirmationToken: link![1] }),
    });
    expect(verified.status).toBe(200);
    // The same session: no longer refused for the address (only, at most, for the licence).
    const after = await play();
    if (after.status !== 200) expect((await after.json()).code).not.toBe("EMAIL_NOT_CONFIRMED");
  });
});

describe("the checkout's PARTITIONS step", () => {
  it("asks a liga account without a region first, saves the choice and renews the session", async () => {
    const email = freshEmail("liga");
    const created = await platform.api.call("liga", "/api/v2/user/pbr", {
      method: "POST",
      body: JSON.stringify({ email, secret: PASSWORD, taxNumber: "123.456.789-09", country: "BR" }),
    });
    expect(created.status).toBe(201);
    const tokens = await created.json();
    const cookie = await sessionCookieFor("liga", {
      accessToken: tokens.authorisationToken,
      refreshToken: tokens.refreshToken,
    });
    const page = (await checkoutLoader(
      purchaseArgs("liga", "?licence=LIGA_MENSAL", { cookie }),
    )) as unknown as { data: { step: number; steps: number[]; partitions: { id: string }[] } };
    expect(page.data.step).toBe(7);
    expect(page.data.steps[0]).toBe(7);
    expect(page.data.partitions.map((p) => p.id)).toEqual(["brasil", "portugal"]);

    const unknown = await post(
      "liga",
      "?licence=LIGA_MENSAL&step=7",
      { intent: "partition", partitionId: "mars" },
      cookie,
    );
    expect(unknown.answer).toMatchObject({
      status: "step",
      step: 7,
      outcome: { status: "error", fields: { partitionId: "partitionRequired" } },
    });
    expect((await userOf("liga", email))?.partition).toBeNull();

    const chosen = await post(
      "liga",
      "?licence=LIGA_MENSAL&step=7",
      { intent: "partition", partitionId: "portugal" },
      cookie,
    );
    const next = new URL((chosen.answer as Response).headers.get("Location")!, "http://localhost");
    expect(next.pathname).toBe("/realm/liga/purchase");
    expect(next.searchParams.get("licence")).toBe("LIGA_MENSAL");
    expect((await userOf("liga", email))?.partition).toBe("portugal");
  });
});
